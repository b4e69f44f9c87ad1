import type { DatabaseSync } from 'node:sqlite';
import { rows } from '../platform/sqlite-rows.ts';
import type { ClipResult, ClipSentence } from './clip-store.ts';

// What proof of pack adds to a pack's record: events in the pack's own append-only
// `pack_events` (migration 6), so the outbox's schema stays as it is (it must fit in SQLite's
// page 1). The pack's own code reads its kinds and passes these by:
//   clip          a clip closed: its file, size, SHA-256, duration, start, and why it stopped early
//   clip-deleted  retention removed a clip's file (the record keeps its hash)
//   evidence      an evidence bundle was exported: the SHA-256 of its manifest.json
// Written with the insert the pack store itself uses; PackStore.append's type names only the
// pack's own kinds.

export interface ClipEvent {
  seq: number;
  at: number;
  kind: 'clip';
  file: string;
  startedAt: number;
  bytes: number;
  sha256: string;
  durationMs: number | null;
  stopped: ClipSentence | null;
  recovered: boolean;
}

export interface ClipDeletedEvent {
  seq: number;
  at: number;
  kind: 'clip-deleted';
  file: string;
  reason: 'retention';
}

export interface EvidenceEvent {
  seq: number;
  at: number;
  kind: 'evidence';
  /** The bundle's file name (without its folder). */
  name: string;
  bytes: number;
  manifestSha256: string;
}

/**
 * A supervisor kept the pack's clips (a dispute, a claim): retention never deletes them while
 * the newest of these says `held`; `held: false` lets them go again.
 */
export interface ClipHoldEvent {
  seq: number;
  at: number;
  kind: 'clip-hold';
  held: boolean;
}

export type ProofEvent = ClipEvent | ClipDeletedEvent | EvidenceEvent | ClipHoldEvent;
type NewProofEvent = ProofEvent extends infer E
  ? E extends ProofEvent
    ? Omit<E, 'seq'>
    : never
  : never;

const KINDS = ['clip', 'clip-deleted', 'evidence', 'clip-hold'] as const;

/** Appends one proof event to the pack's record; committed when this returns. */
export function appendProofEvent(db: DatabaseSync, packId: string, event: NewProofEvent): number {
  const { at, kind, ...data } = event;
  const result = db
    .prepare('INSERT INTO pack_events (pack_id, at, kind, data) VALUES (?, ?, ?, ?)')
    .run(packId, at, kind, JSON.stringify(data));
  return Number(result.lastInsertRowid);
}

/** The clip event a closed clip writes. */
export function clipEventOf(result: ClipResult, at: number): Omit<ClipEvent, 'seq'> {
  return {
    at,
    kind: 'clip',
    file: result.file,
    startedAt: result.startedAt,
    bytes: result.bytes,
    sha256: result.sha256,
    durationMs: result.durationMs ?? null,
    stopped: result.stopped,
    recovered: result.recovered,
  };
}

/** The pack's proof events, oldest first. */
export function proofEvents(db: DatabaseSync, packId: string): ProofEvent[] {
  return rows<{ seq: number; at: number; kind: ProofEvent['kind']; data: string }>(
    db,
    `SELECT seq, at, kind, data FROM pack_events WHERE pack_id = ? AND kind IN (${KINDS.map(() => '?').join(', ')})
     ORDER BY seq`,
    packId,
    ...KINDS,
  ).map((raw) => ({ seq: raw.seq, at: raw.at, kind: raw.kind, ...JSON.parse(raw.data) }));
}

/** Whether the pack's clips are on hold now (its newest hold event says so). */
export function isHeld(events: readonly ProofEvent[]): boolean {
  const last = events.filter((e): e is ClipHoldEvent => e.kind === 'clip-hold').at(-1);
  return last?.held === true;
}

/** The files retention (or someone) deleted, by their path as the clip event names it. */
export function deletedFiles(events: readonly ProofEvent[]): Set<string> {
  return new Set(events.flatMap((e) => (e.kind === 'clip-deleted' ? [e.file] : [])));
}
