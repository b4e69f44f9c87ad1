// What the soak reads once a simulated minute, from the outside where it can: the kernel's view
// of the process (/proc), the session bus's view of its connections (session-bus.ts), the database's
// files on disk and its rows, Node's own list of live handles, and the listener sets reachable
// from the core. RSS and heap are read after a full collection (the soak runs with --expose-gc),
// so garbage that has not been collected yet does not read as growth.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { DatabaseSync } from 'node:sqlite';
import type { SessionBus } from './session-bus.ts';

/** One measure's definition: its name in the table and charts, its unit, how it is judged. */
export interface MeasureSpec {
  key: string;
  label: string;
  unit: string;
  /**
   * `flat`: must not grow after the warm-up. `per-pack`: grows with the work by design (records
   * kept), so it is judged per pack packed, which must not grow.
   */
  judged: 'flat' | 'per-pack' | 'report';
  /** The smallest change that counts as growth beyond the 5 % (judge.ts); default 0. */
  grain?: number;
}

/** SQLite's automatic checkpoint: 1,000 pages of 4 KiB, each frame with its 24-byte header. */
const WAL_CHECKPOINT_KB = (1000 * (4096 + 24) + 32) / 1024;

export const MEASURES: readonly MeasureSpec[] = [
  { key: 'rssMb', label: 'resident memory (RSS)', unit: 'MB', judged: 'flat' },
  // RSS in two parts (the kernel's RssAnon and RssFile): a leak grows the anonymous part (the
  // heaps, malloc, SQLite's page caches); pages of the binary and its libraries paged in as new
  // code runs for the first time are file-backed, and the kernel may drop them at any time.
  { key: 'rssAnonMb', label: 'RSS: anonymous memory', unit: 'MB', judged: 'report' },
  { key: 'rssFileMb', label: 'RSS: file-backed pages', unit: 'MB', judged: 'report' },
  { key: 'heapMb', label: 'JS heap used', unit: 'MB', judged: 'flat' },
  // Buffers live outside the JS heap but inside RSS: where native growth shows first.
  { key: 'buffersMb', label: 'buffers outside the heap', unit: 'MB', judged: 'report' },
  { key: 'fds', label: 'open file descriptors', unit: '', judged: 'flat' },
  { key: 'dbus', label: 'D-Bus connections held', unit: '', judged: 'flat' },
  // The WAL is reused, not truncated, after each automatic checkpoint (every 1,000 pages), so it
  // may sit anywhere up to that size; one that is never checkpointed grows past it.
  { key: 'walKb', label: 'SQLite WAL', unit: 'kB', judged: 'flat', grain: WAL_CHECKPOINT_KB },
  { key: 'handles', label: 'handles alive (getActiveResourcesInfo)', unit: '', judged: 'flat' },
  { key: 'timers', label: 'timers alive (Node + shift clock)', unit: '', judged: 'flat' },
  { key: 'listeners', label: 'listeners reachable from the core', unit: '', judged: 'flat' },
  {
    key: 'waitingRows',
    label: 'outbox rows not yet done',
    unit: '',
    judged: 'flat',
    grain: 1,
  },
  {
    key: 'databaseKbPerPack',
    label: 'SQLite database per pack (pages in use)',
    unit: 'kB',
    judged: 'per-pack',
  },
  { key: 'rowsPerPack', label: 'outbox rows per pack (all tables)', unit: '', judged: 'per-pack' },
  { key: 'sqliteKb', label: 'SQLite file', unit: 'kB', judged: 'report' },
  { key: 'rows', label: 'outbox rows (all tables)', unit: '', judged: 'report' },
];

export interface Sample {
  minute: number;
  packs: number;
  rssMb: number;
  rssAnonMb: number;
  rssFileMb: number;
  heapMb: number;
  buffersMb: number;
  fds: number;
  dbus: number;
  walKb: number;
  handles: number;
  timers: number;
  listeners: number;
  waitingRows: number;
  sqliteKb: number;
  rows: number;
  databaseKbPerPack: number;
  rowsPerPack: number;
}

/** A sample's figure for one measure, by its key in MEASURES. */
export const valueOf = (sample: Sample, key: string): number =>
  (sample as unknown as Record<string, number>)[key] ?? 0;

/** The kernel's split of this process's resident memory, MB. */
function residentParts(): { anon: number; file: number } {
  const status = readFileSync('/proc/self/status', 'utf8');
  const kb = (field: string) =>
    Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0);
  return { anon: kb('RssAnon') / 1024, file: kb('RssFile') / 1024 };
}

const fileKb = (file: string) => (existsSync(file) ? statSync(file).size / 1024 : 0);

