import { createHash, type Hash } from 'node:crypto';
import { basename, join } from 'node:path';
import type { MessageKey } from '../../shared/i18n/message-key.ts';
import type { Clock } from '../platform/clock.ts';
import { fieldOf } from '../platform/guards.ts';
import { nodeClipFs, type ClipFs } from './clip-fs.ts';
import { WebmDuration } from './webm-duration.ts';

// One clip per pack, written by main as the window's MediaRecorder hands over its fragments
// (issue #41): each fragment is appended to the file as it comes, hashed and timed on the way,
// so the clip is never whole in memory. While it is written the clip is `<pack>.<start>.webm.part`;
// closing renames it `<pack>.<start>.webm`. A `.part` left by a crash is found by recover(),
// closed as it is (appended WebM fragments play up to the cut) and hashed from the disk. A write
// that fails (a full disk, a share gone) stops the clip with a sentence; nothing here throws
// into the pack.

export interface ClipSentence {
  messageKey: MessageKey;
  params: Record<string, string>;
}

export interface ClipResult {
  packId: string;
  /** The closed clip's path. */
  file: string;
  /** When recording began (ms since the epoch): the cues count from here. */
  startedAt: number;
  bytes: number;
  sha256: string;
  /** How long it plays, from its frames' timestamps; absent when no frame was written. */
  durationMs?: number;
  /** Why recording stopped before the close (a full disk…); null when it did not. */
  stopped: ClipSentence | null;
  /** Closed by recover() after a crash, not by close(). */
  recovered: boolean;
}

/** A closed clip in the folder, as retention sees it. */
export interface ClipFile {
  packId: string;
  file: string;
  startedAt: number;
  bytes: number;
  modifiedAt: number;
}

export interface ClipStoreOptions {
  /** `<data>/clips`, or the folder IT set (a network share); read at each new clip. */
  dir: string | (() => string);
  clock: Clock;
  fs?: ClipFs;
  /** Told once when a clip stops early: the order card says it, packing goes on. */
  onStopped?: (packId: string, sentence: ClipSentence) => void;
}

interface OpenClip {
  packId: string;
  part: string;
  startedAt: number;
  bytes: number;
  hash: Hash;
  duration: WebmDuration;
  /** Every append so far, in order: each waits for the one before. */
  writing: Promise<void>;
  stopped: ClipSentence | null;
  /** A write failed part-way: the file, not what was hashed, is the truth. */
  dirty: boolean;
}

const NAME = /^([A-Za-z0-9_-]{1,128})\.(\d{1,15})\.webm(\.part)?$/;
const FULL_CODES = new Set(['ENOSPC', 'EDQUOT', 'EFBIG']);

/** The pack and start a clip's file name carries; null for any other file. */
export function parseClipName(
  file: string,
): { packId: string; startedAt: number; open: boolean } | null {
  const match = NAME.exec(basename(file));
  if (!match) return null;
  return { packId: match[1] ?? '', startedAt: Number(match[2]), open: match[3] !== undefined };
}

/** Whether a pack's clip is being recorded now, as the finish gate asks. */
export type ClipState = 'none' | 'waiting' | 'recording' | 'stopped';

export class ClipStore {
  private readonly folder: () => string;
  private readonly fs: ClipFs;
  private readonly clock: Clock;
  private readonly onStopped: (packId: string, sentence: ClipSentence) => void;
  private readonly open = new Map<string, OpenClip>();

  constructor(options: ClipStoreOptions) {
    const { dir } = options;
    this.folder = typeof dir === 'string' ? () => dir : dir;
    this.clock = options.clock;
    this.fs = options.fs ?? nodeClipFs;
    this.onStopped = options.onStopped ?? (() => {});
  }

  /** Starts the pack's clip (nothing when it is already recording). */
  start(packId: string): void {
    if (this.open.has(packId)) return;
    if (!NAME.test(`${packId}.0.webm`)) throw new Error(`Not a pack id for a clip: ${packId}`);
    const startedAt = this.clock.now();
    const clip: OpenClip = {
      packId,
      part: join(this.dir, `${packId}.${startedAt}.webm.part`),
      startedAt,
      bytes: 0,
      hash: createHash('sha256'),
      duration: new WebmDuration(),
      writing: Promise.resolve(),
      stopped: null,
      dirty: false,
    };
    this.open.set(packId, clip);
    try {
      this.fs.makeDir(this.dir);
    } catch (error) {
      this.stop(clip, error);
    }
  }

  /** The folder new clips go to now. */
  get dir(): string {
    return this.folder();
  }

  isOpen(packId: string): boolean {
    return this.open.has(packId);
  }

  /** none: no clip open; waiting: open, nothing written yet; stopped: a write failed. */
  state(packId: string): ClipState {
    const clip = this.open.get(packId);
    if (!clip) return 'none';
    if (clip.stopped) return 'stopped';
    return clip.bytes > 0 ? 'recording' : 'waiting';
  }

  /** Why the pack's open clip stopped, or null. */
  stoppedWhy(packId: string): ClipSentence | null {
    return this.open.get(packId)?.stopped ?? null;
  }

  /** Packs whose clip is being written now. */
  openPacks(): string[] {
    return [...this.open.keys()];
  }

