import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { STATION_ID_FILE, stationId } from './station-id.ts';

let dir: string;
beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'packbench-station-id-'))));
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const ids = ['0b5e9c1a-3f7d-4e2b-9a61-5c8d7e6f4a3b', 'd2c4f6a8-1b3d-4e5f-8a7b-9c0d1e2f3a4b'];
const counter = () => {
  let next = 0;
  return () => ids[next++] ?? 'no more ids';
};

describe('stationId', () => {
  it('is made once, kept in the data folder and the same on every later start', async () => {
    const newId = counter();
    const first = await stationId(join(dir, 'data'), newId);
    expect(first).toBe(ids[0]);
    expect(readFileSync(join(dir, 'data', STATION_ID_FILE), 'utf8').trim()).toBe(ids[0]);
    expect(await stationId(join(dir, 'data'), newId)).toBe(ids[0]);
  });

  it('replaces a file that does not hold a UUID', async () => {
    writeFileSync(join(dir, STATION_ID_FILE), 'not an id\n');
    expect(await stationId(dir, counter())).toBe(ids[0]);
    expect(readFileSync(join(dir, STATION_ID_FILE), 'utf8').trim()).toBe(ids[0]);
  });

  it('refuses an id that electron-updater could not read as a UUID', async () => {
    await expect(stationId(dir, () => 'station-7')).rejects.toThrow(/UUID/);
  });
});
