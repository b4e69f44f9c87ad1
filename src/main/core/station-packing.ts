import { hostname, userInfo } from 'node:os';
import type { Order } from '../../shared/api/schemas.ts';
import type { CatalogueLanguage } from '../../shared/i18n/translate.ts';
import { BOLT_PACK_FIXTURES, PACK_FIXTURES } from '../../sandbox/index.ts';
import type { ApiClient } from '../api/client.ts';
import type { ProductNames } from '../api/product-names.ts';
import type { DocumentFonts } from '../documents/fonts.ts';
import type { Outbox } from '../outbox/outbox.ts';
import { exportPack } from '../pack/pack-export.ts';
import { Packing } from '../pack/packing.ts';
import type { PackServiceOptions } from '../pack/pack-options.ts';
import { PackWiring } from '../pack/pack-wiring.ts';
import type { PackRow } from '../pack/pack-store.ts';
import { PackDocumentsStore } from '../paperwork/pack-documents-store.ts';
import { Paperwork, type PaperFile } from '../paperwork/paperwork.ts';
import type { Clock } from '../platform/clock.ts';
import type { Imposed } from '../platform/policy-lock.ts';
import type { PackSettings } from '../../shared/pack/types.ts';
import { systemIds } from '../platform/clock.ts';
import { nodeFs } from '../platform/station-fs.ts';
import type { Printing } from '../print-queue/printing.ts';
import type { ScaleStation } from '../scale/scale-station.ts';
import { makeSlip, makeTestPage } from './station-slip.ts';
import type { StationCoreOptions } from './station-options.ts';
import type { StationWork } from './station-work.ts';

// The pack and its papers as the core composes them (issues #27, #30): what a pack reads through
// the active client, what its finish sets going (the packed status, the label, the slip and the
// invoice), kept out of station-core so the composition stays one screen per concern.

export interface StationPackingDeps {
  options: StationCoreOptions;
  /** What the machine's policy sets for packing (issue #31). */
  imposed: Imposed<PackSettings> | null;
  clock: Clock;
  outbox: Outbox;
  work: StationWork;
  printing: Printing;
  productNames: ProductNames;
  activeProfile: () => { id: string; environment: string };
  api: () => Promise<ApiClient>;
  /** Built after packing (a finish reads it lazily). */
  scale: () => ScaleStation;
  /** The window's language: the slip speaks it. */
  language: () => CatalogueLanguage;
  /** A pack finished (or finished short): its record may go to the fleet's records. */
  finished?: () => void;
  /** Why a pack may not finish yet (the camera, issue #41); read at each finish. */
  finishGate?: PackServiceOptions['finishGate'];
}

export interface StationPacking {
  wiring: PackWiring;
  packing: Packing;
  paperwork: Paperwork;
}

