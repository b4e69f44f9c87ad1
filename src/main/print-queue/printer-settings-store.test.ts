import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { PrinterSettingsStore } from './printer-settings-store.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
const dataDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'packbench-printer-'));
  dirs.push(dir);
  return dir;
};
const now = () => new Date('2026-11-24T10:00:00Z');

describe('PrinterSettingsStore', () => {
  it('starts without a printer, keeps what is saved across a restart', async () => {
    const dir = dataDir();
    const store = new PrinterSettingsStore(dir, now);
    expect(store.get()).toEqual({ target: null, dpmm: 8, autoPrint: false });
    await store.save({ target: 'tcp://10.0.0.7:9100', dpmm: 12, autoPrint: true });
    expect(new PrinterSettingsStore(dir, now).get()).toEqual({
      target: 'tcp://10.0.0.7:9100',
      dpmm: 12,
      autoPrint: true,
    });
  });

  it('refuses a target that is neither tcp:// nor cups:, and keeps the old settings', async () => {
    const store = new PrinterSettingsStore(dataDir(), now);
    await expect(
      store.save({ target: 'http://printer', dpmm: 8, autoPrint: false }),
    ).rejects.toThrow(/tcp:\/\/host\[:port\] or cups:QUEUE/);
    expect(store.get().target).toBeNull();
  });

  it('sets a damaged file aside byte for byte and starts without a printer', () => {
    const dir = dataDir();
    writeFileSync(join(dir, 'printer.json'), '{"target": 42');
    const store = new PrinterSettingsStore(dir, now);
    expect(store.get().target).toBeNull();
    expect(store.recoveredFrom).toMatch(/printer\.json\.damaged-2026-11-24T10-00-00-000Z$/);
    expect(readFileSync(store.recoveredFrom ?? '', 'utf8')).toBe('{"target": 42');
    expect(readdirSync(dir)).not.toContain('printer.json');
  });
});
