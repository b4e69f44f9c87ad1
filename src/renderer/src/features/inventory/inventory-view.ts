import type { InventoryRow } from '@shared/api/schemas.ts';

export type ExpiryTone = 'expired' | 'soon' | 'ok' | 'none';

export interface InventoryLine extends InventoryRow {
  daysToExpiry: number | null;
  tone: ExpiryTone;
}

/** Units per SKU as a warehouse reads them: usable, usable but expiring soon, and expired. */
export interface SkuTotal {
  sku: string;
  available: number;
  expiring: number;
  expired: number;
  reserved: number;
}

export interface InventoryView {
  lines: InventoryLine[];
  totals: SkuTotal[];
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
  const totals = new Map<string, SkuTotal>();
  for (const line of lines) {
    const total = totals.get(line.sku) ?? {
      sku: line.sku,
      available: 0,
      expiring: 0,
      expired: 0,
      reserved: 0,
    };
    // Expired units are counted apart: they are in the warehouse but cannot be shipped.
    if (line.tone === 'expired') total.expired += line.available;
    else if (line.tone === 'soon') total.expiring += line.available;
    else total.available += line.available;
    total.reserved += line.reserved ?? 0;
    totals.set(line.sku, total);
  }
  return { lines, totals: [...totals.values()] };
}

/**
 * CSV of the view: RFC 4180, UTF-8 with a byte-order mark (so spreadsheet apps read accents
 * right), ISO dates, numbers as numbers. Only text cells that a spreadsheet would run as a
 * formula get a leading quote; a negative number stays a number.
 */
export function inventoryCsv(view: InventoryView): string {
  const cell = (value: string | number | null) => {
    if (value === null) return '';
    if (typeof value === 'number') return String(value);
    const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
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
  return `\uFEFF${[header, ...lines].join('\r\n')}\r\n`;
}
