import type {
  PackLine,
  PackPrompt,
  PackSettings,
  PackVerdict,
  PackView,
} from '../../shared/pack/types.ts';
import type { PackDocumentView } from '../../shared/documents.ts';
import { lotState } from './lots.ts';
import { unitsOf, type PackEvent, type PackRow } from './pack-store.ts';

/** How many of the newest counted scans a view carries. */
export const VIEW_UNITS = 10;

/** The checklist as the window shows it, from the pack's rows and what waits in memory. */
export function buildView(
  row: PackRow,
  events: readonly PackEvent[],
  live: {
    prompt: PackPrompt | null;
    verdict: PackVerdict | null;
    settings: PackSettings;
    today: string;
    /** The finish's papers (finished packs only). */
    documents: PackDocumentView[];
  },
): PackView {
  const { order, products } = row.snapshot;
  const units = unitsOf(events);
  const lines = new Map<string, PackLine>();
  for (const item of order.items) {
    const known = lines.get(item.sku);
    if (known) {
      known.expected += item.quantity;
      continue;
    }
    const product = products[item.sku];
    lines.set(item.sku, {
      sku: item.sku,
      name: product?.name ?? null,
      barcode: product?.barcode ?? null,
      expected: item.quantity,
      scanned: 0,
      batchControlled: product?.batchControlled ?? false,
      weightKg: product?.weightKg ?? null,
      lots: [],
    });
  }
  for (const unit of units) {
    const line = lines.get(unit.sku);
    if (!line) continue;
    line.scanned += unit.quantity;
    if (unit.lot === null) continue;
    const lot = line.lots.find((l) => l.lot === unit.lot);
    if (lot) lot.quantity += unit.quantity;
    else
      line.lots.push({
        lot: unit.lot,
        expiry: unit.expiry,
        quantity: unit.quantity,
        state: lotState(unit.expiry, live.today, row.snapshot.expiryWarningDays),
      });
  }
  const all = [...lines.values()];
  const finished = row.status !== 'open';
  return {
    id: row.id,
    orderId: row.orderId,
    warehouse: order.warehouse,
    station: row.station,
    packer: row.account,
    notes: order.notes,
    notesAcknowledged: !order.notes || events.some((e) => e.kind === 'notes'),
    lines: all,
    // The newest scans only: the lines carry the counts, and a long pack must not make every
    // answer across IPC grow with it.
    units: units.slice(-VIEW_UNITS),
    overrides: units.filter((unit) => unit.override !== null).length,
    prompt: finished ? null : live.prompt,
    verdict: live.verdict,
    status: row.status,
    complete: all.every((line) => line.scanned >= line.expected),
    lotsUnread: row.snapshot.lotsUnread,
    startedAt: row.startedAt,
    finishedAt: row.finishedAt,
    finish: finished
      ? {
          statusJobId: row.statusJobId,
          printJobId: row.printJobId,
          printProblem: row.printProblem,
          documents: live.documents,
        }
      : null,
    weighing: lastWeighing(events),
    settings: live.settings,
  };
}

/** The newest weight the finish took (a box weighed again replaces the last). */
function lastWeighing(events: readonly PackEvent[]) {
  for (let i = events.length - 1; i >= 0; i -= 1) {
    const event = events[i];
    if (event?.kind === 'weighed') return event.weighing;
  }
  return null;
}