export function createStationPacking(d: StationPackingDeps): StationPacking {
  const { options, clock } = d;
  const account = options.printing?.user ?? (() => userInfo().username);
  const wiring = new PackWiring({
    clock,
    profileId: () => d.activeProfile().id,
    api: () => d.api(),
    productNames: d.productNames,
    orderFiles: (orderId) => d.work.orderFiles(orderId),
    labelFile: (jobId) => d.work.labelFile(jobId),
    print: (label) => d.printing.print(label),
  });
  // Declared before the pack service that calls it; built just after.
  let paperwork: Paperwork | null = null;
  const packing = new Packing({
    dataDir: options.dataDir,
    db: d.outbox.database,
    clock,
    fs: options.fs ?? nodeFs,
    newId: options.newId ?? systemIds,
    station: () => hostname(),
    account,
    profileId: () => d.activeProfile().id,
    source: () => wiring.source(),
    knownProducts: () => d.productNames.known(d.activeProfile().id),
    // The sandbox's case codes work out of the box there, and only there.
    builtInAliases: () =>
      d.activeProfile().environment === 'sandbox'
        ? [PACK_FIXTURES.caseAlias, BOLT_PACK_FIXTURES.caseAlias]
        : [],
    markPacked: (orderId) =>
      d.work.submit({
        kind: 'order.update',
        payload: { order: { id: orderId, status: 'packed' } },
        sentBy: 'station',
      }).job.id,
    printLabel: (orderId) => wiring.printOrderLabel(orderId),
    askDocuments: (packId, documents) => paperwork?.ask(packId, documents),
    printDocuments: (packId, orderId, documents) => paperwork?.finish(packId, orderId, documents),
    documentsOf: (packId) => paperwork?.documentsOf(packId) ?? [],
    scale: {
      now: () => {
        const scale = d.scale();
        const view = scale.view();
        if (view.state === 'off') return null;
        return {
          settings: scale.settings(),
          stable: scale.monitor.stableReading(),
          needsZero: view.needsZero,
        };
      },
      taken: () => d.scale().monitor.taken(),
    },
    record: (entry) => {
      d.outbox.audit.record({ ...entry, profileId: d.activeProfile().id });
      if (entry.event === 'pack.finished') d.finished?.();
    },
    imposed: d.imposed,
    ...(d.finishGate ? { finishGate: d.finishGate } : {}),
  });
  const fonts = options.documentFonts ?? noFonts;
  paperwork = new Paperwork({
    store: new PackDocumentsStore(d.outbox.database),
    slip: async ({ orderId, packId, language }) => {
      const profileId = d.activeProfile().id;
      const pack = packFor(packing, profileId, orderId, packId);
      const order = pack?.snapshot.order.full ?? (await (await d.api()).getOrder(orderId));
      return makeSlip({
        order,
        products: pack ? namesOf(pack) : await namesFor(d, profileId, order),
        pack: pack ? exportPack(packing.store, pack.id) : null,
        language,
        paper: d.printing.documentPrinter.get().paper,
        station: pack?.station ?? hostname(),
        packer: pack?.account ?? account(),
        at: clock.now(),
        fonts: await fonts(),
      });
    },
    invoice: (orderId): PaperFile | null => d.work.invoiceFile(orderId),
    invoiceForgotten: (orderId) => d.work.invoiceForgotten(orderId),
    language: d.language,
    print: (request) => d.printing.printDocument(request),
    job: (id) => d.printing.queue.job(id),
    retryJob: (id, force) => d.printing.retry(id, force),
    orderOf: (packId) => packing.store.get(packId)?.orderId ?? null,
    testPage: async (target, paper) =>
      makeTestPage({
        queue: target ?? d.printing.documentPrinter.get().target ?? '',
        language: d.language(),
        paper: paper ?? d.printing.documentPrinter.get().paper,
        station: hostname(),
        at: clock.now(),
        fonts: await fonts(),
      }),
    printNowDirect: (file, target, paper) => d.printing.printDocumentNow(file, target, paper),
  });
  return { wiring, packing, paperwork };
}

/**
 * Without fonts given, no slip: the app passes its bundled copies, tests and the bench the
 * packages' (documents/package-fonts.ts). Not imported here on purpose: the app's bundle must
 * not carry a loader that reads dev packages it does not have.
 */
async function noFonts(): Promise<DocumentFonts> {
  throw new Error('No fonts were given to this station for its packing slips.');
}

/** The pack a slip tells of: the one named, else the order's newest finished pack here. */
function packFor(
  packing: Packing,
  profileId: string,
  orderId: string,
  packId: string | null,
): PackRow | null {
  if (packId) return packing.store.get(packId);
  const finished = packing.store
    .select({ profileId, orderId })
    .filter((pack) => pack.status !== 'open');
  return finished.at(-1) ?? null;
}

/**
 * An order never packed here has no pack to name its lines: the names come through the same
 * cache as the card's (already there when the card showed them); a name not found is printed
 * as not known rather than holding the slip back.
 */
async function namesFor(
  d: StationPackingDeps,
  profileId: string,
  order: Order,
): Promise<Record<string, string>> {
  try {
    const names = await d.productNames.names(
      profileId,
      await d.api(),
      order.items.map((item) => item.sku),
    );
    return Object.fromEntries(
      Object.entries(names).flatMap(([sku, name]) => (name ? [[sku, name]] : [])),
    );
  } catch {
    return {};
  }
}

const namesOf = (pack: PackRow): Record<string, string> =>
  Object.fromEntries(
    Object.entries(pack.snapshot.products).flatMap(([sku, product]) =>
      product?.name ? [[sku, product.name]] : [],
    ),
  );
