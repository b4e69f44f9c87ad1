import type { ClipFile, ClipStore } from './clip-store.ts';

// How long clips are kept (issue #41, Settings → Camera): by age in days and by a cap on the
// disk they take, the oldest going first. A clip of a pack still open, or under hold, is never
// deleted, whatever its age; nor is one being written. When those alone pass the cap, the cap
// is passed and the result says so.

export interface RetentionPolicy {
  /** Clips last written longer ago than this are deleted; null keeps them by age forever. */
  keepDays: number | null;
  /** Clips (with those being written) may take at most this many bytes; null: no cap. */
  maxBytes: number | null;
}

export interface RetentionResult {
  deleted: ClipFile[];
  /** Bytes the clips take after this pass (the open ones counted). */
  keptBytes: number;
  /** The clips that may not be deleted alone take more than the cap. */
  overCap: boolean;
}

const DAY_MS = 86_400_000;

/** One retention pass over the store's folder; `isProtected` names packs open or under hold. */
export function applyRetention(
  store: ClipStore,
  policy: RetentionPolicy,
  options: { now: number; isProtected: (packId: string) => boolean },
): RetentionResult {
  const clips = store.list();
  const deletable = (clip: ClipFile) =>
    !store.isOpen(clip.packId) && !options.isProtected(clip.packId);
  const deleted: ClipFile[] = [];
  const remove = (clip: ClipFile): boolean => {
    try {
      store.remove(clip.file);
    } catch {
      return false; // a share that refuses now: the next pass tries again
    }
    deleted.push(clip);
    return true;
  };
  const kept: ClipFile[] = [];
  for (const clip of clips) {
    const old =
      policy.keepDays !== null && options.now - clip.modifiedAt > policy.keepDays * DAY_MS;
    if (!(old && deletable(clip) && remove(clip))) kept.push(clip);
  }
  let keptBytes = store.openBytes() + kept.reduce((sum, clip) => sum + clip.bytes, 0);
  if (policy.maxBytes !== null)
    for (const clip of kept) {
      if (keptBytes <= policy.maxBytes) break;
      if (deletable(clip) && remove(clip)) keptBytes -= clip.bytes;
    }
  return {
    deleted,
    keptBytes,
    overCap: policy.maxBytes !== null && keptBytes > policy.maxBytes,
  };
}
