import { normaliseGtin } from '../../shared/scan/gtin.ts';
import type { PackOverride, PackWeighing, ShortReason } from '../../shared/pack/types.ts';
import { unitsOf, type PackEvent, type PackRow } from '../pack/pack-store.ts';

// One finished pack as the fleet keeps it: what the station's journal holds (the pack row, its
// events, the order as it was when the pack opened), flattened into the facts a recall and the
// supervisor's view read. Built the same way for PostgreSQL and for one station's own records,
// so both answer a recall alike.

export interface FleetUnit {
  seq: number;
  at: number;
  sku: string;
  /** The product's GTIN-14 (from its barcode as the service gave it), or null. */
  gtin: string | null;
  quantity: number;
  code: string;
  identifiedBy: string;
  lot: string | null;
  /** YYYY-MM-DD, or null. */
  expiry: string | null;
  override: PackOverride | null;
}

export interface FleetPack {
  id: string;
  orderId: string;
  profileId: string;
  warehouse: string | null;
  station: string;
  packer: string;
  status: 'finished' | 'short';
  shortReason: ShortReason | null;
  shortText: string | null;
  customer: string | null;
  city: string | null;
  startedAt: number;
  finishedAt: number;
  /** Scans the pack refused (a wrong item, an expired lot…): the supervisor's error rate. */
  errorScans: number;
  weighing: PackWeighing | null;
  labelDelivered: boolean;
  invoiceDelivered: boolean;
  units: FleetUnit[];
  /** The pack's clip (issue #41), once its station closed it; null without one. */
  clip: { sha256: string; bytes: number; durationMs: number | null } | null;
}

/** The `clip` event proof of pack writes into the pack's journal (evidence/clip-events.ts). */
interface ClipEvent {
  kind: 'clip';
  sha256: string;
  bytes: number;
  durationMs: number | null;
}

const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value : null;

/** The pack's record, or null for a pack that is not finished (open packs are not records). */
export function fleetPack(
  pack: PackRow,
  events: readonly PackEvent[],
  delivered: { label: boolean; invoice: boolean },
): FleetPack | null {
  if (pack.status !== 'finished' && pack.status !== 'short') return null;
  if (pack.finishedAt === null) return null;
  const weighed = events.filter((e) => e.kind === 'weighed').at(-1);
  // Proof events share the pack's journal but not its event type (clip-events.ts).
  const clip = (events as readonly { kind: string }[])
    .filter((e): e is ClipEvent => e.kind === 'clip')
    .at(-1);
  const full = pack.snapshot.order.full;
  const address = full?.shipping_address as Record<string, unknown> | undefined;
  return {
    id: pack.id,
    orderId: pack.orderId,
    profileId: pack.profileId,
    warehouse: text(pack.snapshot.order.warehouse),
    station: pack.station,
    packer: pack.account,
    status: pack.status,
    shortReason: pack.shortReason,
    shortText: pack.shortText,
    customer: text(full?.customer?.name),
    city: text(address?.['city']),
    startedAt: pack.startedAt,
    finishedAt: pack.finishedAt,
    errorScans: events.filter((e) => e.kind === 'refused').length,
    weighing: weighed?.kind === 'weighed' ? weighed.weighing : null,
    // Delivered before this station packed it (the order came with them), or by this station.
    labelDelivered: delivered.label || (full?.labels?.length ?? 0) > 0,
    invoiceDelivered: delivered.invoice || (full?.invoice ?? null) !== null,
    units: unitsOf(events).map((unit) => {
      const barcode = pack.snapshot.products[unit.sku]?.barcode ?? null;
      return {
        seq: unit.seq,
        at: unit.at,
        sku: unit.sku,
        gtin: barcode === null ? null : normaliseGtin(barcode),
        quantity: unit.quantity,
        code: unit.code,
        identifiedBy: unit.identifiedBy,
        lot: text(unit.lot),
        expiry: text(unit.expiry),
        override: unit.override,
      };
    }),
    clip: clip ? { sha256: clip.sha256, bytes: clip.bytes, durationMs: clip.durationMs } : null,
  };
}
