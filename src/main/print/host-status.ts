// ~HS, Zebra's host status query, over a raw TCP connection.
//
// ZPL II Programming Guide (Zebra 45541L-004 Rev. A, "~HS Host Status Return", pp. 171-172):
// the printer answers with three strings, each "<STX>…<ETX><CR><LF>", fields separated by
// commas (0-based positions below):
//   String 1  aaa,b,c,dddd,eee,f,g,h,iii,j,k,l
//             1 b = paper out flag (1 = paper out)   2 c = pause flag (1 = pause active)
//             5 f = buffer full flag (1 = receive buffer full)
//   String 2  mmm,n,o,p,q,r,s,t,uuuuuuuu,v,www
//             2 o = head up flag (1 = head in up position)   3 p = ribbon out flag
//             8 uuuuuuuu = labels remaining in batch
//   String 3  xxxx,y (password, static RAM installed) — read so the reply is known whole.
// The strings may arrive in any number of TCP segments, slowly, or not at all; bytes outside
// an STX…ETX frame (the CR LF between them, anything before the first STX) are ignored.
import { connect, type Socket } from 'node:net';
import { systemClock, type Clock } from '../platform/clock.ts';
import { PrintError, describeSocketError } from './errors.ts';
import type { PrinterStatus } from './status.ts';

export const HOST_STATUS_QUERY = '~HS';

const STX = 0x02;
const ETX = 0x03;
/** A real frame is under 40 bytes; anything this long is not a ~HS reply. */
const MAX_FRAME = 512;

const flag = (fields: readonly string[], index: number, line: number): boolean => {
  const value = fields[index];
  if (value !== '0' && value !== '1')
    throw new PrintError(
      'bad-reply',
      `The printer's status reply is not one this app can read (line ${line}, field ${index + 1} is "${value ?? ''}", not 0 or 1).`,
    );
  return value === '1';
};

/** The three strings' text (between STX and ETX) → the status. */
export function parseHostStatus(strings: readonly string[]): PrinterStatus {
  const [one, two] = strings.map((s) => s.split(','));
  if (!one || !two || strings.length < 3)
    throw new PrintError('bad-reply', `The printer's status reply has fewer than three lines.`);
  const labels = (two[8] ?? '').trim();
  if (!/^\d{1,8}$/.test(labels))
    throw new PrintError(
      'bad-reply',
      `The printer's status reply is not one this app can read (labels remaining is "${labels}").`,
    );
  return {
    online: true,
    paperOut: flag(one, 1, 1),
    paused: flag(one, 2, 1),
    bufferFull: flag(one, 5, 1),
    headOpen: flag(two, 2, 2),
    ribbonOut: flag(two, 3, 2),
    labelsRemaining: Number(labels),
  };
}

/** What a query needs to read its answer: how many STX…ETX strings, and what they mean. */
export interface ReplyReader<T> {
  /** Feeds a chunk; returns the answer once its last string is complete, else null. */
  push(chunk: Uint8Array): T | null;
  /** Strings in whole so far, for the "answered only partly" sentence. */
  readonly received: number;
  readonly expected: number;
}

/** Collects STX…ETX frames from chunks as they arrive; done once `expected` are in. */
export class FrameReader<T> implements ReplyReader<T> {
  private readonly frames: string[] = [];
  private current: number[] | null = null;

  readonly expected: number;
  private readonly parse: (strings: readonly string[]) => T;

  constructor(expected: number, parse: (strings: readonly string[]) => T) {
    this.expected = expected;
    this.parse = parse;
  }

  push(chunk: Uint8Array): T | null {
    for (const byte of chunk) {
      if (this.frames.length >= this.expected) break;
      if (byte === STX) this.current = [];
      else if (byte === ETX && this.current) {
        this.frames.push(String.fromCharCode(...this.current));
        this.current = null;
      } else if (this.current) {
        this.current.push(byte);
        if (this.current.length > MAX_FRAME)
          throw new PrintError('bad-reply', `The printer's reply is not one this app can read.`);
      }
    }
    return this.frames.length >= this.expected ? this.parse(this.frames) : null;
  }

  get received(): number {
    return this.frames.length;
  }
}

/** The ~HS reader: three strings. */
export class HostStatusReader extends FrameReader<PrinterStatus> {
  constructor() {
    super(3, parseHostStatus);
  }
}

export interface HostStatusOptions {
  /** From the start of the connection to the third string. */
  timeoutMs: number;
  clock?: Clock;
}

/** Sends ~HS to host:port and reads the reply; PrintError unreachable / not-answering / bad-reply. */
export function queryHostStatus(
  host: string,
  port: number,
  options: HostStatusOptions,
): Promise<PrinterStatus> {
  return queryPrinter(host, port, HOST_STATUS_QUERY, 'status', new HostStatusReader(), options);
}

/** Sends one query (~HS, ~HI) and reads its STX…ETX answer, with the same refusals. */
export function queryPrinter<T>(
  host: string,
  port: number,
  query: string,
  /** What the answer is, for sentences: "status", "identification". */
  what: string,
  reader: ReplyReader<T>,
  { timeoutMs, clock = systemClock }: HostStatusOptions,
): Promise<T> {
  const where = `The printer at ${host}:${port}`;
  return new Promise((resolve, reject) => {
    const socket: Socket = connect({ host, port });
    let connected = false;
    let settled = false;

    const finish = (error: PrintError | null, status?: T) => {
      if (settled) return;
      settled = true;
      clock.clearTimeout(timer);
      // Late errors (a reset after we are done) have nobody to tell.
      socket.on('error', () => {});
      if (error) socket.destroy();
      else {
        // A half-close lets the printer take the next connection (many take one at a time);
        // the timer only covers a printer that never closes its side.
        socket.end();
        clock.setTimeout(() => socket.destroy(), 1000);
      }
      if (error) reject(error);
      else if (status !== undefined) resolve(status);
    };

    const timer = clock.setTimeout(
      () => {
        if (!connected)
          finish(
            new PrintError('unreachable', `${where} could not be reached within ${timeoutMs} ms.`),
          );
        else
          finish(
            new PrintError(
              'not-answering',
              reader.received === 0
                ? `${where} is not answering: no ${what} reply within ${timeoutMs} ms.`
                : `${where} is not answering: only ${reader.received} of the ${reader.expected} ${what} lines came within ${timeoutMs} ms.`,
            ),
          );
      },
      timeoutMs,
      { keepAlive: true },
    );

    socket.setNoDelay(true);
    socket.on('connect', () => {
      connected = true;
      socket.write(query, 'latin1');
    });
    socket.on('data', (chunk: Buffer) => {
      try {
        const answer = reader.push(chunk);
        if (answer !== null) finish(null, answer);
      } catch (error) {
        finish(error instanceof PrintError ? error : new PrintError('bad-reply', String(error)));
      }
    });
    socket.on('error', (error) => {
      finish(
        connected
          ? new PrintError(
              'not-answering',
              `${where} is not answering: ${describeSocketError(error)} before its ${what} reply came.`,
              { cause: error },
            )
          : new PrintError(
              'unreachable',
              `${where} is unreachable: ${describeSocketError(error)}.`,
              {
                cause: error,
              },
            ),
      );
    });
    socket.on('close', () => {
      finish(
        new PrintError(
          'not-answering',
          `${where} is not answering: it closed the connection before its ${what} reply came.`,
        ),
      );
    });
  });
}
