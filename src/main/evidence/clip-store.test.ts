import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Clock } from '../platform/clock.ts';
import { nodeClipFs, type ClipFs } from './clip-fs.ts';
import { ClipStore, parseClipName, type ClipSentence } from './clip-store.ts';

let time = 1_000;
const clock: Clock = { now: () => time, setTimeout: () => 0, clearTimeout: () => {} };
let dir = '';

beforeEach(() => {
  time = 1_000;
  dir = mkdtempSync(join(tmpdir(), 'packbench-clipstore-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const failing = (code: string, after: number, at: 'append' | 'rename' = 'append'): ClipFs => {
  let calls = 0;
  const fail = () => Object.assign(new Error(`${code}: refused`), { code });
  return {
    ...nodeClipFs,
    appendBytes: async (path, bytes) => {
      calls += 1;
      if (at === 'append' && calls > after) throw fail();
      return nodeClipFs.appendBytes(path, bytes);
    },
    rename: (from, to) => {
      if (at === 'rename') throw fail();
      nodeClipFs.rename(from, to);
    },
  };
};

describe('ClipStore', () => {
  it('writes fragments in the order they came, even when not awaited one by one', async () => {
    const store = new ClipStore({ dir, clock });
    store.start('p1');
    const parts = ['one,', 'two,', 'three'].map((t) => new TextEncoder().encode(t));
    await Promise.all(parts.map((part) => store.append('p1', part)));
    time = 5_000;
    const result = await store.close('p1');
    expect(readFileSync(result?.file ?? '', 'utf8')).toBe('one,two,three');
    expect(result).toMatchObject({
      packId: 'p1',
      startedAt: 1_000,
      bytes: 13,
      sha256: createHash('sha256').update('one,two,three').digest('hex'),
      stopped: null,
      recovered: false,
    });
    expect(result?.file).toBe(join(dir, 'p1.1000.webm'));
    expect(await store.close('p1')).toBeNull();
  });

  it('stops on a refused write with its sentence, once, and ignores what comes after', async () => {
    const stopped: [string, ClipSentence][] = [];
    const store = new ClipStore({
      dir,
      clock,
      fs: failing('EACCES', 1),
      onStopped: (pack, sentence) => stopped.push([pack, sentence]),
    });
    store.start('p2');
    for (const text of ['kept', 'refused', 'ignored']) await store.append('p2', Buffer.from(text));
    expect(stopped).toEqual([
      ['p2', { messageKey: 'evidence.clip.writeFailed', params: { folder: dir, code: 'EACCES' } }],
    ]);
    const result = await store.close('p2');
    expect(result).toMatchObject({
      bytes: 4,
      stopped: { messageKey: 'evidence.clip.writeFailed' },
    });
    expect(readFileSync(result?.file ?? '', 'utf8')).toBe('kept');
  });

  it('keeps the .part name when the close cannot rename, and recover() closes it later', async () => {
    const store = new ClipStore({ dir, clock, fs: failing('EIO', 0, 'rename') });
    store.start('p3');
    await store.append('p3', Buffer.from('frames'));
    const result = await store.close('p3');
    expect(result?.file).toBe(join(dir, 'p3.1000.webm.part'));
    expect(result?.stopped?.messageKey).toBe('evidence.clip.writeFailed');
    const [again] = await new ClipStore({ dir, clock }).recover();
    expect(again).toMatchObject({ packId: 'p3', startedAt: 1_000, bytes: 6, recovered: true });
    expect(readdirSync(dir)).toEqual(['p3.1000.webm']);
  });

  it('has nothing to close when nothing was written, and refuses a name that is no pack id', async () => {
    const store = new ClipStore({ dir, clock });
    store.start('p4');
    expect(await store.close('p4')).toBeNull();
    expect(existsSync(join(dir, 'p4.1000.webm'))).toBe(false);
    expect(() => store.start('../escape')).toThrow(/Not a pack id/);
    expect(parseClipName('/x/p5.123.webm.part')).toEqual({
      packId: 'p5',
      startedAt: 123,
      open: true,
    });
    expect(parseClipName('p5.webm')).toBeNull();
  });
});
