// The shift-long soak's guard (issue #42): the real `npm run soak` command, five simulated hours
// (at a lighter pace than the default shift), must end with nothing grown beyond its bound; and
// the judge it relies on must catch a measure that grows, so the guard can fail. The soak's
// figures live in `npm run bench` and docs/performance.md; this only checks its verdict.
import { runProcess } from '../support/run-process.ts';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BOUND, judge } from '../../scripts/soak/judge.ts';
import { growthSentence, judgeSamples } from '../../scripts/soak/report.ts';
import type { Sample } from '../../scripts/soak/measures.ts';

const ROOT = join(import.meta.dirname, '../..');
const out = mkdtempSync(join(tmpdir(), 'packbench-soak-test-'));
afterAll(() => rmSync(out, { recursive: true, force: true }));

/** Runs the soak command as `npm run soak` does, waiting for it to exit. */
function soak(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  // Its own private keyring, as from a shell: not the suite's.
  return runProcess(process.execPath, [join(ROOT, 'scripts/soak.ts'), ...args], {
    cwd: ROOT,
    env: { ...process.env, PACKBENCH_SOAK_INSIDE: '' },
  });
}

/** A series of `n` samples: `level` throughout, plus `leak` × the step for each sample after `from`. */
const series = (n: number, level: number, leak = 0, from = 0) =>
  Array.from({ length: n }, (_, k) => level + (k >= from ? leak * (k - from) : 0));

describe('the growth rule', () => {
  it('passes a flat series and one that saws within its range', () => {
    expect(judge(series(300, 50)).grew).toBe(false);
    const saw = Array.from({ length: 300 }, (_, k) => 4000 - (k % 7) * 500);
    expect(judge(saw)).toMatchObject({ grew: false, reference: 4000 });
  });

  it('does not judge the warm-up: growth in the first 10 % is allowed', () => {
    const warming = Array.from({ length: 300 }, (_, k) => (k < 30 ? 20 + k : 50));
    expect(judge(warming).grew).toBe(false);
  });

  it('catches a slow leak, a step after the warm-up and one D-Bus connection too many', () => {
    // 0.05 MB a minute on 50 MB: +12 MB over five hours, 3 % by the second tenth.
    const leak = judge(series(300, 50, 0.05));
    expect(leak.grew).toBe(true);
    expect(leak.growth).toBeGreaterThan(BOUND);
    expect(judge(series(300, 40).map((v, k) => (k >= 200 ? v + 3 : v))).grew).toBe(true);
    expect(judge(series(300, 2).map((v, k) => (k >= 150 ? v + 1 : v))).grew).toBe(true);
  });

  it('forgives a single high sample at the end, not a level that stays high', () => {
    const spike = series(300, 40).map((v, k) => (k === 299 ? 80 : v));
    expect(judge(spike).grew).toBe(false);
  });

  it('names what grew, with its figures, in one sentence', () => {
    const samples: Sample[] = Array.from({ length: 300 }, (_, minute) => ({
      minute,
      packs: minute,
      rssMb: 200,
      rssAnonMb: 120,
      rssFileMb: 80,
      heapMb: 50 + minute * 0.1,
      buffersMb: 2,
      fds: 45,
      dbus: 3,
      walKb: 4000,
      handles: 20,
      timers: 5,
      listeners: 7,
      waitingRows: 0,
      sqliteKb: 1000 + minute * 30,
      rows: minute * 20,
      databaseKbPerPack: 30,
      rowsPerPack: 20,
    }));
    const sentence = growthSentence(judgeSamples(samples));
    expect(sentence).toMatch(
      /^Grew beyond 5 % after the warm-up: JS heap used \(\d+\.\d MB → \d+\.\d MB, \+\d+\.\d %\)\.$/,
    );
  });
});

describe('npm run soak', () => {
  it('refuses bad usage with exit code 2', async () => {
    const result = await soak(['--hours', 'many']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('--hours must be a number');
    const file = await soak(['--out', '/dev/null/soak']);
    expect(file.code).toBe(2);
    expect(file.stderr).toContain('--out: the folder "/dev/null/soak" cannot be made (ENOTDIR).');
    // Node's own recursive mkdir retries /proc's ENOENT for ever: this hung before.
    const virtual = await soak(['--out', '/proc/packbench-soak/out']);
    expect(virtual.code).toBe(2);
    expect(virtual.stderr).toContain(
      '--out: the folder "/proc/packbench-soak/out" cannot be made (ENOENT).',
    );
  });

  // Backstop only: the run takes about a minute on a quiet 2-core machine; its verdict does not
  // depend on the machine's speed (the shift's clock waits for the work of each minute).
  it(
    'packs through five simulated hours and nothing grows beyond its bound',
    { timeout: 300_000 },
    async () => {
      const result = await soak(['--hours', '5', '--packs-per-hour', '6', '--out', out]);
      expect(result.stderr + result.stdout).toContain('Nothing grew beyond 5 % after the warm-up.');
      expect(result.code).toBe(0);
      const figures = JSON.parse(readFileSync(join(out, 'soak-results.json'), 'utf8')) as {
        packs: number;
        samples: Sample[];
        measures: { key: string; verdict: { grew: boolean } | null }[];
        sandbox: { rateLimited: number };
        updateChecks: number;
      };
      expect(figures.samples).toHaveLength(300);
      expect(figures.packs).toBe(30);
      expect(figures.sandbox.rateLimited).toBe(0);
      expect(figures.updateChecks).toBeGreaterThanOrEqual(9);
      // The keychain's connections are counted (one kept entry's, at least), and stay put.
      expect(Math.min(...figures.samples.map((s) => s.dbus))).toBeGreaterThan(0);
      expect(figures.measures.filter((m) => m.verdict?.grew)).toEqual([]);
      const png = readFileSync(join(out, 'soak.png'));
      expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    },
  );

  it(
    'with --heap-snapshots, snapshots the heap twice and lists what the end held',
    { timeout: 120_000 },
    async () => {
      const dir = join(out, 'snapshots');
      const result = await soak([
        '--hours',
        '1',
        '--packs-per-hour',
        '6',
        '--heap-snapshots',
        '--out',
        dir,
      ]);
      // An hour is too short to judge (the 5-hour run above does): 0 or 1, but a verdict.
      expect([0, 1], result.stderr).toContain(result.code);
      expect(result.stdout).toMatch(/Nothing grew beyond 5 %|Grew beyond 5 %/);
      for (const name of ['heap-after-warm-up.heapsnapshot', 'heap-end.heapsnapshot'])
        expect(statSync(join(dir, name)).size).toBeGreaterThan(1_000_000);
      const growth = readFileSync(join(dir, 'heap-growth.txt'), 'utf8');
      expect(growth).toMatch(/^ +bytes +count +what \(retained by …\)\n +\d+ +\d+ +\S/);
      expect(result.stdout).toContain(`Held at the end and not after the warm-up:\n${growth}`);
      // The snapshots disturb memory: RSS and heap are reported, the rest still judged.
      expect(result.stdout).toContain('Memory is reported, not judged');
      const figures = JSON.parse(readFileSync(join(dir, 'soak-results.json'), 'utf8')) as {
        measures: { key: string; verdict: unknown }[];
      };
      const verdictOf = (key: string) => figures.measures.find((m) => m.key === key)?.verdict;
      expect(verdictOf('rssMb')).toBeNull();
      expect(verdictOf('heapMb')).toBeNull();
      expect(verdictOf('fds')).not.toBeNull();
    },
  );
});
