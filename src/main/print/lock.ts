// One job at a time per printer, across every process on this machine (issue #20): the
// station app, a second window's queue and `npm run printer` in a terminal all print to the
// same device, and Zebra printers take one connection at a time — two senders must queue,
// never interleave.
//
// Why a listening socket and not a lock file: a lock file outlives a crashed holder, and
// telling a stale one from a live one (a PID in the file) is racy and fooled by PID reuse.
// A socket that listens is held by the kernel for exactly as long as its process lives:
//   - Linux: an abstract Unix socket (no file at all; the name is freed when the process
//     exits, however it exits) — nothing stale can exist;
//   - Windows: a named pipe, likewise freed by the system;
//   - elsewhere (macOS): a Unix socket file in the OS temp dir. A crashed holder leaves the
//     file; nobody answers on it (ECONNREFUSED), so the next taker removes it and listens.
//     Binding creates the file before the socket listens, and a taker that connects in that
//     gap is refused exactly as by a dead holder's file: it took the live file for stale and
//     two processes printed at once (CI, stop 51; 2 trials in 10 of 6 processes × 20 rounds).
//     So a taker listens on a private name first and then hard-links it to the lock's name:
//     link() fails if the name exists, and the name never exists without a listener behind
//     it. A stale file is removed only if it is still the same file (inode) that refused. On
//     a folder that takes no hard links it listens on the name itself, gap and all.
//     Two takers finding the same stale file in the same instant could both win: the one
//     residual race, and it needs a crash first.
// Listening (or linking) is atomic (EADDRINUSE for everyone else), so whoever listens holds
// the lock.
// Waiters connect to the holder and sleep until that connection closes — the holder drops
// every waiter when it lets go, and the kernel drops them if it dies — then try again. No
// polling, no timeout to tune. Within one process, callers also queue in arrival order
// first, so one screen's labels stay in order.
import { createHash } from 'node:crypto';
import { linkSync, lstatSync, unlinkSync } from 'node:fs';
import { connect, createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { systemClock, systemIds, type Clock } from '../platform/clock.ts';

export type LockMode = 'abstract' | 'pipe' | 'file';

export interface PrinterLockOptions {
  /** Default: abstract on Linux, pipe on Windows, file elsewhere. */
  mode?: LockMode;
  /** Folder for the socket file in file mode; default: the OS temp dir. */
  dir?: string;
  /** For the short wait while another holder is busy; default the system clock. */
  clock?: Clock;
  /** For the private name a file-mode taker listens on first; default random UUIDs. */
  ids?: () => string;
  /** Hard-links the private name to the lock's name in file mode; default `fs.linkSync`. */
  link?: (existing: string, name: string) => void;
}

export const defaultLockMode = (): LockMode =>
  process.platform === 'linux' ? 'abstract' : process.platform === 'win32' ? 'pipe' : 'file';

/** Where the lock for `key` listens (and, in file mode, the file to remove when stale). */
export function lockAddress(
  key: string,
  { mode = defaultLockMode(), dir = tmpdir() }: PrinterLockOptions = {},
): { path: string; file: string | null } {
  const name = `packbench-printer-${createHash('sha256').update(key).digest('hex').slice(0, 24)}`;
  if (mode === 'abstract') return { path: `\0${name}`, file: null };
  if (mode === 'pipe') return { path: `\\\\.\\pipe\\${name}`, file: null };
  const file = join(dir, `${name}.sock`);
  return { path: file, file };
}

const inProcess = new Map<string, Promise<void>>();

/** Runs `fn` holding the printer's lock; everyone else with the same key waits their turn. */
export async function withPrinterLock<T>(
  key: string,
  fn: () => Promise<T>,
  options: PrinterLockOptions = {},
): Promise<T> {
  const address = lockAddress(key, options);
  const previous = inProcess.get(address.path) ?? Promise.resolve();
  let done: () => void = () => {};
  const mine = new Promise<void>((resolve) => (done = resolve));
  const tail = previous.then(() => mine);
  inProcess.set(address.path, tail);
  try {
    await previous;
    const held = await acquire(address, {
      clock: options.clock ?? systemClock,
      ids: options.ids ?? systemIds,
      link: options.link ?? linkSync,
    });
    try {
      return await fn();
    } finally {
      await held.release();
    }
  } finally {
    done();
    if (inProcess.get(address.path) === tail) inProcess.delete(address.path);
  }
}

interface Held {
  release(): Promise<void>;
}

async function acquire(
  address: { path: string; file: string | null },
  { clock, ids, link }: Required<Pick<PrinterLockOptions, 'clock' | 'ids' | 'link'>>,
): Promise<Held> {
  for (;;) {
    const server = createServer();
    const waiters = new Set<Socket>();
    server.on('connection', (socket) => {
      waiters.add(socket);
      socket.on('error', () => {});
      socket.on('close', () => waiters.delete(socket));
    });
    const failure = address.file
      ? await listenThenLink(server, address.file, ids, link)
      : await listen(server, address.path);
    if (!failure) {
      // Holding a lock must not keep the process alive by itself; the work inside does.
      server.unref();
      const published = address.file ? inodeOf(address.file) : null;
      return {
        release: () =>
          new Promise<void>((resolve) => {
            // Take the name away before the listener, as libuv does for its own socket
            // files, so nobody is ever refused by a name that is still ours.
            if (address.file && published !== null) removeIfSame(address.file, published);
            server.close(() => resolve());
            for (const socket of waiters) socket.destroy();
          }),
      };
    }
    if (failure.code !== 'EADDRINUSE') throw failure;
    const seen = address.file ? inodeOf(address.file) : null;
    const outcome = await waitForHolder(address.path);
    if (outcome === 'stale' && address.file && seen !== null) {
      // A socket file with nobody listening: its holder died without closing it. Only that
      // very file goes; one published since by a live taker stays.
      removeIfSame(address.file, seen);
    } else if (outcome === 'busy') {
      await new Promise<void>((resolve) => clock.setTimeout(resolve, 5, { keepAlive: true }));
    }
  }
}

function listen(server: Server, path: string): Promise<NodeJS.ErrnoException | null> {
  return new Promise((resolve) => {
    server.once('error', resolve);
    server.listen(path, () => {
      server.off('error', resolve);
      resolve(null);
    });
  });
}

/**
 * File mode: listens on a private name beside the lock, then links it to the lock's name, so
 * the lock's name only ever appears with a listener already behind it. EADDRINUSE when the
 * name is taken, as a plain listen would say.
 */
async function listenThenLink(
  server: Server,
  file: string,
  ids: () => string,
  link: (existing: string, name: string) => void,
): Promise<NodeJS.ErrnoException | null> {
  // Short: a Unix socket's path is limited to 104 bytes on macOS.
  const privateName = join(dirname(file), `pbl-${ids().replace(/-/g, '').slice(0, 12)}.sock`);
  const failure = await listen(server, privateName);
  if (failure) return failure;
  let linkError: NodeJS.ErrnoException | null = null;
  try {
    link(privateName, file);
  } catch (error) {
    linkError = error as NodeJS.ErrnoException;
  }
  if (!linkError) {
    try {
      unlinkSync(privateName);
    } catch {
      // Gone already; libuv tries again when the listener closes.
    }
    return null;
  }
  await new Promise<void>((resolve) => server.close(() => resolve())); // removes privateName
  if (linkError.code === 'EEXIST') {
    return Object.assign(new Error(`${file} is held`), { code: 'EADDRINUSE' });
  }
  // A folder that takes no hard links (some network or FAT volumes): listen on the name itself,
  // with the brief bind-to-listen gap that brings, rather than not print at all.
  return listen(server, file);
}

function inodeOf(file: string): number | null {
  try {
    return lstatSync(file).ino;
  } catch {
    return null;
  }
}

function removeIfSame(file: string, inode: number): void {
  if (inodeOf(file) !== inode) return;
  try {
    unlinkSync(file);
  } catch {
    // Someone else removed it first; try again either way.
  }
}

/**
 * Connects to the holder and waits: 'released' when it lets go (or dies), 'stale' when
 * nobody listens there, 'gone' when the address vanished in between, 'busy' otherwise.
 */
function waitForHolder(path: string): Promise<'released' | 'stale' | 'gone' | 'busy'> {
  return new Promise((resolve) => {
    const socket = connect(path);
    let connected = false;
    socket.on('connect', () => (connected = true));
    socket.on('error', (error: NodeJS.ErrnoException) => {
      if (connected) return; // 'close' follows
      resolve(error.code === 'ECONNREFUSED' ? 'stale' : error.code === 'ENOENT' ? 'gone' : 'busy');
    });
    socket.on('close', () => {
      if (connected) resolve('released');
    });
  });
}
