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
    expect(view.totals).toEqual([
      { sku: 'A', available: 22, reserved: 3 },
      { sku: 'B', available: 3, reserved: 0 },
    ]);
  });

  it('honours the threshold and exports CSV', () => {
    const view = inventoryView(rows, '2026-11-22', 10);
    expect(view.lines.find((l) => l.batch === 'L2')?.tone).toBe('ok');
    const csv = inventoryCsv(
      inventoryView([{ sku: '=SUM(A1)', warehouse: 'SP01', available: 1 }], '2026-11-22', 30),
    );
    expect(csv).toBe(
      "sku,warehouse,batch,expiry_date,days_to_expiry,available,reserved\r\n'=SUM(A1),SP01,,,,1,0\r\n",
    );
  });
});
