import { stat, unlink } from 'node:fs/promises';
import { basename } from 'node:path';
import type { Clock } from '../platform/clock.ts';
import { messageOf } from '../platform/guards.ts';
import type { UpdateRefusal, UpdateStatus } from '../../shared/updates.ts';
import type { KeyObject } from 'node:crypto';
import { isChecksumMismatch, type FoundUpdate, type UpdateEngine } from './engine.ts';
import { installVerdict, type StationWork, type UpdateSettings } from './rules.ts';
import { fingerprintOf, ManifestRefused, publicKeyFrom } from './signature.ts';

export interface StationUpdaterOptions {
  engine: UpdateEngine;
  /** From the policy (rules.ts `updateSettings`); null: updates are off. */
  settings: UpdateSettings | null;
  stationId: string;
  clock: Clock;
  /** What the station is doing now (a pack open, the outbox sending, the print queue). */
  work: () => StationWork;
  /** Without a byte for this long, a download (or the check) counts as stalled. Default 60 s. */
  stallMs?: number;
  /** First check after the start, then every `checkEveryMs`. Defaults 2 min and 4 h. */
  firstCheckMs?: number;
  checkEveryMs?: number;
  /** How often the policy's hours are looked at once an update is ready. Default 1 min. */
  installTickMs?: number;
  /** Station time: the minute of the day (0–1439) at `now`. Default: the machine's local time. */
  minuteOfDay?: (now: number) => number;
  /** A file's size in bytes (default: the file system's). */
  sizeOf?: (path: string) => Promise<number>;
  removeFile?: (path: string) => Promise<void>;
}

const localMinute = (now: number) => {
  const date = new Date(now);
  return date.getHours() * 60 + date.getMinutes();
};

class Stalled extends Error {}

/**
 * The station's updates: checks IT's folder in the background, downloads a newer version,
 * accepts it only when its sha512 and size match what the server announced, and installs it at
 * the next quit or within the policy's hours, never while someone works.
 */
export class StationUpdater {
  private current: UpdateStatus;
  private readonly listeners = new Set<(status: UpdateStatus) => void>();
  private readonly stallMs: number;
  private readonly minuteOfDay: (now: number) => number;
  private readonly sizeOf: (path: string) => Promise<number>;
  private readonly removeFile: (path: string) => Promise<void>;
  private timer: unknown = null;
  private installTimer: unknown = null;
  private running: Promise<UpdateStatus> | null = null;
  private installing = false;
  private stopped = false;

  private readonly options: StationUpdaterOptions;
  /** Null: no release key set, updates are not signature-checked. */
  private readonly publicKeys: KeyObject[] | null;

  constructor(options: StationUpdaterOptions) {
    this.options = options;
    const keys = options.settings?.publicKeys ?? [];
    // A key that cannot be read trusts nothing, yet still leaves updates signature-checked:
    // a station told to check must never fall back to taking what the folder holds.
    this.publicKeys =
      keys.length === 0
        ? null
        : keys.flatMap((key) => {
            try {
              return [publicKeyFrom(key)];
            } catch {
              return [];
            }
          });
    this.current = options.settings ? { state: 'idle' } : { state: 'off' };
    this.stallMs = options.stallMs ?? 60_000;
    this.minuteOfDay = options.minuteOfDay ?? localMinute;
    this.sizeOf = options.sizeOf ?? (async (path) => (await stat(path)).size);
    this.removeFile = options.removeFile ?? ((path) => unlink(path).catch(() => undefined));
  }

  status(): UpdateStatus {
    return this.current;
  }

  /** The fingerprints of the keys a manifest must be signed by; null: not signature-checked. */
  signatureKeys(): string[] | null {
    return this.publicKeys?.map(fingerprintOf) ?? null;
  }

