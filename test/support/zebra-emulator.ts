// A Zebra printer's raw port (9100) on loopback, for the printer transport's tests (issue
// #20). It answers ~HS the way the ZPL II Programming Guide describes (three STX…ETX CR LF
// strings, see src/main/print/host-status.ts for the fields) with the flags a test sets, and
// records every byte of every connection. It can misbehave the ways a real printer does:
// stay silent, accept slowly, dribble its reply in pieces, answer only part of it, reset a
// connection after N bytes, and take one connection at a time (the others wait their turn,
// as in a printer's listen backlog).
//
// It listens on 127.0.0.1, port 0 (the system picks), and is stopped by its handle: close().
import { createServer, type Server, type Socket } from 'node:net';
import { freePort } from './free-port.ts';

export interface ZebraFlags {
  paperOut: boolean;
  paused: boolean;
  headOpen: boolean;
  ribbonOut: boolean;
  bufferFull: boolean;
  labelsRemaining: number;
}

export interface ZebraEmulatorOptions {
  flags: Partial<ZebraFlags>;
  /** What ~HI answers: the model and the head's dots per millimetre. */
  identity: { model: string; dpmm: number };
  /** Never answers ~HS (still takes jobs). */
  silent: boolean;
  /** Sends only the first N of the three status strings, then nothing more. */
  replyStrings: 1 | 2 | 3;
  /** Holds each new connection this long before reading it or answering. */
  acceptDelayMs: number;
  /** Writes the ~HS reply in pieces of this many bytes… */
  replyChunkBytes: number;
  /** …this long apart. */
  replyChunkDelayMs: number;
  /** Resets a connection once it has received this many bytes (keeping exactly those)… */
  resetAfterBytes: number | null;
  /** …this many times (each a new connection); then connections are left alone. */
  resets: number;
  /** One connection at a time; the next is read only when the current one has closed. */
  oneAtATime: boolean;
}

export interface ConnectionRecord {
  id: number;
  /** Everything received, in order. */
  bytes: Buffer;
  /** Event sequence numbers (one counter for the whole emulator) of open and close. */
  opened: number;
  /** …of the first byte read from it (null while nothing came or it waits its turn). */
  firstData: number | null;
  closed: number | null;
  /** The emulator reset it (resetAfterBytes). */
  reset: boolean;
  /** ~HS queries answered (or, when silent, ignored) on it. */
  statusQueries: number;
}

const DEFAULTS: ZebraEmulatorOptions = {
  identity: { model: 'ZD421-203dpi', dpmm: 8 },
  flags: {},
  silent: false,
  replyStrings: 3,
  acceptDelayMs: 0,
  replyChunkBytes: Infinity,
  replyChunkDelayMs: 0,
  resetAfterBytes: null,
  resets: 1,
  oneAtATime: false,
};

const STX = '\x02';
const ETX = '\x03';

