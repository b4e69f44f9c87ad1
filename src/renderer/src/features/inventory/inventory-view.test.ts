import { describe, expect, it } from 'vitest';
import { inventoryCsv, inventoryView } from './inventory-view.ts';

const rows = [
  {
    sku: 'A',
    warehouse: 'SP01',
    available: 10,
    reserved: 1,
    batch: 'L3',
    expiry_date: '2027-06-01',
  },
  {
    sku: 'A',
    warehouse: 'PE01',
    available: 5,
    reserved: 0,
    batch: 'L1',
    expiry_date: '2026-11-01',
  },
  {
    sku: 'A',
    warehouse: 'SP01',
    available: 7,
    reserved: 2,
    batch: 'L2',
    expiry_date: '2026-12-10',
  },
  { sku: 'B', warehouse: 'SP01', available: 3, reserved: 0 },
];

describe('inventoryView', () => {
  it('orders first-expiry-first-out, colours by expiry, and totals per SKU', () => {
    const view = inventoryView(rows, '2026-11-22', 30);
    expect(view.lines.map((l) => [l.batch ?? '-', l.daysToExpiry, l.tone])).toEqual([
      ['L1', -21, 'expired'],
      ['L2', 18, 'soon'],
      ['L3', 191, 'ok'],
      ['-', null, 'none'],
    ]);
    // L1 has expired and L2 expires within the threshold: neither counts as available.
    expect(view.totals).toEqual([
      { sku: 'A', available: 10, expiring: 7, expired: 5, reserved: 3 },
      { sku: 'B', available: 3, expiring: 0, expired: 0, reserved: 0 },
    ]);
  });

  it('honours the threshold and exports CSV', () => {
    const view = inventoryView(rows, '2026-11-22', 10);
    expect(view.lines.find((l) => l.batch === 'L2')?.tone).toBe('ok');
    const csv = inventoryCsv(
      inventoryView([{ sku: '=SUM(A1)', warehouse: 'SP01', available: 1 }], '2026-11-22', 30),
    );
    expect(csv).toBe(
      "\uFEFFsku,warehouse,batch,expiry_date,days_to_expiry,available,reserved\r\n'=SUM(A1),SP01,,,,1,0\r\n",
    );
  });

  it('writes numbers as numbers, negative ones included, that read back as numbers', () => {
    const csv = inventoryCsv(inventoryView(rows, '2026-11-22', 30));
    expect(csv.startsWith('\uFEFF')).toBe(true);
    const records = csv
      .slice(1)
      .trimEnd()
      .split('\r\n')
      .map((line) => line.split(','));
    const [header, ...data] = records;
    const col = (name: string) => header?.indexOf(name) ?? -1;
    const expired = data.find((r) => r[col('batch')] === 'L1');
    expect(expired?.[col('days_to_expiry')]).toBe('-21');
    expect(Number(expired?.[col('days_to_expiry')])).toBe(-21);
    expect(expired?.[col('expiry_date')]).toMatch(/^\d{4}-\d\d-\d\d$/);
    for (const record of data)
      for (const name of ['available', 'reserved'])
        expect(Number.isFinite(Number(record[col(name)])), `${name} ${record.join(',')}`).toBe(
          true,
        );
  });
});
