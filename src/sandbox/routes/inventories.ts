import type { InventoryRow } from '../../shared/api/types.ts';
import type { RouteHandler } from './context.ts';

export const queryInventory: RouteHandler = ({ data, query }) => {
  const lots = data.stock.filter(
    (lot) =>
      (query['warehouse'] === undefined || lot.warehouse === query['warehouse']) &&
      (query['sku'] === undefined || lot.sku === query['sku']),
  );
  if (query['batch_expiry'] === 'true') {
    const rows: InventoryRow[] = lots
      .map((lot) => ({
        sku: lot.sku,
        warehouse: lot.warehouse,
        available: lot.available,
        reserved: lot.reserved,
        ...(lot.batch ? { batch: lot.batch } : {}),
        ...(lot.expiry_date ? { expiry_date: lot.expiry_date } : {}),
      }))
      .sort(
        (a, b) =>
          a.sku.localeCompare(b.sku) ||
          a.warehouse.localeCompare(b.warehouse) ||
          (a.expiry_date ?? '9999').localeCompare(b.expiry_date ?? '9999'),
      );
    return { status: 200, body: { data: rows } };
  }
  const totals = new Map<string, InventoryRow>();
  for (const lot of lots) {
    const key = `${lot.sku}\u0000${lot.warehouse}`;
    const row = totals.get(key) ?? {
      sku: lot.sku,
      warehouse: lot.warehouse,
      available: 0,
      reserved: 0,
    };
    row.available += lot.available;
    row.reserved += lot.reserved;
    totals.set(key, row);
  }
  const rows = [...totals.values()].sort(
    (a, b) => a.sku.localeCompare(b.sku) || a.warehouse.localeCompare(b.warehouse),
  );
  return { status: 200, body: { data: rows } };
};