/** The three ~HS strings for these flags, fields placed as the programming guide lists them. */
export function hostStatusReply(flags: Partial<ZebraFlags> = {}): Buffer {
  const bit = (b: boolean | undefined) => (b ? '1' : '0');
  const labels = String(flags.labelsRemaining ?? 0).padStart(8, '0');
  // aaa,b(paper out),c(pause),dddd,eee,f(buffer full),g,h,iii,j,k,l
  const one = `030,${bit(flags.paperOut)},${bit(flags.paused)},1218,000,${bit(flags.bufferFull)},0,0,000,0,0,0`;
  // mmm,n,o(head up),p(ribbon out),q,r,s,t,uuuuuuuu(labels remaining),v,www
  const two = `001,0,${bit(flags.headOpen)},${bit(flags.ribbonOut)},1,2,6,0,${labels},1,000`;
  const three = '1234,0';
  return Buffer.from([one, two, three].map((s) => `${STX}${s}${ETX}\r\n`).join(''), 'latin1');
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export class ZebraEmulator {
  readonly port: number;
  private readonly server: Server;
  private options: ZebraEmulatorOptions;
  private readonly records: ConnectionRecord[] = [];
  private readonly sockets = new Set<Socket>();
  private readonly waiting: (() => void)[] = [];
  private busy = false;
  private seq = 0;
  private resetsLeft: number;

  private constructor(server: Server, port: number, options: ZebraEmulatorOptions) {
    this.server = server;
    this.port = port;
    this.options = options;
    this.resetsLeft = options.resets;
  }

  static async start(options: Partial<ZebraEmulatorOptions> = {}): Promise<ZebraEmulator> {
    const server = createServer();
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => resolve());
    });
    const address = server.address();
    if (address === null || typeof address === 'string') throw new Error('no TCP port');
    const emulator = new ZebraEmulator(server, address.port, { ...DEFAULTS, ...options });
    server.on('connection', (socket) => emulator.accept(socket));
    return emulator;
  }

  /** tcp://127.0.0.1:PORT */
  get target(): string {
    return `tcp://127.0.0.1:${this.port}`;
  }

  /** Changes behaviour from the next event on (flags merge into the current ones). */
  configure(options: Partial<ZebraEmulatorOptions>): void {
    const flags = { ...this.options.flags, ...options.flags };
    this.options = { ...this.options, ...options, flags };
    if (options.resets !== undefined) this.resetsLeft = options.resets;
  }

  get connections(): readonly ConnectionRecord[] {
    return this.records;
  }

  /** Connections that carried something besides ~HS and ended cleanly: the jobs printed. */
  jobs(): Buffer[] {
    return this.records
      .filter((r) => r.closed !== null && !r.reset && !isStatusOnly(r))
      .map((r) => r.bytes);
  }

  /**
   * Lets go of the connections that have ended (the open ones are still being recorded): a
   * long soak reads what it needs per label and would otherwise measure this recorder growing.
   */
  forgetEnded(): void {
    const open = this.records.filter((r) => r.closed === null);
    this.records.splice(0, this.records.length, ...open);
  }

  async close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private accept(socket: Socket): void {
    socket.pause();
    socket.setNoDelay(true);
    this.sockets.add(socket);
    const record: ConnectionRecord = {
      id: this.records.length + 1,
      bytes: Buffer.alloc(0),
      opened: ++this.seq,
      firstData: null,
      closed: null,
      reset: false,
      statusQueries: 0,
    };
    this.records.push(record);
    socket.on('error', () => {});
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      this.sockets.delete(socket);
      if (record.closed === null) record.closed = ++this.seq;
      if (this.options.oneAtATime) {
        this.busy = false;
        this.waiting.shift()?.();
      }
    };
    socket.on('close', release);
    const begin = () => void this.serve(socket, record);
    if (this.options.oneAtATime) {
      if (this.busy) this.waiting.push(() => ((this.busy = true), begin()));
      else {
        this.busy = true;
        begin();
      }
    } else begin();
  }

  private async serve(socket: Socket, record: ConnectionRecord): Promise<void> {
    if (this.options.acceptDelayMs > 0) await sleep(this.options.acceptDelayMs);
    if (socket.destroyed) return;
    let scanned = 0;
    socket.on('data', (chunk: Buffer) => {
      if (record.reset) return;
      record.firstData ??= ++this.seq;
      const limit = this.options.resetAfterBytes;
      let take = chunk;
      const resetNow =
        limit !== null && this.resetsLeft > 0 && record.bytes.length + chunk.length >= limit;
      if (resetNow) take = chunk.subarray(0, Math.max(0, limit - record.bytes.length));
      record.bytes = Buffer.concat([record.bytes, take]);
      if (resetNow) {
        this.resetsLeft -= 1;
        record.reset = true;
        record.closed = ++this.seq;
        socket.resetAndDestroy();
        return;
      }
      // ~HS may straddle two chunks: rescan from just before the old end.
      const text = record.bytes.toString('latin1');
      const pattern = /~hs/gi;
      pattern.lastIndex = Math.max(0, scanned - 2);
      for (let m = pattern.exec(text); m; m = pattern.exec(text)) {
        record.statusQueries += 1;
        void this.answer(socket);
      }
      // ~HI: one string, "model,firmware,dots per mm,memory,options" (ZPL II guide, ~HI).
      const identify = /~hi/gi;
      identify.lastIndex = Math.max(0, scanned - 2);
      for (let m = identify.exec(text); m; m = identify.exec(text)) {
        const { model, dpmm } = this.options.identity;
        if (!this.options.silent)
          socket.write(Buffer.from(`\x02${model},V84.20.18Z,${dpmm},8192KB,E\x03\r\n`, 'latin1'));
      }
      scanned = text.length;
    });
    socket.on('end', () => {
      if (record.closed === null) record.closed = ++this.seq;
      socket.end();
    });
    socket.resume();
  }

  private async answer(socket: Socket): Promise<void> {
    const { silent, replyStrings, replyChunkBytes, replyChunkDelayMs, flags } = this.options;
    if (silent) return;
    const whole = hostStatusReply(flags);
    // Each string ends with its CR LF; cut after the last one wanted.
    let end = 0;
    for (let i = 0; i < replyStrings; i++) end = whole.indexOf('\r\n', end, 'latin1') + 2;
    const reply = whole.subarray(0, end);
    for (let offset = 0; offset < reply.length; offset += replyChunkBytes) {
      if (offset > 0 && replyChunkDelayMs > 0) await sleep(replyChunkDelayMs);
      if (socket.destroyed || !socket.writable) return;
      socket.write(reply.subarray(offset, offset + replyChunkBytes));
    }
  }
}

export const isStatusOnly = (record: ConnectionRecord): boolean =>
  /^(~hs|~hi)+$/i.test(record.bytes.toString('latin1'));

/** A loopback port nobody listens on (bound, then released): connecting is refused. */
export function closedPort(): Promise<number> {
  return freePort();
}
