import type { DatabaseSync } from 'node:sqlite';
import { join } from 'node:path';
import {
  cameraSettingsSchema,
  DEFAULT_CAMERA_SETTINGS,
  type CameraSettings,
  type ClipSummary,
  type EvidenceExport,
  type PackClips,
} from '../../shared/camera.ts';
import type { MessageKey } from '../../shared/i18n/message-key.ts';
import type { CatalogueLanguage } from '../../shared/i18n/translate.ts';
import { EvidenceError, exportEvidence, finishedPackOf } from '../evidence/bundle.ts';
import { appendProofEvent, isHeld, proofEvents } from '../evidence/clip-events.ts';
import { nodeClipFs } from '../evidence/clip-fs.ts';
import type { ClipServeSource } from '../evidence/clip-serve.ts';
import { ClipStore, type ClipResult, type ClipSentence } from '../evidence/clip-store.ts';
import { clipFile, clipTrack, packClips, type PlaybackSource } from '../evidence/playback.ts';
import { EvidenceRecorder } from '../evidence/recorder.ts';
import type { Clock } from '../platform/clock.ts';
import type { Imposed } from '../platform/policy-lock.ts';
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
  /** What the machine's policy sets for the camera (the folder, the finish gate, a lock). */
  imposed?: Imposed<CameraSettings> | null;
  /** Where Export evidence writes its bundles. */
  exportDir?: string;
  /** The window's language: the cues speak it. */
  language?: () => CatalogueLanguage;
}

/** Why a pack may not finish yet: the policy wants a clip and none is being recorded. */
export interface FinishGate {
  messageKey: MessageKey;
  params: Record<string, string>;
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
      imposed: options.imposed ?? null,
    });
    const clips = new ClipStore({
      dir: () => this.folder(),
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

  /** The folder new clips go to: the one IT or Settings names, else `<data>/clips`. */
  folder(): string {
    return this.settings().folder ?? this.dataClips;
  }

  private get dataClips(): string {
    return join(this.options.dataDir, 'clips');
  }

  /** Closes what a crash left open, each into its pack's record. Run once at start. */
  async recover(): Promise<void> {
    await this.recorder.recover([this.dataClips]);
  }

  /**
   * The finish gate (issue #41): with a clip required, a pack finishes only while its clip is
   * being written. Recording is evidence, not a gate, unless the settings (IT's policy) say so.
   */
  finishGate(packId: string): FinishGate | null {
    const settings = this.settings();
    if (!settings.required) return null;
    if (!settings.enabled) return { messageKey: 'camera.gate.off', params: {} };
    const state = this.recorder.clips.state(packId);
    if (state === 'recording') return null;
    return { messageKey: `camera.gate.${state}`, params: {} };
  }

  /**
   * Puts the order's newest finished pack's clips on hold (a dispute) or lets them go: a held
   * clip is never deleted by retention. Written in the pack's record.
   */
  hold(orderId: string, held: boolean): PackClips | null {
    const packId = finishedPackOf(this.options.db, orderId);
    if (!packId) return null;
    appendProofEvent(this.options.db, packId, {
      at: this.options.clock.now(),
      kind: 'clip-hold',
      held,
    });
    return this.packClips(orderId);
  }

  /** The newest finished pack of the order and its clips, for the station's player. */
  packClips(orderId: string): PackClips | null {
    return packClips(this.playback, orderId, this.language());
  }

  /** What the app's protocol serves from: only clips the records name. */
  get clips(): ClipServeSource {
    return {
      clipFile: (packId, index) => clipFile(this.playback, packId, index),
      clipTrack: (packId, index) => clipTrack(this.playback, packId, index, this.language()),
      fs: nodeClipFs,
    };
  }

  /** Export evidence from the order card: the bundle of the order's newest finished pack. */
  async exportOrder(orderId: string): Promise<EvidenceExport> {
    const packId = finishedPackOf(this.options.db, orderId);
    if (!packId)
      throw new EvidenceError({
        messageKey: 'evidence.cli.noPack',
        params: { order: orderId, dir: '' },
      });
    const dir = this.options.exportDir ?? join(this.options.dataDir, 'evidence');
    nodeClipFs.makeDir(dir);
    const safe = orderId.replace(/[^A-Za-z0-9_-]+/g, '_').slice(0, 80);
    const out = join(dir, `evidence-${safe}-${packId.slice(0, 8)}.zip`);
    const result = await exportEvidence({
      db: this.options.db,
      packId,
      out,
      clock: this.options.clock,
      lang: this.language(),
      clipDirs: [this.folder(), this.dataClips],
    });
    return { file: result.file, bytes: result.bytes, manifestSha256: result.manifestSha256 };
  }

  private get playback(): PlaybackSource {
    return {
      db: this.options.db,
      fs: nodeClipFs,
      dirs: () => [this.folder(), this.dataClips],
    };
  }

  private language(): CatalogueLanguage {
    return this.options.language?.() ?? 'en';
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
      (packId) =>
        packId === justClosed ||
        this.options.isOpen(packId) ||
        isHeld(proofEvents(this.options.db, packId)),
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
  readonly language: CatalogueLanguage;
}

/** The core's camera: the pack journal's database, open packs kept, the fleet told of clips. */
export function createStationEvidence(
  options: { dataDir: string; fs?: StationFs | undefined; evidenceDir?: string | undefined },
  clock: Clock,
  host: EvidenceHost,
  imposed: Imposed<CameraSettings> | null,
): StationEvidence {
  return new StationEvidence({
    dataDir: options.dataDir,
    fs: options.fs,
    imposed,
    ...(options.evidenceDir ? { exportDir: options.evidenceDir } : {}),
    language: () => host.language,
    clock,
    db: host.outbox.database,
    isOpen: (packId) => host.packing.store.get(packId)?.status === 'open',
    closed: (packId) => host.records.clipClosed(packId),
  });
}
