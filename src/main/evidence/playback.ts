import { basename, join } from 'node:path';
import type { DatabaseSync } from 'node:sqlite';
import type { ClipPlayback, PackClips } from '../../shared/camera.ts';
import type { CatalogueLanguage } from '../../shared/i18n/translate.ts';
import { PackStore } from '../pack/pack-store.ts';
import { finishedPackOf } from './bundle.ts';
import { deletedFiles, isHeld, proofEvents, type ClipEvent } from './clip-events.ts';
import type { ClipFs } from './clip-fs.ts';
import { cuesOf, webVtt } from './cues.ts';

// The station's own player (issue #41): a finished pack's clips as the window plays them, each
// with its cues to jump to, and the two files the app's protocol serves for it — the clip and
// its WebVTT track. Only clips the pack's record names are ever served, found where they were
// written or, after a move, by name in the folders the station knows.

/** Same-origin paths: `/clips/<packId>/<index>.webm` and `.vtt`. */
export const clipPath = (packId: string, index: number, kind: 'webm' | 'vtt') =>
  `/clips/${encodeURIComponent(packId)}/${index}.${kind}`;

export interface PlaybackSource {
  db: DatabaseSync;
  fs: ClipFs;
  /** Folders a clip may have moved to (the current clips folder, `<data>/clips`). */
  dirs: () => readonly string[];
}

function clipsOf(db: DatabaseSync, packId: string): { clips: ClipEvent[]; deleted: Set<string> } {
  const proof = proofEvents(db, packId);
  return {
    clips: proof.filter((e): e is ClipEvent => e.kind === 'clip' && e.bytes > 0),
    deleted: deletedFiles(proof),
  };
}

function locate(source: PlaybackSource, clip: ClipEvent, deleted: Set<string>): string | null {
  if (deleted.has(clip.file)) return null;
  for (const candidate of [clip.file, ...source.dirs().map((d) => join(d, basename(clip.file)))])
    if (source.fs.exists(candidate)) return candidate;
  return null;
}

/** The newest finished pack of the order and its clips; null when this station packed none. */
export function packClips(
  source: PlaybackSource,
  orderId: string,
  lang: CatalogueLanguage,
): PackClips | null {
  const packId = finishedPackOf(source.db, orderId);
  if (!packId) return null;
  const store = new PackStore(source.db);
  const pack = store.get(packId);
  if (!pack) return null;
  const events = store.events(packId);
  const { clips, deleted } = clipsOf(source.db, packId);
  return {
    orderId,
    packId,
    held: isHeld(proofEvents(source.db, packId)),
    clips: clips.map((clip, index): ClipPlayback => ({
      index,
      src: clipPath(packId, index, 'webm'),
      track: clipPath(packId, index, 'vtt'),
      startedAt: clip.startedAt,
      durationMs: clip.durationMs,
      bytes: clip.bytes,
      sha256: clip.sha256,
      available: locate(source, clip, deleted) !== null,
      stopped: clip.stopped,
      cues: cuesOf(pack, events, clip, lang).map(({ id, startMs, lines }) => ({
        id,
        startMs,
        lines,
      })),
    })),
  };
}

/** The file of a pack's clip by its index, when its record names it and it is still there. */
export function clipFile(source: PlaybackSource, packId: string, index: number): string | null {
  const { clips, deleted } = clipsOf(source.db, packId);
  const clip = clips[index];
  return clip ? locate(source, clip, deleted) : null;
}

/** The WebVTT track of a pack's clip by its index, made from the record. */
export function clipTrack(
  source: PlaybackSource,
  packId: string,
  index: number,
  lang: CatalogueLanguage,
): string | null {
  const { clips } = clipsOf(source.db, packId);
  const clip = clips[index];
  const store = new PackStore(source.db);
  const pack = store.get(packId);
  if (!clip || !pack) return null;
  return webVtt(pack, cuesOf(pack, store.events(packId), clip, lang));
}
