import type { DatabaseSync } from 'node:sqlite';
import { join } from 'node:path';
import {
  cameraSettingsSchema,
  DEFAULT_CAMERA_SETTINGS,
  type CameraSettings,
  type ClipSummary,
} from '../../shared/camera.ts';
import { ClipStore, type ClipResult, type ClipSentence } from '../evidence/clip-store.ts';
import { EvidenceRecorder } from '../evidence/recorder.ts';
import type { Clock } from '../platform/clock.ts';
import { SettingsFile } from '../platform/settings-file.ts';
import type { StationFs } from '../platform/station-fs.ts';

// Proof of pack as the core composes it (issue #41): Settings → Camera in camera.json, the clip
// store in `<data>/clips`, and the recorder that writes each closed clip into its pack's record.
// The window records (getUserMedia, the overlay, MediaRecorder) and hands each fragment over;
// main writes it as it comes. Recording is evidence, not a gate: a problem is a sentence for the
// order card, never an error thrown into the pack.

const GB = 1024 ** 3;

export interface StationEvidenceOptions {
  dataDir: string;
  fs?: StationFs | undefined;
  clock: Clock;
  /** The outbox's database: packs and their events live there. */
  db: DatabaseSync;
  /** A pack still open: its clip is never deleted by retention. */
  isOpen: (packId: string) => boolean;
  /** A clip was closed into its pack's record (the fleet's records send it again). */
  closed?: (packId: string) => void;
}

export class StationEvidence {
  readonly recorder: EvidenceRecorder;
  private readonly file: SettingsFile<typeof cameraSettingsSchema>;
  private readonly options: StationEvidenceOptions;
  /** Why each pack's recording stopped early, for the order card. */
  private readonly stopped = new Map<string, ClipSentence>();

  constructor(options: StationEvidenceOptions) {
    this.options = options;
    this.file = new SettingsFile({
      dataDir: options.dataDir,
      name: 'camera.json',
      schema: cameraSettingsSchema,
      defaults: DEFAULT_CAMERA_SETTINGS,
      now: () => new Date(options.clock.now()),
      fs: options.fs,
    });
    const clips = new ClipStore({
      dir: join(options.dataDir, 'clips'),
      clock: options.clock,
      onStopped: (packId, sentence) => this.stopped.set(packId, sentence),
    });
    this.recorder = new EvidenceRecorder({
      db: options.db,
      clips,
      clock: options.clock,
      onProblem: (packId, problem) => {
        if (!(problem instanceof Error)) this.stopped.set(packId, problem);
      },
    });
  }

  /** A damaged camera.json set aside at start (the station started with the camera off). */
  get recoveredFrom(): string | null {
    return this.file.recoveredFrom;
  }

  settings(): CameraSettings {
    return this.file.get();
  }

  saveSettings(settings: CameraSettings): Promise<CameraSettings> {
    return this.file.save(settings);
  }

  /** Closes what a crash left open, each into its pack's record. Run once at start. */
  async recover(): Promise<void> {
    await this.recorder.recover();
  }

  /** The pack's clip begins (nothing when it already did); refused while the camera is off. */
  start(packId: string): boolean {
    if (!this.settings().enabled) return false;
    this.stopped.delete(packId);
    this.recorder.start(packId);
    return true;
  }

  /** One fragment of the window's recording, written before this resolves. */
  append(packId: string, bytes: Uint8Array): Promise<void> {
    return this.recorder.append(packId, bytes);
  }

  /**
   * Closes the pack's clip: hashed, timed and written into the pack's record. Then one
   * retention pass, which never takes an open pack's clip nor the one just closed.
   */
  async finish(packId: string): Promise<ClipSummary | null> {
    const result = await this.recorder.finish(packId);
    if (result) this.options.closed?.(packId);
    this.retain(packId);
    return result ? summaryOf(result) : null;
  }

  /** Why the pack's recording stopped early (a full disk…), or null. */
  problem(packId: string): ClipSentence | null {
    return this.stopped.get(packId) ?? null;
  }

  private retain(justClosed: string): void {
    const { keepDays, maxGigabytes } = this.settings();
    this.recorder.retain(
      { keepDays, maxBytes: maxGigabytes === null ? null : Math.round(maxGigabytes * GB) },
      (packId) => packId === justClosed || this.options.isOpen(packId),
    );
  }
}

function summaryOf(result: ClipResult): ClipSummary {
  return {
    packId: result.packId,
    bytes: result.bytes,
    sha256: result.sha256,
    durationMs: result.durationMs ?? null,
  };
}

/** What the camera takes from the station core (read when used, never at creation). */
export interface EvidenceHost {
  readonly outbox: { database: DatabaseSync };
  readonly packing: { store: { get: (packId: string) => { status: string } | null } };
  readonly records: { clipClosed: (packId: string) => void };
}

/** The core's camera: the pack journal's database, open packs kept, the fleet told of clips. */
export function createStationEvidence(
  options: { dataDir: string; fs?: StationFs | undefined },
  clock: Clock,
  host: EvidenceHost,
): StationEvidence {
  return new StationEvidence({
    dataDir: options.dataDir,
    fs: options.fs,
    clock,
    db: host.outbox.database,
    isOpen: (packId) => host.packing.store.get(packId)?.status === 'open',
    closed: (packId) => host.records.clipClosed(packId),
  });
}
