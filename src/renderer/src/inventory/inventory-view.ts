import type { InventoryRow } from '../../../shared/api/schemas.ts';

export type ExpiryTone = 'expired' | 'soon' | 'ok' | 'none';

export interface InventoryLine extends InventoryRow {
  daysToExpiry: number | null;
  tone: ExpiryTone;
}

export interface InventoryView {
  lines: InventoryLine[];
  totals: { sku: string; available: number; reserved: number }[];
}

const DAY = 86_400_000;

/**
 * Batches first-expiry-first-out (no expiry last), each with its days to expiry and colour:
 * expired, within `thresholdDays`, or fine; plus totals per SKU.
 */
export function inventoryView(
  rows: InventoryRow[],
  today: string,
  thresholdDays: number,
): InventoryView {
  const todayMs = Date.parse(`${today}T00:00:00Z`);
  const lines = rows.map((row): InventoryLine => {
    if (!row.expiry_date) return { ...row, daysToExpiry: null, tone: 'none' };
    const days = Math.round((Date.parse(`${row.expiry_date}T00:00:00Z`) - todayMs) / DAY);
    return {
      ...row,
      daysToExpiry: days,
      tone: days < 0 ? 'expired' : days <= thresholdDays ? 'soon' : 'ok',
    };
  });
  lines.sort(
    (a, b) =>
      a.sku.localeCompare(b.sku) ||
      (a.expiry_date ?? '9999-12-31').localeCompare(b.expiry_date ?? '9999-12-31') ||
      a.warehouse.localeCompare(b.warehouse),
  );
  const totals = new Map<string, { sku: string; available: number; reserved: number }>();
  for (const line of lines) {
    const total = totals.get(line.sku) ?? { sku: line.sku, available: 0, reserved: 0 };
    total.available += line.available;
    total.reserved += line.reserved ?? 0;
    totals.set(line.sku, total);
  }
  return { lines, totals: [...totals.values()] };
}

/** CSV of the view (RFC 4180; a leading quote keeps spreadsheets from running formulas). */
export function inventoryCsv(view: InventoryView): string {
  const cell = (value: string | number | null) => {
    const text = value === null ? '' : String(value);
    const safe = /^[=+\-@]/.test(text) ? `'${text}` : text;
    return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
  };
  const header = 'sku,warehouse,batch,expiry_date,days_to_expiry,available,reserved';
  const lines = view.lines.map((l) =>
    [
      l.sku,
      l.warehouse,
      l.batch ?? '',
      l.expiry_date ?? '',
      l.daysToExpiry,
      l.available,
      l.reserved ?? 0,
    ]
      .map(cell)
      .join(','),
  );
  return `${[header, ...lines].join('\r\n')}\r\n`;
}
