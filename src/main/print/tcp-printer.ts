// A Zebra (or any raw-port) printer over TCP: status by ~HS, jobs as raw bytes, one
// connection per job, one job at a time per printer (see lock.ts), one retry per job.
//
// A job is sent whole when the printer has closed the connection after our half-close:
// a printer that resets instead has dropped part of it, and its FIN after ours means it read
// to the end. The bytes go out exactly as given — no encoding, no added line end.
import { connect } from 'node:net';
import { systemClock, systemElapsed, type Clock } from '../platform/clock.ts';
import { PrintError, describeSocketError } from './errors.ts';
import { queryHostStatus } from './host-status.ts';
import {
  printHoldingPrinter,
  type JobResult,
  type PrintJob,
  type PrintJobs,
  type PrintOptions,
  type PrintOutcome,
} from './job.ts';
import { withPrinterLock, type PrinterLockOptions } from './lock.ts';
import type { PrinterStatus } from './status.ts';
import { formatTarget } from './target.ts';

export interface TcpPrinterOptions {
  /** For the status reply, for connecting, and for any stall in a job's transfer. */
  timeoutMs: number;
  clock?: Clock;
  /** Milliseconds for the JSON's "ms" (monotonic). */
  now?: () => number;
  lock?: PrinterLockOptions;
}

/** Writes in slices so a slow printer that is still taking bytes is not timed out. */
const SLICE = 16 * 1024;

export class TcpPrinter {
  readonly host: string;
  readonly port: number;
  private readonly options: TcpPrinterOptions;
  private readonly clock: Clock;

  constructor(host: string, port: number, options: TcpPrinterOptions) {
    this.host = host;
    this.port = port;
    this.options = options;
    this.clock = options.clock ?? systemClock;
  }

  private get key(): string {
    return formatTarget({ kind: 'tcp', host: this.host, port: this.port });
  }

  private get where(): string {
    return `The printer at ${this.host}:${this.port}`;
  }

  /** The printer's ~HS status, queued behind any job in progress (it is a connection too). */
  status(): Promise<PrinterStatus> {
    return withPrinterLock(this.key, () => this.readStatus(), this.options.lock);
  }

  /**
   * Asks the status, refuses (printer-stopped) unless ready or forced, then sends each job in
   * order — all while holding the printer, so nobody else's job lands in between.
   */
  print(jobs: PrintJobs, options: PrintOptions = {}): Promise<PrintOutcome> {
    return printHoldingPrinter(
      {
        lockKey: this.key,
        lock: this.options.lock,
        where: this.where,
        readStatus: () => this.readStatus(),
        send: (job) => this.sendWithRetry(job),
      },
      jobs,
      options,
    );
  }

  private readStatus(): Promise<PrinterStatus> {
    return queryHostStatus(this.host, this.port, {
      timeoutMs: this.options.timeoutMs,
      clock: this.clock,
    });
  }

  /** One job: a connection; if it fails, that job once more on a new one, then a sentence. */
  private async sendWithRetry(job: PrintJob): Promise<JobResult> {
    const now = this.options.now ?? systemElapsed;
    const started = now();
    const result = (attempts: 1 | 2): JobResult => ({
      file: job.name,
      bytes: job.bytes.length,
      ms: Math.round((now() - started) * 100) / 100,
      attempts,
    });
    try {
      await this.sendOnce(job.bytes);
      return result(1);
    } catch (first) {
      try {
        await this.sendOnce(job.bytes);
        return result(2);
      } catch (second) {
        throw new PrintError(
          'job-failed',
          `${job.name} was not printed: ${this.where} failed it twice (${describeSocketError(first)}, ` +
            `then on the retry ${describeSocketError(second)}).`,
          { cause: second },
        );
      }
    }
  }

  /** One connection: connect, write everything, half-close, wait for the printer to close. */
  private sendOnce(bytes: Uint8Array): Promise<void> {
    const { timeoutMs } = this.options;
    const clock = this.clock;
    return new Promise((resolve, reject) => {
      const socket = connect({ host: this.host, port: this.port });
      let timer: unknown = null;
      let settled = false;
      const stall = () => {
        if (timer !== null) clock.clearTimeout(timer);
        timer = clock.setTimeout(
          () =>
            settle(
              Object.assign(new Error(`no progress for ${timeoutMs} ms`), { code: 'ESTALLED' }),
            ),
          timeoutMs,
          { keepAlive: true },
        );
      };
      const settle = (error: Error | null) => {
        if (settled) return;
        settled = true;
        if (timer !== null) clock.clearTimeout(timer);
        socket.on('error', () => {});
        if (error) {
          socket.destroy();
          reject(error);
        } else resolve();
      };
      stall();
      socket.setNoDelay(true);
      socket.on('connect', () => {
        stall();
        for (let offset = 0; offset < bytes.length; offset += SLICE)
          socket.write(bytes.subarray(offset, offset + SLICE), () => {
            if (!settled) stall();
          });
        socket.end();
      });
      // A printer may talk back (a ~HS inside a job): read and drop it so it never stalls.
      socket.on('data', () => stall());
      socket.on('error', (error) => settle(error));
      socket.on('close', (hadError) => {
        settle(hadError ? new Error('the connection failed') : null);
      });
    });
  }
}
