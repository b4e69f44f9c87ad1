import type { Order } from '../../shared/api/schemas.ts';
import type { BulkBoard } from '../../shared/ipc/channels.ts';
import { boardRows, candidateOf } from '../bulk/board.ts';
import { loadPdfJs } from '../bulk/load-pdfjs.ts';
import type { HandlerContext, HandlersOf } from './context.ts';

/** The listing's largest page (the contract's maximum), and how many pages a drop reads. */
const PAGE_SIZE = 200;
const MAX_PAGES = 5;

/** The active profile's orders, newest first, the listing's first pages. */
async function listed(core: HandlerContext['core']): Promise<Order[]> {
  const api = await core.api();
  const orders: Order[] = [];
  for (let page = 1; page <= MAX_PAGES; page += 1) {
    const { data, total } = await api.listOrders({ page, pageSize: PAGE_SIZE });
    orders.push(...data);
    if (data.length < PAGE_SIZE || orders.length >= (total ?? Infinity)) break;
  }
  return orders;
}

/**
 * Bulk → the board (issue #39): a drop split and matched to the orders the service lists for the
 * active profile (v1.1 listing, newest first, at most MAX_PAGES × PAGE_SIZE). When they cannot
 * be read (offline, a v1 profile, a refusal) the drop is still split and listed, matched against
 * nothing, and the board says why. Trackings are not read yet: the service lists them per order.
 */
export function bulkHandlers({ core, asResult }: HandlerContext): HandlersOf<'bulkBoard'> {
  return {
    bulkBoard: ({ files }) =>
      asResult(async (): Promise<BulkBoard> => {
        const orders = await listed(core).catch(() => null);
        const candidates = (orders ?? []).map(candidateOf);
        return {
          rows: await boardRows(files, candidates, [], loadPdfJs, core.zplFonts),
          orders: candidates.length,
          notice: orders ? null : { messageKey: 'bulk.board.ordersUnavailable', params: {} },
        };
      }),
  };
}