  onChange(listener: (status: UpdateStatus) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Starts the background checks (nothing when updates are off). */
  start(): void {
    if (!this.options.settings || this.stopped) return;
    this.schedule(this.options.firstCheckMs ?? 120_000);
  }

  stop(): void {
    this.stopped = true;
    if (this.timer !== null) this.options.clock.clearTimeout(this.timer);
    if (this.installTimer !== null) this.options.clock.clearTimeout(this.installTimer);
    this.timer = this.installTimer = null;
  }

  /** One check, and a download when something newer is offered; one at a time. */
  check(): Promise<UpdateStatus> {
    this.running ??= this.checkOnce().finally(() => (this.running = null));
    return this.running;
  }

  /**
   * The app is quitting: install a ready update now unless work is still under way (then it
   * waits for the next quit). `work`: what the station was doing when the quit began, for a
   * caller whose core has closed by now. Returns whether the installer ran.
   */
  atQuit(work?: StationWork): boolean {
    if (this.installing) return false;
    const verdict = this.verdict('quit', work);
    if (!verdict.install) return false;
    this.installing = true;
    this.stop();
    return this.options.engine.installOnQuit();
  }

  private verdict(moment: 'quit' | 'clock', work = this.options.work()) {
    return installVerdict({
      moment,
      ready: this.current.state === 'ready',
      hours: this.options.settings?.hours ?? null,
      minuteOfDay: this.minuteOfDay(this.options.clock.now()),
      work,
    });
  }

  private schedule(ms: number): void {
    if (this.stopped) return;
    if (this.timer !== null) this.options.clock.clearTimeout(this.timer);
    this.timer = this.options.clock.setTimeout(() => {
      this.timer = null;
      void this.check().finally(() => this.schedule(this.options.checkEveryMs ?? 4 * 3_600_000));
    }, ms);
  }

  /** Once ready, look at the policy's hours every tick; install only when idle inside them. */
  private watchHours(): void {
    if (this.stopped || !this.options.settings?.hours || this.installTimer !== null) return;
    this.installTimer = this.options.clock.setTimeout(() => {
      this.installTimer = null;
      if (this.installing || this.current.state !== 'ready') return;
      if (this.verdict('clock').install) {
        this.installing = true;
        this.stop();
        this.options.engine.installAndRestart();
        return;
      }
      this.watchHours();
    }, this.options.installTickMs ?? 60_000);
  }

  private set(status: UpdateStatus): UpdateStatus {
    this.current = status;
    for (const listener of this.listeners) listener(status);
    return status;
  }

  private refuse(
    reason: UpdateRefusal,
    version: string | null,
    values: Record<string, string | number>,
  ): UpdateStatus {
    return this.set({
      state: 'refused',
      version,
      reason,
      sentence: { key: `updates.refused.${reason}`, values: { version: version ?? '', ...values } },
    });
  }

  /** Runs `work`; rejects with Stalled when `alive` has not been called for stallMs. */
  private watched<T>(work: (alive: () => void, signal: AbortSignal) => Promise<T>): Promise<T> {
    const { clock } = this.options;
    const controller = new AbortController();
    let handle: unknown = null;
    return new Promise<T>((resolve, reject) => {
      const arm = () => {
        if (handle !== null) clock.clearTimeout(handle);
        handle = clock.setTimeout(() => {
          controller.abort();
          reject(new Stalled());
        }, this.stallMs);
      };
      arm();
      work(arm, controller.signal).then(resolve, reject);
    }).finally(() => {
      if (handle !== null) clock.clearTimeout(handle);
    });
  }

  private async checkOnce(): Promise<UpdateStatus> {
    const { settings, engine, stationId } = this.options;
    if (!settings) return this.set({ state: 'off' });
    if (this.current.state === 'ready') return this.current;
    this.set({ state: 'checking' });
    let found: FoundUpdate;
    try {
      found = await this.watched((_alive, signal) =>
        engine.check(
          {
            url: settings.url,
            channel: settings.channel,
            stationId,
            publicKeys: this.publicKeys,
          },
          signal,
        ),
      );
    } catch (error) {
      // Refused before anything downloaded: the manifest's signature is missing or wrong.
      if (error instanceof ManifestRefused)
        return this.refuse(error.problem, null, { file: error.file, url: settings.url });
      // A server that answers nothing to the check is as good as unreachable.
      return this.refuse('unreachable', null, { url: settings.url, message: messageOf(error) });
    }
    if (!found.available || !found.version) {
      return this.set({ state: 'current', latest: found.version });
    }
    const version = found.version;
    this.set({ state: 'downloading', version });
    let file: string;
    try {
      file = await this.watched((alive, signal) => engine.download(signal, alive));
    } catch (error) {
      if (error instanceof Stalled)
        return this.refuse('stalled', version, { seconds: Math.round(this.stallMs / 1000) });
      if (isChecksumMismatch(error)) return this.refuse('tampered', version, {});
      return this.refuse('failed', version, { message: messageOf(error) });
    }
    const announced = found.files.find((entry) => basename(entry.url) === basename(file));
    const actual = await this.sizeOf(file);
    if (announced?.size != null && announced.size !== actual) {
      await this.removeFile(file);
      return this.refuse('size', version, { actual, expected: announced.size });
    }
    const ready = this.set({ state: 'ready', version, hours: settings.hours });
    this.watchHours();
    return ready;
  }
}
