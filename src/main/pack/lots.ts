import type { LotOption, LotState, PackUnit } from '../../shared/pack/types.ts';

/** One lot of a product in the order's warehouse, as the inventory said when the order opened. */
export interface LotStock {
  lot: string;
  expiry: string | null;
  available: number;
}

const DAY_MS = 86_400_000;

/** The calendar day of an instant in the station's own time zone, as YYYY-MM-DD. */
export function localDay(ms: number): string {
  const at = new Date(ms);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`;
}

/** `day` plus `days` calendar days (both YYYY-MM-DD; computed on UTC noon, so no DST edge). */
export function addDays(day: string, days: number): string {
  const at = Date.parse(`${day}T12:00:00Z`) + days * DAY_MS;
  return new Date(at).toISOString().slice(0, 10);
}

/**
 * A lot's standing: expired when its last good day is before today (a lot that expires today
 * may still go out today), expiring when it ends within the warning threshold.
 */
export function lotState(expiry: string | null, today: string, warningDays: number): LotState {
  if (!expiry) return 'unknown';
  if (expiry < today) return 'expired';
  if (expiry <= addDays(today, warningDays)) return 'expiring';
  return 'ok';
}

/**
 * The lots of one product to choose from, earliest expiry first (lots without a date last),
 * each less what this pack already took from it; the first-expiry-first-out lot is the
 * earliest that has not expired and still has stock.
 */
export function lotOptions(
  stock: readonly LotStock[],
  units: readonly PackUnit[],
  sku: string,
  today: string,
  warningDays: number,
): LotOption[] {
  const taken = new Map<string, number>();
  for (const unit of units)
    if (unit.sku === sku && unit.lot !== null)
      taken.set(unit.lot, (taken.get(unit.lot) ?? 0) + unit.quantity);
  const sorted = [...stock].sort(
    (a, b) =>
      (a.expiry ?? '9999-99-99').localeCompare(b.expiry ?? '9999-99-99') ||
      a.lot.localeCompare(b.lot),
  );
  const options = sorted.map((row) => ({
    lot: row.lot,
    expiry: row.expiry,
    available: Math.max(0, row.available - (taken.get(row.lot) ?? 0)),
    state: lotState(row.expiry, today, warningDays),
    fefo: false,
  }));
  const first = options.find((o) => o.state !== 'expired' && o.available > 0);
  if (first) first.fefo = true;
  return options;
}
