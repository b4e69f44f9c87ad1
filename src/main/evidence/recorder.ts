import type { DatabaseSync } from 'node:sqlite';
import type { Clock } from '../platform/clock.ts';
import { appendProofEvent, clipEventOf } from './clip-events.ts';
import type { ClipResult, ClipSentence, ClipStore } from './clip-store.ts';
import { applyRetention, type RetentionPolicy, type RetentionResult } from './retention.ts';

// The clip store with the pack record beside it: what the station core wires to the pack's
// life (issue #41). start when the pack opens, append each fragment the window sends, finish a
// few seconds after the pack ends; the closed clip's SHA-256, size and duration go into the
// pack's record as a `clip` event. recover() at start closes what a crash left open; retain()
// runs the retention and notes each deleted file in its pack's record. Recording is evidence,
// not a gate: nothing here throws into the pack; a problem is told to `onProblem`.

export interface EvidenceRecorderOptions {
  /** The outbox's database (the core's own connection): packs and pack_events live there. */
  db: DatabaseSync;
  clips: ClipStore;
  clock: Clock;
  /** A clip that could not be closed or recorded; the window says it in a sentence. */
  onProblem?: (packId: string, problem: ClipSentence | Error) => void;
}

export class EvidenceRecorder {
  private readonly o: EvidenceRecorderOptions;

  constructor(options: EvidenceRecorderOptions) {
    this.o = options;
  }

  get clips(): ClipStore {
    return this.o.clips;
  }

  /** Starts recording the pack (nothing when it already is). */
  start(packId: string): void {
    try {
      this.o.clips.start(packId);
    } catch (error) {
      this.problem(packId, error);
    }
  }

  /** One fragment from the window's MediaRecorder; resolves once written (never rejects). */
  append(packId: string, bytes: Uint8Array): Promise<void> {
    return this.o.clips.append(packId, bytes);
  }

  /** Closes the pack's clip and writes it into the pack's record; null when none was open. */
  async finish(packId: string): Promise<ClipResult | null> {
    let result: ClipResult | null;
    try {
      result = await this.o.clips.close(packId);
    } catch (error) {
      this.problem(packId, error);
      return null;
    }
    try {
      if (result) this.record(result);
    } catch (error) {
      // The clip is closed and hashed; only its line in the record is missing (a full disk).
      this.problem(packId, error);
    }
    return result;
  }

  /** Closes and records every clip a crash left open (also in `also`). Run once at start. */
  async recover(also: readonly string[] = []): Promise<ClipResult[]> {
    let results: ClipResult[] = [];
    try {
      results = await this.o.clips.recover(also);
    } catch (error) {
      this.problem('', error);
    }
    for (const result of results) {
      try {
        this.record(result);
      } catch (error) {
        this.problem(result.packId, error);
      }
    }
    return results;
  }

  /** One retention pass; `isProtected` names packs open or under hold. */
  retain(policy: RetentionPolicy, isProtected: (packId: string) => boolean): RetentionResult {
    const result = applyRetention(this.o.clips, policy, { now: this.o.clock.now(), isProtected });
    for (const clip of result.deleted)
      try {
        appendProofEvent(this.o.db, clip.packId, {
          at: this.o.clock.now(),
          kind: 'clip-deleted',
          file: clip.file,
          reason: 'retention',
        });
      } catch (error) {
        this.problem(clip.packId, error);
      }
    return result;
  }

  private record(result: ClipResult): void {
    appendProofEvent(this.o.db, result.packId, clipEventOf(result, this.o.clock.now()));
  }

  private problem(packId: string, error: unknown): void {
    this.o.onProblem?.(packId, error instanceof Error ? error : new Error(String(error)));
  }
}