  /**
   * Appends one fragment to the pack's clip; resolves once it is on disk (or refused). Never
   * rejects: a failed write stops the clip and says why through `onStopped`.
   */
  append(packId: string, bytes: Uint8Array): Promise<void> {
    const clip = this.open.get(packId);
    if (!clip || clip.stopped || bytes.length === 0) return clip?.writing ?? Promise.resolve();
    const copy = bytes.slice();
    clip.writing = clip.writing.then(async () => {
      if (clip.stopped) return;
      try {
        await this.fs.appendBytes(clip.part, copy);
      } catch (error) {
        clip.dirty = true;
        this.stop(clip, error);
        return;
      }
      clip.bytes += copy.length;
      clip.hash.update(copy);
      clip.duration.push(copy);
    });
    return clip.writing;
  }

  /** Ends the pack's clip once its fragments are written; null when it has none open. */
  async close(packId: string): Promise<ClipResult | null> {
    const clip = this.open.get(packId);
    if (!clip) return null;
    await clip.writing;
    this.open.delete(packId);
    if (!this.fs.exists(clip.part)) {
      // Nothing was ever written (the camera gave nothing, or the first write failed whole).
      return clip.stopped ? this.emptyResult(clip) : null;
    }
    let file = clip.part.replace(/\.part$/, '');
    try {
      this.fs.rename(clip.part, file);
    } catch (error) {
      // A share gone at the close: the clip keeps its .part name and recover() finds it again.
      file = clip.part;
      clip.dirty = true;
      this.stop(clip, error);
    }
    if (clip.dirty)
      return {
        ...(await this.measure(packId, file, clip.startedAt, false)),
        stopped: clip.stopped,
      };
    const durationMs = clip.duration.durationMs();
    return {
      packId,
      file,
      startedAt: clip.startedAt,
      bytes: clip.bytes,
      sha256: clip.hash.digest('hex'),
      ...(durationMs === null ? {} : { durationMs }),
      stopped: clip.stopped,
      recovered: false,
    };
  }

  /**
   * Closes every clip a crash left open (`.part` files this store is not writing), as it is,
   * hashed and timed from the disk. Run once at start, before recording anything.
   */
  async recover(also: readonly string[] = []): Promise<ClipResult[]> {
    const results: ClipResult[] = [];
    for (const dir of new Set([this.dir, ...also]))
      for (const name of this.fs.list(dir).sort()) {
        const parsed = parseClipName(name);
        if (!parsed?.open || this.open.has(parsed.packId)) continue;
        results.push(await this.recoverPart(join(dir, name), parsed));
      }
    return results;
  }

  private recoverPart(
    part: string,
    parsed: { packId: string; startedAt: number },
  ): Promise<ClipResult> {
    const file = part.replace(/\.part$/, '');
    this.fs.rename(part, file);
    return this.measure(parsed.packId, file, parsed.startedAt, true);
  }

  /** The closed clips in the folder, oldest first. */
  list(): ClipFile[] {
    const clips: ClipFile[] = [];
    for (const name of this.fs.list(this.dir)) {
      const parsed = parseClipName(name);
      if (!parsed || parsed.open) continue;
      const file = join(this.dir, name);
      try {
        const { bytes, modifiedAt } = this.fs.stat(file);
        clips.push({ packId: parsed.packId, file, startedAt: parsed.startedAt, bytes, modifiedAt });
      } catch {
        // gone between the listing and the stat (another station's retention on a share)
      }
    }
    return clips.sort((a, b) => a.modifiedAt - b.modifiedAt || a.file.localeCompare(b.file));
  }

  /** Bytes the open clips take now (their `.part` files). */
  openBytes(): number {
    let bytes = 0;
    for (const clip of this.open.values()) bytes += clip.bytes;
    return bytes;
  }

  remove(file: string): void {
    this.fs.remove(file);
  }

  /** Hashes and times a clip from the disk, piece by piece. */
  private async measure(
    packId: string,
    file: string,
    startedAt: number,
    recovered: boolean,
  ): Promise<ClipResult> {
    const hash = createHash('sha256');
    const duration = new WebmDuration();
    let bytes = 0;
    for await (const piece of this.fs.readPieces(file)) {
      hash.update(piece);
      duration.push(piece);
      bytes += piece.length;
    }
    const durationMs = duration.durationMs();
    return {
      packId,
      file,
      startedAt,
      bytes,
      sha256: hash.digest('hex'),
      ...(durationMs === null ? {} : { durationMs }),
      stopped: null,
      recovered,
    };
  }

  private emptyResult(clip: OpenClip): ClipResult {
    return {
      packId: clip.packId,
      file: clip.part.replace(/\.part$/, ''),
      startedAt: clip.startedAt,
      bytes: 0,
      sha256: createHash('sha256').digest('hex'),
      stopped: clip.stopped,
      recovered: false,
    };
  }

  private stop(clip: OpenClip, error: unknown): void {
    if (clip.stopped) return;
    const code = String(fieldOf(error, 'code') ?? 'EIO');
    clip.stopped = FULL_CODES.has(code)
      ? { messageKey: 'evidence.clip.diskFull', params: { folder: this.dir } }
      : { messageKey: 'evidence.clip.writeFailed', params: { folder: this.dir, code } };
    this.onStopped(clip.packId, clip.stopped);
  }
}
