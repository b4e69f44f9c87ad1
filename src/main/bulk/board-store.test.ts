import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { FakeClock } from '@test/support/fake-clock.ts';
import type { BulkRow } from '../../shared/ipc/bulk-types.ts';
import { NewerSchemaError } from '../outbox/database.ts';
import { nodeFs } from '../platform/station-fs.ts';
import { BOARD_FILE, BoardStore } from './board-store.ts';

const dirs: string[] = [];
const folder = () => {
  const dir = mkdtempSync(join(tmpdir(), 'packbench-board-store-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const row = (source: string): BulkRow => ({
  source,
  kind: 'label',
  index: 1,
  pages: null,
  status: 'matched',
  order: 'PB-1',
  candidates: ['PB-1'],
  evidence: [],
  error: null,
  sha256: 'a'.repeat(64),
  duplicateOf: null,
  deliveredAs: null,
});

describe('the board on disk', () => {
  it('keeps pieces, bytes, decisions and the listing across a reopen', () => {
    const dir = folder();
    const clock = new FakeClock(1_000);
    const store = new BoardStore(dir, nodeFs, clock);
    store.add('p1', [{ row: row('a.zpl'), bytes: new Uint8Array([1, 2, 3]) }]);
    store.add('p2', [{ row: row('other-profile.zpl'), bytes: null }]);
    const [piece] = store.pieces('p1');
    if (!piece) throw new Error('no piece');
    store.assign('p1', piece.seq, 'PB-9');
    store.leaveOut('p1', piece.seq, true);
    store.saveListing('p1', [
      { id: 'PB-9', customer: { name: 'Ana' }, shipping_address: { postal_code: '1' } },
    ]);
    store.close();

    const again = new BoardStore(dir, nodeFs, clock);
    expect(again.setAside).toBeNull();
    expect(again.pieces('p1')).toEqual([
      {
        seq: piece.seq,
        droppedAt: 1_000,
        row: row('a.zpl'),
        assigned: 'PB-9',
        leftOut: true,
        jobId: null,
      },
    ]);
    expect([...(again.bytes('p1', piece.seq) ?? [])]).toEqual([1, 2, 3]);
    expect(again.listing('p1')).toMatchObject({ readAt: 1_000, orders: [{ id: 'PB-9' }] });
    expect(again.listing('p2')).toBeNull();
    expect(again.clear('p1')).toBe(1);
    expect(again.pieces('p2')).toHaveLength(1);
    again.close();
  });

  it('sets a damaged file aside byte for byte and starts an empty board that says where', () => {
    const dir = folder();
    const damaged = Buffer.from('SQLite format 3\0 but nothing after it is a database');
    writeFileSync(join(dir, BOARD_FILE), damaged);
    const store = new BoardStore(dir, nodeFs, new FakeClock(42));
    expect(store.setAside).toBe(join(dir, `${BOARD_FILE}.damaged-42`));
    expect(readFileSync(join(dir, `${BOARD_FILE}.damaged-42`))).toEqual(damaged);
    expect(store.pieces('p1')).toEqual([]);
    store.add('p1', [{ row: row('b.zpl'), bytes: new Uint8Array([9]) }]);
    expect(store.pieces('p1')).toHaveLength(1);
    store.close();
    expect(readdirSync(dir).sort()).toContain(BOARD_FILE);
  });

  it('refuses a board file from a newer Packbench, and leaves it as it was', async () => {
    const dir = folder();
    const { DatabaseSync } = await import('node:sqlite');
    const newer = new DatabaseSync(join(dir, BOARD_FILE));
    newer.exec('PRAGMA user_version = 99');
    newer.close();
    const before = readFileSync(join(dir, BOARD_FILE));
    expect(() => new BoardStore(dir, nodeFs, new FakeClock())).toThrow(NewerSchemaError);
    expect(readFileSync(join(dir, BOARD_FILE))).toEqual(before);
  });
});
