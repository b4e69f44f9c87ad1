import { mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Clock } from '../platform/clock.ts';
import { ClipStore } from './clip-store.ts';
import { applyRetention } from './retention.ts';

const DAY = 86_400_000;
const NOW = Date.UTC(2027, 2, 15);
const clock: Clock = { now: () => NOW, setTimeout: () => 0, clearTimeout: () => {} };
let dir = '';

afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** A folder of clips, each `bytes` long and last written `daysAgo`. */
function folder(clips: { pack: string; daysAgo: number; bytes: number }[]): ClipStore {
  dir = mkdtempSync(join(tmpdir(), 'packbench-clips-'));
  for (const clip of clips) {
    const file = join(dir, `${clip.pack}.${NOW - clip.daysAgo * DAY}.webm`);
    writeFileSync(file, Buffer.alloc(clip.bytes));
    const when = new Date(NOW - clip.daysAgo * DAY);
    utimesSync(file, when, when);
  }
  writeFileSync(join(dir, 'notes.txt'), 'not a clip'); // never touched
  return new ClipStore({ dir, clock });
}

const packs = (store: ClipStore) => store.list().map((clip) => clip.packId);

describe('clip retention', () => {
  it('deletes clips past their days, and never a protected one', () => {
    const store = folder([
      { pack: 'old-held', daysAgo: 90, bytes: 10 },
      { pack: 'old', daysAgo: 40, bytes: 10 },
      { pack: 'recent', daysAgo: 3, bytes: 10 },
    ]);
    const result = applyRetention(
      store,
      { keepDays: 30, maxBytes: null },
      { now: NOW, isProtected: (pack) => pack === 'old-held' },
    );
    expect(result.deleted.map((clip) => clip.packId)).toEqual(['old']);
    expect(packs(store)).toEqual(['old-held', 'recent']);
    expect(result).toMatchObject({ keptBytes: 20, overCap: false });
  });

  it('keeps under the disk cap by deleting the oldest first, passing over protected clips', () => {
    const store = folder([
      { pack: 'a', daysAgo: 5, bytes: 400 },
      { pack: 'b-open', daysAgo: 4, bytes: 400 },
      { pack: 'c', daysAgo: 3, bytes: 400 },
      { pack: 'd', daysAgo: 2, bytes: 400 },
      { pack: 'e', daysAgo: 1, bytes: 400 },
    ]);
    const result = applyRetention(
      store,
      { keepDays: null, maxBytes: 1_000 },
      { now: NOW, isProtected: (pack) => pack === 'b-open' },
    );
    expect(result.deleted.map((clip) => clip.packId)).toEqual(['a', 'c', 'd']);
    expect(packs(store)).toEqual(['b-open', 'e']);
    expect(result).toMatchObject({ keptBytes: 800, overCap: false });
  });

  it('says so when the protected clips alone pass the cap, and counts a clip being written', () => {
    const store = folder([
      { pack: 'held', daysAgo: 9, bytes: 600 },
      { pack: 'free', daysAgo: 8, bytes: 100 },
    ]);
    store.start('recording');
    const result = applyRetention(
      store,
      { keepDays: 1, maxBytes: 500 },
      { now: NOW, isProtected: (pack) => pack === 'held' },
    );
    expect(result.deleted.map((clip) => clip.packId)).toEqual(['free']);
    expect(result).toMatchObject({ keptBytes: 600, overCap: true });
    expect(store.isOpen('recording')).toBe(true);
  });
});
