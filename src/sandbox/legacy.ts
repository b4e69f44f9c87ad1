/** Former version-prefixed paths (retired 09/2022) and what replaced them, from the spec's table. */
const FORMER: Record<string, string> = {
  ping: 'GET /health-check',
  create_product: 'POST /products (create) or PUT /products (update)',
  get_inbound: 'GET /inbounds/{id}',
  create_inbound: 'POST /inbounds',
  delete_inbound: 'DELETE /inbounds/{id}',
  get_inventory: 'GET /inventories',
  list_orders: 'GET /orders (with X-Api-Version: v1.1)',
  search_order: 'GET /orders/{id}',
  create_order: 'POST /orders (create) or PUT /orders (update)',
  upload_order_invoice: 'POST /invoices',
  tracking: 'GET /trackings',
};

const PREFIX = '/integration/api/';

export function formerPathMessage(pathname: string): string | null {
  if (!pathname.startsWith(PREFIX)) return null;
  const name = pathname
    .slice(PREFIX.length)
    .replace(/^v\d+(\.\d+)?\//, '')
    .replace(/\/+$/, '');
  const current = FORMER[name];
  const tail =
    'Send the API key in the X-Api-Key header and the version in the X-Api-Version header; paths carry no version.';
  return current
    ? `${pathname} was discontinued in 09/2022. Use ${current} instead. ${tail}`
    : `Paths under ${PREFIX} were discontinued in 09/2022. ${tail}`;
}

/** Query parameters that were renamed in 09/2022: answering with the new name saves a support call. */
export const RENAMED_QUERY_PARAMETERS: Record<string, Record<string, string>> = {
  queryInventory: { product_sku: 'sku' },
  listOrders: { start_date: 'from', end_date: 'to', updated_from: 'updated' },
  queryTrackings: { order_id: 'order', external_id: 'id', tracking_code: 'code' },
};
