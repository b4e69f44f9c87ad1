import type { Order } from '../../shared/api/schemas.ts';
import type { ApiClient } from '../api/client.ts';
import { BoardStore } from '../bulk/board-store.ts';
import { BulkDesk } from '../bulk/bulk-desk.ts';
import { loadPdfJs } from '../bulk/load-pdfjs.ts';
import type { Clock } from '../platform/clock.ts';
import type { Profile } from '../../shared/profile.ts';
import { nodeFs } from '../platform/station-fs.ts';
import type { PackStore } from '../pack/pack-store.ts';
import type { HealthState } from '../../shared/status.ts';
import type { StationCoreOptions } from './station-options.ts';
import type { StationWork } from './station-work.ts';

/** The listing's largest page (the contract's maximum), and how many pages a drop reads. */
const PAGE_SIZE = 200;
const MAX_PAGES = 5;

const DAY_MS = 86_400_000;

/** The active profile's orders created since `from`, newest first, the listing's first pages. */
async function listed(api: ApiClient, from: string): Promise<Order[]> {
  const orders: Order[] = [];
  for (let page = 1; page <= MAX_PAGES; page += 1) {
    const { data, total } = await api.listOrders({ from, page, pageSize: PAGE_SIZE });
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

/** The start of the station's local day `daysBack` days before `now`'s. */
function localDayStart(now: number, daysBack: number): number {
  const d = new Date(now - daysBack * DAY_MS);
  return new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime();
}

/** What the board takes from the station core (read when used, never at creation). */
export interface BulkHost {
  readonly work: StationWork;
  readonly profiles: { active: () => Profile };
  readonly packing: { store: Pick<PackStore, 'ordersOpenedSince'> };
  readonly health: { current: () => { state: HealthState } };
  api: () => Promise<ApiClient>;
}

/**
 * The Bulk board of the station (issue #39): its own file in the data folder and the outbox.
 * Its candidates are the active profile's listing within the profile's date window (v1.1,
 * newest first, at most MAX_PAGES × PAGE_SIZE orders) and the orders opened here today; a v1
 * profile, which lists nothing, has the orders opened here within the window. While the health
 * check finds the service away, a drop goes straight to the last listing kept.
 */
export function createBulkDesk(
  options: Pick<StationCoreOptions, 'dataDir' | 'fs' | 'zplFonts'>,
  clock: Clock,
  host: BulkHost,
): BulkDesk {
  const store = new BoardStore(options.dataDir, options.fs ?? nodeFs, clock);
  const profile = () => host.profiles.active();
  const windowStart = () => localDayStart(clock.now(), profile().orderWindowDays - 1);
  return new BulkDesk({
    store,
    profileId: () => profile().id,
    listOrders: async () => {
      if (profile().apiVersion === 'v1') return null;
      if (host.health.current().state === 'down') throw new Error('The service is away.');
      return listed(await host.api(), new Date(windowStart()).toISOString());
    },
    openedOrders: () => {
      const { id, apiVersion } = profile();
      const since = apiVersion === 'v1' ? windowStart() : localDayStart(clock.now(), 0);
      return host.packing.store.ordersOpenedSince(id, since);
    },
    queryTrackings: async (code) =>
      (await (await host.api()).queryTrackings({ code })).data.flatMap((t) =>
        t.order && t.code ? [{ order: t.order, code: t.code }] : [],
      ),
    submit: (input) => host.work.submit(input),
    orderFiles: (order) => host.work.orderFiles(order),
    pdfjs: loadPdfJs,
    zplFonts: options.zplFonts,
    formatTime: localMinute,
  });
}
