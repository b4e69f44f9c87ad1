import type { Order } from '../../shared/api/schemas.ts';
import type { ApiClient } from '../api/client.ts';
import { BoardStore } from '../bulk/board-store.ts';
import { BulkDesk } from '../bulk/bulk-desk.ts';
import type { ZplFontsLoader } from '../bulk/label-content.ts';
import { loadPdfJs } from '../bulk/load-pdfjs.ts';
import type { Clock } from '../platform/clock.ts';
import type { StationFs } from '../platform/station-fs.ts';
import type { StationWork } from './station-work.ts';

/** The listing's largest page (the contract's maximum), and how many pages a drop reads. */
const PAGE_SIZE = 200;
const MAX_PAGES = 5;

/** The active profile's orders, newest first, the listing's first pages. */
async function listed(api: ApiClient): Promise<Order[]> {
  const orders: Order[] = [];
  for (let page = 1; page <= MAX_PAGES; page += 1) {
    const { data, total } = await api.listOrders({ page, pageSize: PAGE_SIZE });
    orders.push(...data);
    if (data.length < PAGE_SIZE || orders.length >= (total ?? Infinity)) break;
  }
  return orders;
}

/** `2026-11-28 14:02`, in the station's own time zone: when the orders were read. */
function localMinute(ms: number): string {
  const d = new Date(ms);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())} ${two(d.getHours())}:${two(d.getMinutes())}`;
}

/**
 * The Bulk board of the station (issue #39): its own file in the data folder, the active
 * profile's listing (v1.1, newest first, at most MAX_PAGES × PAGE_SIZE orders) and the outbox.
 */
export function createBulkDesk(options: {
  dataDir: string;
  fs: StationFs;
  clock: Clock;
  work: StationWork;
  profileId: () => string;
  api: () => Promise<ApiClient>;
  zplFonts: ZplFontsLoader | undefined;
}): BulkDesk {
  const store = new BoardStore(options.dataDir, options.fs, options.clock);
  return new BulkDesk({
    store,
    profileId: options.profileId,
    listOrders: async () => listed(await options.api()),
    queryTrackings: async (code) =>
      (await (await options.api()).queryTrackings({ code })).data.flatMap((t) =>
        t.order && t.code ? [{ order: t.order, code: t.code }] : [],
      ),
    submit: (input) => options.work.submit(input),
    orderFiles: (order) => options.work.orderFiles(order),
    pdfjs: loadPdfJs,
    zplFonts: options.zplFonts,
    formatTime: localMinute,
  });
}