/** The station's SQLite files (the outbox and whatever else sits in the data folder). */
function sqliteFiles(dataDir: string): { main: number; wal: number } {
  let main = 0;
  let wal = 0;
  for (const name of readdirSync(dataDir)) {
    if (name.endsWith('.sqlite')) main += fileKb(join(dataDir, name));
    if (name.endsWith('.sqlite-wal')) wal += fileKb(join(dataDir, name));
  }
  return { main, wal };
}

/** The database's size as its connection sees it (pages in the file and in the WAL). */
function databaseKb(db: DatabaseSync): number {
  const pages = Number(
    (db.prepare('PRAGMA page_count').get() as { page_count: number }).page_count,
  );
  const size = Number((db.prepare('PRAGMA page_size').get() as { page_size: number }).page_size);
  return (pages * size) / 1024;
}

function rowCounts(db: DatabaseSync): { all: number; waiting: number } {
  const tables = db
    .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
    .all() as { name: string }[];
  let all = 0;
  for (const { name } of tables)
    all += Number((db.prepare(`SELECT COUNT(*) AS n FROM "${name}"`).get() as { n: number }).n);
  const waiting = Number(
    (db.prepare("SELECT COUNT(*) AS n FROM jobs WHERE state != 'done'").get() as { n: number }).n,
  );
  return { all, waiting };
}

const LISTENER_FIELD = /listener|subscriber|watcher|waiter|handlers/i;

/**
 * Listener sets reachable from `root`: every Set, Map or array held in a field whose name says
 * listeners (listeners, subscribers, waiters…), counted once however many paths lead to it, and
 * every EventEmitter's listeners. The walk follows own fields only, to a fixed depth.
 */
export function reachableListeners(root: object, depth = 7): number {
  const seen = new WeakSet<object>();
  let total = 0;
  const walk = (value: unknown, level: number, field: string) => {
    if (value === null || typeof value !== 'object' || seen.has(value)) return;
    seen.add(value);
    if (ArrayBuffer.isView(value)) return;
    const collection = value instanceof Set || value instanceof Map || Array.isArray(value);
    if (collection && LISTENER_FIELD.test(field))
      total += (value as { size?: number }).size ?? (value as unknown[]).length;
    if (typeof (value as { eventNames?: unknown }).eventNames === 'function') {
      const emitter = value as NodeJS.EventEmitter;
      for (const name of emitter.eventNames()) total += emitter.listenerCount(name);
    }
    if (level >= depth) return;
    if (value instanceof Map)
      for (const [key, item] of value) walk(item, level + 1, `${field}.${String(key)}`);
    else if (value instanceof Set || Array.isArray(value))
      for (const item of value) walk(item, level + 1, field);
    else
      for (const key of Object.keys(value)) {
        let item: unknown;
        try {
          item = (value as Record<string, unknown>)[key];
        } catch {
          continue;
        }
        walk(item, level + 1, key);
      }
  };
  walk(root, 0, 'root');
  return total;
}

export interface SampleSources {
  dataDir: string;
  db: DatabaseSync;
  core: object;
  /** Timers pending on the shift's clock. */
  clockTimers: () => number;
  /** Asks the session bus which connections are this process's (session-bus.ts). */
  bus: SessionBus;
}

/** One sample: collected first, then read. */
export async function sample(
  minute: number,
  packs: number,
  sources: SampleSources,
): Promise<Sample> {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc)
    throw new Error('the soak measures memory after a collection: run node with --expose-gc');
  const dbus = await sources.bus.connectionsOf();
  gc();
  const memory = process.memoryUsage();
  const resident = residentParts();
  const resources = process.getActiveResourcesInfo();
  const files = sqliteFiles(sources.dataDir);
  const rows = rowCounts(sources.db);
  return {
    minute,
    packs,
    rssMb: memory.rss / 1024 / 1024,
    rssAnonMb: resident.anon,
    rssFileMb: resident.file,
    heapMb: memory.heapUsed / 1024 / 1024,
    buffersMb: memory.arrayBuffers / 1024 / 1024,
    fds: readdirSync('/proc/self/fd').length,
    dbus,
    walKb: files.wal,
    handles: resources.filter((kind) => kind !== 'Timeout').length,
    timers: resources.filter((kind) => kind === 'Timeout').length + sources.clockTimers(),
    listeners: reachableListeners(sources.core),
    waitingRows: rows.waiting,
    sqliteKb: files.main,
    rows: rows.all,
    databaseKbPerPack: packs > 0 ? databaseKb(sources.db) / packs : 0,
    rowsPerPack: packs > 0 ? rows.all / packs : 0,
  };
}
