// The bench a soaked station stands at: the real core on the shift's clock, with the system
// keychain (the private keyring the soak runs in), its outbox in SQLite, its embedded sandbox
// (also on the shift's clock), the budget shared through a private redis-server, the Zebra
// emulator as the label printer, a private cupsd's document queue for the papers, the NCI
// scale emulator, and an update folder on loopback that the station checks. Everything started
// here is ended by close(), each process by its own handle.
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { IpcEventLike } from '../../src/main/ipc-manager.ts';
import { createStationCore, type StationCore } from '../../src/main/core/station-core.ts';
import { loadFontsFromPackages } from '../../src/main/documents/package-fonts.ts';
import { NativeKeychain } from '../../src/main/platform/keychain.ts';
import { stationJournal } from '../../src/main/records/journal.ts';
import type { StationUpdater } from '../../src/main/updates/updater.ts';
import { DEFAULT_PACK_SETTINGS } from '../../src/shared/pack/types.ts';
import { DEFAULT_SCALE_SETTINGS } from '../../src/shared/scale/settings.ts';
import { SERIAL_DEFAULTS } from '../../src/shared/scale/types.ts';
import { useTestProfile } from '../../test/outbox/helpers.ts';
import type { TestStation } from '../../test/records/stations.ts';
import { standInForRequire, stand } from '../../test/support/electron-stand-in.ts';
import { PrivateCupsd, type DocumentQueue } from '../../test/support/private-cupsd.ts';
import { PrivateRedis } from '../../test/support/private-redis.ts';
import { ScaleEmulator } from '../../test/support/scale-emulator.ts';
import { invoker, registerTestHandlers } from '../../test/support/test-handlers.ts';
import { until } from '../../test/support/until.ts';
import { ZebraEmulator } from '../../test/support/zebra-emulator.ts';
import { SandboxChild, type SandboxProcess } from './sandbox-process.ts';
import { ShiftClock } from './shift-clock.ts';

/** The box's tare on the scale, in grams. */
export const TARE_GRAMS = 150;

/**
 * Redis counts its window in its own real time while a simulated minute lasts a second or two,
 * so the shared ceiling is 3,000 per real minute (100 per simulated minute at ×30). The sandbox,
 * on the shift's clock, keeps the service's 100 per simulated minute and judges: its 429s are
 * counted in the results.
 */
const SHARED_LIMIT_PER_REAL_MINUTE = 3_000;

/** How often the station asks the update folder (the app's default is every 4 hours). */
export const UPDATE_CHECK_EVERY_MS = 30 * 60_000;

export interface SoakRig {
  clock: ShiftClock;
  station: TestStation;
  core: StationCore;
  profileId: string;
  dataDir: string;
  redis: PrivateRedis;
  zebra: ZebraEmulator;
  scale: ScaleEmulator;
  papers: DocumentQueue;
  updater: StationUpdater;
  /** Requests the update folder answered. */
  updateRequests: () => number;
  /** The sandbox's own count of what it accepted and refused (429) for the company. */
  traffic: () => Promise<{ accepted: number; rateLimited: number }>;
  close: () => Promise<void>;
}

