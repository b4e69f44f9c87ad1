import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { updateLogger } from '../../src/main/logs/attach.ts';
import { RotatingFile } from '../../src/main/logs/rotating-file.ts';
import { StationLog } from '../../src/main/logs/station-log.ts';
import { translate } from '../../src/shared/i18n/translate.ts';
import { FakeClock } from '../support/fake-clock.ts';
import { tempDir } from '../outbox/helpers.ts';

let cleanup: (() => void) | null = null;
afterEach(() => {
  cleanup?.();
  cleanup = null;
});
const folder = () => {
  const dir = tempDir('packbench-logs-');
  cleanup = dir.remove;
  return dir.path;
};

/** The files as the disk has them, read without the writer's help. */
function onDisk(dir: string): { name: string; bytes: number; lines: string[] }[] {
  return readdirSync(dir)
    .sort()
    .map((name) => {
      const text = readFileSync(join(dir, name), 'utf8');
      return { name, bytes: statSync(join(dir, name)).size, lines: text.split('\n').slice(0, -1) };
    });
}

describe('the rotating JSON-lines file', () => {
  it('rotates by size and never holds more than its cap in total', () => {
    const dir = folder();
    const limits = { maxFileBytes: 1_000, maxFiles: 3 };
    const file = new RotatingFile(dir, limits);
    // 2,000 lines of about 40 bytes: about 80 KB through a 3 KB cap.
    for (let n = 0; n < 2_000; n += 1) file.write(JSON.stringify({ n, pad: 'x'.repeat(n % 20) }));
    file.end();
    const files = onDisk(dir);
    expect(files.map((f) => f.name)).toEqual(['station.1.log', 'station.2.log', 'station.log']);
    for (const f of files) expect(f.bytes).toBeLessThanOrEqual(limits.maxFileBytes);
    const total = files.reduce((sum, f) => sum + f.bytes, 0);
    expect(total).toBeLessThanOrEqual(limits.maxFiles * limits.maxFileBytes);
    // Oldest file first: the numbers read back are one unbroken run that ends with the last.
    const ordered = ['station.2.log', 'station.1.log', 'station.log'].flatMap(
      (name) => files.find((f) => f.name === name)?.lines ?? [],
    );
    const numbers = ordered.map((line) => (JSON.parse(line) as { n: number }).n);
    expect(numbers.at(-1)).toBe(1_999);
    numbers.forEach((n, i) => expect(n).toBe((numbers[0] ?? -1) + i));
    // The cap was used, not wasted: more than two files' worth survives.
    expect(total).toBeGreaterThan(2 * limits.maxFileBytes * 0.9);
  });

  it('cuts a line longer than a file, and writes nothing after end()', () => {
    const dir = folder();
    const file = new RotatingFile(dir, { maxFileBytes: 200, maxFiles: 2 });
    file.write('y'.repeat(5_000));
    file.end();
    file.write('after the end');
    const files = onDisk(dir);
    expect(files).toHaveLength(1);
    expect(files[0]?.bytes).toBeLessThanOrEqual(200);
    expect(JSON.parse(files[0]?.lines[0] ?? '{}')).toMatchObject({ cut: true });
    expect(readFileSync(join(dir, 'station.log'), 'utf8')).not.toContain('after the end');
  });

  it('keeps going when the disk refuses: the line is counted as dropped', () => {
    const dir = folder();
    // A file where the folder should be: every open fails.
    writeFileSync(join(dir, 'station.log'), '');
    const file = new RotatingFile(join(dir, 'station.log', 'nested'), {
      maxFileBytes: 200,
      maxFiles: 2,
    });
    expect(() => file.write('{"a":1}')).not.toThrow();
    expect(file.dropped).toBe(1);
  });
});

describe('the station log', () => {
  it('writes one redacted JSON line per request: method, path, status, ms and request id', () => {
    const dir = folder();
    const clock = new FakeClock(Date.parse('2026-11-26T08:00:00Z'));
    const secret = 'sk-test-0123456789abcdef';
    const log = new StationLog({
      dir,
      clock,
      redact: (text) => text.split(secret).join('••••cdef'),
    });
    log.request({
      method: 'GET',
      url: `https://api.example/v1/orders/PB-1?token=${secret}&q=body`,
      lane: 'interactive',
      status: 200,
      ms: 12.4,
      requestId: `req-${secret}`,
    });
    log.write('custom', { password: 'hunter2-password', apiKey: secret, note: `said ${secret}` });
    log.close();
    const [request, custom] = (onDisk(dir)[0]?.lines ?? []).map((l) => JSON.parse(l) as object);
    expect(request).toEqual({
      t: '2026-11-26T08:00:00.000Z',
      event: 'api.request',
      method: 'GET',
      path: '/v1/orders/PB-1',
      status: 200,
      ms: 12,
      requestId: 'req-••••cdef',
      lane: 'interactive',
    });
    expect(custom).toEqual({
      t: '2026-11-26T08:00:00.000Z',
      event: 'custom',
      note: 'said ••••cdef',
    });
    const text = readFileSync(join(dir, 'station.log'), 'utf8');
    expect(text).not.toContain(secret);
    expect(text).not.toContain('hunter2');
  });

  it("writes a line per change of the updater's state, with a refusal's reason and sentence", () => {
    const dir = folder();
    const log = new StationLog({ dir, clock: new FakeClock(0), redact: (text) => text });
    const logUpdate = updateLogger(log, (key, values) => translate('en', key, values));
    logUpdate({ state: 'checking' });
    logUpdate({ state: 'checking' });
    logUpdate({ state: 'downloading', version: '0.2.0' });
    logUpdate({
      state: 'refused',
      version: '0.2.0',
      reason: 'tampered',
      sentence: { key: 'updates.refused.tampered', values: { version: '0.2.0' } },
    });
    logUpdate({ state: 'ready', version: '0.2.1', hours: null });
    log.close();
    const lines = (onDisk(dir)[0]?.lines ?? []).map((l) => JSON.parse(l) as object);
    expect(lines).toEqual([
      { t: '1970-01-01T00:00:00.000Z', event: 'update.state', state: 'checking' },
      expect.objectContaining({ state: 'downloading', version: '0.2.0' }),
      expect.objectContaining({
        state: 'refused',
        version: '0.2.0',
        reason: 'tampered',
        sentence:
          'Update 0.2.0 was refused: the downloaded file does not match its checksum (sha512). Nothing was installed.',
      }),
      expect.objectContaining({ state: 'ready', version: '0.2.1' }),
    ]);
  });
});
