// One open scale: ask for a reading and wait for it. A serial scale answers a command (MT-SICS
// `SI`, NCI `W`); a HID scale reports by itself, on change or on a beat. Silence past the
// timeout and a port that goes away are errors with their own sentence, never a hang.
import type { Clock } from '../platform/clock.ts';
import type { ScaleReading } from '../../shared/scale/types.ts';
import { decodeHidReport } from './hid-report.ts';
import { EtxSplitter, LineSplitter } from './framing.ts';
import type { HidLink, SerialLink } from './links.ts';
import { decodeNciFrame, NCI_COMMANDS } from './nci.ts';
import { ScaleError } from './scale-error.ts';
import { decodeSicsLine, SICS_COMMANDS } from './sics.ts';

export interface ScaleSession {
  /** The next reading, within `timeoutMs`. */
  read(timeoutMs: number): Promise<ScaleReading>;
  close(): Promise<void>;
}

interface Waiter {
  resolve: (reading: ScaleReading) => void;
  reject: (error: Error) => void;
  timer: unknown;
}

/** What both kinds share: one reader waiting at a time, the timeout, the unplugging. */
abstract class WaitingSession implements ScaleSession {
  protected waiter: Waiter | null = null;
  protected gone = false;
  protected readonly clock: Clock;
  protected readonly device: string;

  constructor(clock: Clock, device: string) {
    this.clock = clock;
    this.device = device;
  }

  abstract read(timeoutMs: number): Promise<ScaleReading>;
  abstract close(): Promise<void>;

  protected deliver(reading: ScaleReading): boolean {
    const waiter = this.waiter;
    if (!waiter) return false;
    this.waiter = null;
    this.clock.clearTimeout(waiter.timer);
    waiter.resolve(reading);
    return true;
  }

  protected unplugged(): void {
    this.gone = true;
    const waiter = this.waiter;
    this.waiter = null;
    if (!waiter) return;
    this.clock.clearTimeout(waiter.timer);
    waiter.reject(new ScaleError('unplugged', { device: this.device }));
  }

  protected wait(timeoutMs: number, onTimeout: () => ScaleReading | null): Promise<ScaleReading> {
    if (this.gone) return Promise.reject(new ScaleError('unplugged', { device: this.device }));
    if (this.waiter) return Promise.reject(new Error('one read at a time'));
    return new Promise<ScaleReading>((resolve, reject) => {
      const timer = this.clock.setTimeout(
        () => {
          this.waiter = null;
          const fallback = onTimeout();
          if (fallback) resolve(fallback);
          else reject(new ScaleError('no-answer', { device: this.device, ms: timeoutMs }));
        },
        timeoutMs,
        { keepAlive: true },
      );
      this.waiter = { resolve, reject, timer };
    });
  }
}

/** A serial scale speaking MT-SICS or NCI: each read sends the weight command once. */
export class SerialScale extends WaitingSession {
  private readonly link: SerialLink;
  private readonly protocol: 'sics' | 'nci';

  constructor(link: SerialLink, protocol: 'sics' | 'nci', clock: Clock, device: string) {
    super(clock, device);
    this.link = link;
    this.protocol = protocol;
    const lines = new LineSplitter();
    const frames = new EtxSplitter();
    link.onData((chunk) => {
      const readings =
        protocol === 'sics'
          ? lines.push(chunk).map(decodeSicsLine)
          : frames.push(chunk).map(decodeNciFrame);
      // A reply that is not a weight (a zero's `Z A`, NCI's `?`) answers nothing we asked.
      for (const reading of readings) if (reading) this.deliver(reading);
    });
    link.onClose(() => this.unplugged());
  }

  async read(timeoutMs: number): Promise<ScaleReading> {
    if (this.gone) throw new ScaleError('unplugged', { device: this.device });
    const answer = this.wait(timeoutMs, () => null);
    // The caller awaits `answer` below; this only keeps a port that fails the write from
    // leaving it rejected with no one listening for a moment.
    answer.catch(() => undefined);
    const command = this.protocol === 'sics' ? SICS_COMMANDS.weightNow : NCI_COMMANDS.weight;
    await this.link.write(command).catch(() => this.unplugged());
    return answer;
  }

  close(): Promise<void> {
    this.gone = true;
    return this.link.close();
  }
}

/**
 * A HID scale: it reports by itself. A read takes the report that came since the last read,
 * or waits for the next; a scale that reports only on change and has not changed keeps its
 * last report, which is then still true.
 */
export class HidScale extends WaitingSession {
  private readonly link: HidLink;
  private latest: ScaleReading | null = null;
  private fresh = false;

  constructor(link: HidLink, clock: Clock, device: string) {
    super(clock, device);
    this.link = link;
    link.onReport((report) => {
      const reading = decodeHidReport(report);
      if (!reading) return;
      this.latest = reading;
      this.fresh = !this.deliver(reading);
    });
    link.onClose(() => this.unplugged());
  }

  read(timeoutMs: number): Promise<ScaleReading> {
    if (this.fresh && this.latest && !this.gone) {
      this.fresh = false;
      return Promise.resolve(this.latest);
    }
    return this.wait(timeoutMs, () => this.latest);
  }

  close(): Promise<void> {
    this.gone = true;
    return this.link.close();
  }
}