/** An update folder offering the version the station already runs: each check finds nothing. */
async function updateFolder(): Promise<{ server: Server; url: string; requests: () => number }> {
  let requests = 0;
  const yml = ['version: 0.0.0-test', 'files: []', "releaseDate: '2026-01-05T08:00:00.000Z'"];
  const server = createServer((request, response) => {
    requests += 1;
    if (request.url?.endsWith('-linux.yml')) response.end(yml.join('\n'));
    else response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { server, url: `http://127.0.0.1:${port}/updates/`, requests: () => requests };
}

async function startUpdater(
  clock: ShiftClock,
  scratch: string,
  url: string,
): Promise<StationUpdater> {
  // electron-updater requires `electron`: the tests' stand-in, with Node's http underneath.
  stand.dataDir = join(scratch, 'electron');
  stand.packaged = true;
  stand.ready();
  process.env['XDG_CACHE_HOME'] = join(scratch, 'cache');
  standInForRequire();
  const { default: electronUpdater } = await import('electron-updater');
  const { electronUpdateEngine } = await import('../../src/main/updates/engine.ts');
  const { StationUpdater } = await import('../../src/main/updates/updater.ts');
  const updater = new StationUpdater({
    engine: electronUpdateEngine(new electronUpdater.DebUpdater()),
    settings: { url, channel: 'latest', hours: null, publicKeys: [] },
    stationId: '6f1c2d3e-4a5b-4c6d-8e7f-000000000000',
    clock,
    // Installing is never reached (nothing newer is offered); what the station does is moot.
    work: () => ({ packOpen: false, sending: false, printing: false }),
    firstCheckMs: 60_000,
    checkEveryMs: UPDATE_CHECK_EVERY_MS,
  });
  updater.start();
  return updater;
}

export async function startRig(): Promise<SoakRig> {
  const scratch = mkdtempSync(join(tmpdir(), 'packbench-soak-'));
  const dataDir = join(scratch, 'station');
  const clock = new ShiftClock();
  const stops: (() => Promise<void> | void)[] = [() => rmSync(scratch, { recursive: true })];
  const close = async () => {
    for (const stop of stops.reverse()) await stop();
  };
  try {
    const redis = await PrivateRedis.start();
    stops.push(() => redis.stop());
    const zebra = await ZebraEmulator.start();
    stops.push(() => zebra.close());
    const scale = await ScaleEmulator.start({ protocol: 'nci' });
    scale.show({ kind: 'zero', value: '0.000', unit: 'kg' });
    stops.push(() => scale.stop());
    const cupsd = await PrivateCupsd.start();
    stops.push(() => cupsd.stop());
    const papers = await cupsd.addDocumentQueue('Office');
    const folder = await updateFolder();
    stops.push(() => new Promise<void>((resolve) => folder.server.close(() => resolve())));

    // The service runs in a process of its own (sandbox-process.ts): the station is measured alone.
    const sandboxChild = SandboxChild.spawn(clock);
    stops.push(() => sandboxChild.close());
    let sandbox: SandboxProcess | null = null;
    const core = await createStationCore({
      dataDir,
      keychain: new NativeKeychain(),
      clock,
      health: { intervalMs: 60_000 },
      printing: { env: cupsd.env },
      documentFonts: loadFontsFromPackages,
      sharedBudget: { limit: SHARED_LIMIT_PER_REAL_MINUTE, windowMs: 60_000 },
      startEmbeddedSandbox: async (options) => (sandbox = await sandboxChild.start(options)),
    });
    stops.push(() => core.close());
    const registered = new Map<string, (event: IpcEventLike, ...args: unknown[]) => unknown>();
    registerTestHandlers({ core, registered, isTrustedSender: () => true });

    // Set up as a warehouse would: the station joins Redis, then works on a profile of its own
    // (a key in the keychain) against the sandbox, so its budget is the shared one.
    await core.saveCoordination({ url: redis.url, ca: null });
    const sandboxUrl = core.status().profile.baseUrl;
    if (!sandboxUrl) throw new Error('the embedded sandbox did not start');
    const profile = await useTestProfile(core, sandboxUrl, 'sbx-demo-acme', 'Soak');
    await core.printing.saveSettings({ target: zebra.target, dpmm: 8, autoPrint: false });
    await core.printing.saveDocumentPrinter({ target: 'cups:Office', paper: 'a4' });
    await core.packing.saveSettings({
      ...DEFAULT_PACK_SETTINGS,
      markPacked: true,
      printLabel: true,
      printSlip: true,
      printInvoice: true,
    });
    await core.scale.save({
      ...DEFAULT_SCALE_SETTINGS,
      device: `serial:${scale.path}`,
      protocol: 'nci',
      serial: SERIAL_DEFAULTS.nci,
      boxes: [{ name: 'M', tareGrams: TARE_GRAMS }],
      defaultBox: 'M',
      tolerance: { grams: 20, percent: 2 },
    });
    await until(() => core.scale.view().state === 'reading', 'the scale read', 15_000);
    const updater = await startUpdater(clock, scratch, folder.url);
    stops.push(() => updater.stop());

    const station: TestStation = {
      core,
      dir: { path: dataDir, remove: () => undefined },
      journal: stationJournal(core.outbox.database),
      call: invoker(registered).unwrap,
      replicator: null,
      log: null,
    };
    return {
      clock,
      station,
      core,
      profileId: profile.id,
      dataDir,
      redis,
      zebra,
      scale,
      papers,
      updater,
      updateRequests: folder.requests,
      traffic: async () => (await sandbox?.traffic('acme')) ?? { accepted: 0, rateLimited: 0 },
      close,
    };
  } catch (error) {
    await close().catch(() => undefined);
    throw error;
  }
}
