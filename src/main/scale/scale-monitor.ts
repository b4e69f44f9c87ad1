// The station's scale, watched all the time it is set up (issue #29): opened, read a few times a
// second (a HID scale reports by itself), its readings judged by the stable-weight rule, and its
// state told to the window. A scale that goes away (unplugged, switched off, a port that
// vanishes) is tried again by itself every `retryMs`: plugging it back in is all it takes.
import type { Clock } from '../platform/clock.ts';
import type { ScaleSettings, ScaleView } from '../../shared/scale/settings.ts';
import type { ScaleReading } from '../../shared/scale/types.ts';
import { openScale, parseDeviceName, type OpenScaleOptions } from './open-scale.ts';
import { ScaleError } from './scale-error.ts';
import type { ScaleSession } from './scale-session.ts';
import { StableWeight } from './stable-weight.ts';

export interface ScaleMonitorOptions {
  clock: Clock;
  settings: () => ScaleSettings;
  /** The links and the HID list (tests pass their own). */
  openers?: Partial<Pick<OpenScaleOptions, 'openSerial' | 'openHid' | 'hidDevices'>>;
  /** Between two requests to a serial scale. */
  pollMs?: number;
  /** Before trying a scale that went away again. */
  retryMs?: number;
  /** How long one request may go unanswered before the scale counts as silent. */
  readTimeoutMs?: number;
}

const OFF: ScaleView = {
  state: 'off',
  device: null,
  reading: null,
  stable: false,
  needsZero: false,
};

export class ScaleMonitor {
  private current: ScaleView = OFF;
  private readonly listeners = new Set<(view: ScaleView) => void>();
  private readonly options: Required<Omit<ScaleMonitorOptions, 'openers'>> &
    Pick<ScaleMonitorOptions, 'openers'>;
  private rule = new StableWeight();
  private needsZero = false;
  /** Each start gets a number; a loop whose number is not the newest stops. */
  private generation = 0;
  private session: ScaleSession | null = null;
  private wake: (() => void) | null = null;

  constructor(options: ScaleMonitorOptions) {
    this.options = { pollMs: 200, retryMs: 1000, readTimeoutMs: 1000, ...options };
  }

  view(): ScaleView {
    return this.current;
  }

  onChange(listener: (view: ScaleView) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** (Re)starts on the settings as they are now: after a save, or at the station's start. */
  start(): void {
    const generation = ++this.generation;
    void this.closeSession();
    this.wake?.();
    this.rule = new StableWeight();
    const { device } = this.options.settings();
    if (device === null) {
      this.publish(OFF);
      return;
    }
    void this.run(generation, device);
  }

  async stop(): Promise<void> {
    this.generation += 1;
    this.wake?.();
    await this.closeSession();
    this.publish(OFF);
  }

  /** The stable weight, if the scale holds one now (for the pack's finish). */
  stableReading(): ScaleReading | null {
    return this.current.stable ? this.current.reading : null;
  }

  /** The weight was taken for an order: the next order's waits for the scale to show zero. */
  taken(): void {
    this.rule.taken();
    this.needsZero = true;
    this.publish({ ...this.current, stable: false, needsZero: true });
  }

  private async run(generation: number, device: string): Promise<void> {
    const live = () => generation === this.generation;
    const { clock } = this.options;
    this.publish({ ...OFF, state: 'connecting', device });
    while (live()) {
      const settings = this.options.settings();
      let session: ScaleSession;
      try {
        session = await openScale(parseDeviceName(device), {
          protocol: settings.protocol,
          serial: settings.serial,
          clock,
          ...this.options.openers,
        });
      } catch {
        if (!live()) return;
        this.publish({ ...OFF, state: 'unplugged', device });
        await this.pause(this.options.retryMs);
        continue;
      }
      if (!live()) {
        await session.close();
        return;
      }
      this.session = session;
      this.rule.reset();
      const outcome = await this.readUntilGone(session, live, device, settings.protocol);
      await this.closeSession();
      if (outcome === 'stopped' || !live()) return;
      this.publish({ ...OFF, state: 'unplugged', device });
      await this.pause(this.options.retryMs);
    }
  }

  private async readUntilGone(
    session: ScaleSession,
    live: () => boolean,
    device: string,
    protocol: ScaleSettings['protocol'],
  ): Promise<'gone' | 'stopped'> {
    const { clock, readTimeoutMs, pollMs } = this.options;
    while (live()) {
      let reading: ScaleReading;
      try {
        reading = await session.read(readTimeoutMs);
      } catch (error) {
        if (!live()) return 'stopped';
        if (error instanceof ScaleError && error.code === 'no-answer') {
          this.rule.reset();
          this.publish({ ...this.current, state: 'silent', device, stable: false });
          continue;
        }
        return 'gone';
      }
      if (!live()) return 'stopped';
      const decision = this.rule.feed(reading, clock.now());
      if (decision.kind !== 'needs-zero') this.needsZero = false;
      this.publish({
        state: 'reading',
        device,
        reading,
        stable: decision.kind === 'stable',
        needsZero: this.needsZero,
      });
      if (protocol !== 'hid') await this.pause(pollMs);
    }
    return 'stopped';
  }

  private pause(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const handle = this.options.clock.setTimeout(() => {
        this.wake = null;
        resolve();
      }, ms);
      this.wake = () => {
        this.options.clock.clearTimeout(handle);
        this.wake = null;
        resolve();
      };
    });
  }

  private async closeSession(): Promise<void> {
    const session = this.session;
    this.session = null;
    await session?.close().catch(() => undefined);
  }

  private publish(view: ScaleView): void {
    const same =
      view.state === this.current.state &&
      view.device === this.current.device &&
      view.stable === this.current.stable &&
      view.needsZero === this.current.needsZero &&
      JSON.stringify(view.reading) === JSON.stringify(this.current.reading);
    this.current = view;
    if (!same) for (const listener of this.listeners) listener(view);
  }
}
