import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { decodePng } from '../../src/zpl/png/decode-png.ts';

// The command line is a contract (issue #19): scripts outside the app call it, so these tests
// run it the way they do, as a separate process, and read only what it prints and writes.

const ROOT = join(import.meta.dirname, '../..');
const dir = mkdtempSync(join(tmpdir(), 'packbench-zpl-cli-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// The timeout is a backstop: a command that never returned would otherwise hold the worker.
const zpl = (args: string[], cwd = dir, env: NodeJS.ProcessEnv = process.env) =>
  spawnSync(process.execPath, [join(ROOT, 'src/zpl/cli/zpl.ts'), ...args], {
    encoding: 'utf8',
    cwd,
    env,
    timeout: 60_000,
  });

const file = (name: string, text: string) => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
};

describe('npm run -s zpl -- render', () => {
  it('writes <stem>-<n>.png per label, exactly round(mm × dpmm) dots, and the JSON contract', () => {
    const two = file('two.zpl', '^XA^FO10,10^GB50,50,50^FS^XZ\n^XA^FO20,20^GB5,5,5^FS\n^ZZ^XZ');
    const out = join(dir, 'out');
    const run = zpl([
      'render',
      two,
      '--dpmm',
      '12',
      '--width',
      '50',
      '--height',
      '25.4',
      '--out',
      out,
      '--json',
    ]);
    expect(run.status).toBe(0);
    const json = JSON.parse(run.stdout) as { labels: Record<string, unknown>[] };
    expect(json.labels.map((l) => Object.keys(l).sort())).toEqual(
      Array.from({ length: 2 }, () =>
        ['file', 'heightPx', 'index', 'ms', 'output', 'warnings', 'widthPx'].sort(),
      ),
    );
    expect(json.labels.map((l) => [l.file, l.index, l.widthPx, l.heightPx])).toEqual([
      [two, 1, 600, 305],
      [two, 2, 600, 305],
    ]);
    expect(json.labels[1]?.warnings).toEqual([
      { command: 'ZZ', line: 3, column: 1, message: '^ZZ is not supported; it was skipped' },
    ]);
    expect(readdirSync(out).sort()).toEqual(['two-1.png', 'two-2.png']);
    const picture = decodePng(readFileSync(join(out, 'two-1.png')));
    expect([picture.width, picture.height]).toEqual([600, 305]);
    expect(picture.get(30, 30)).toBe(1);
    expect(picture.get(5, 5)).toBe(0);
  });

  it('refuses bad input with one sentence on stderr and exit 1, writing nothing', () => {
    const missing = zpl(['render', join(dir, 'nope.zpl'), '--out', join(dir, 'none')]);
    expect(missing.status).toBe(1);
    expect(missing.stderr.trim().split('\n')).toHaveLength(1);
    expect(missing.stderr).toMatch(/nope\.zpl: no such file\./);
    expect(missing.stderr).not.toMatch(/\bat\b.*\.ts:\d+/);
    const noLabel = zpl(['render', file('words.zpl', 'just words'), '--out', join(dir, 'none')]);
    expect(noLabel.status).toBe(1);
    expect(noLabel.stderr).toMatch(/words\.zpl: holds no label \(\^XA … \^XZ\)\./);
    expect(readdirSync(dir)).not.toContain('none');
    const density = zpl(['render', file('a.zpl', '^XA^XZ'), '--dpmm', '10']);
    expect(density.status).toBe(1);
    expect(density.stderr).toMatch(/--dpmm must be 6, 8, 12 or 24/);
  });

  it('refuses an --out folder it cannot make with one sentence and exit 1', () => {
    const label = file('one.zpl', '^XA^FO10,10^GB50,50,50^FS^XZ');
    const underFile = zpl(['render', label, '--out', '/dev/null/labels']);
    expect([underFile.status, underFile.stdout]).toEqual([1, '']);
    expect(underFile.stderr).toBe('--out: the folder /dev/null/labels cannot be made (ENOTDIR).\n');
    // Node's own recursive mkdir retries /proc's ENOENT for ever: this hung before.
    const virtual = zpl(['render', label, '--out', '/proc/packbench-zpl/labels']);
    expect([virtual.status, virtual.stdout]).toEqual([1, '']);
    expect(virtual.stderr).toBe(
      '--out: the folder /proc/packbench-zpl/labels cannot be made (ENOENT).\n',
    );
  });

  it("reads a relative FILE and writes a relative --out in the caller's folder (INIT_CWD)", () => {
    file('relative.zpl', '^XA^FO10,10^GB50,50,50^FS^XZ');
    // As `npm run` starts it: in the project's folder, the caller's folder in INIT_CWD.
    const run = zpl(['render', 'relative.zpl', '--out', 'rel/out', '--json'], ROOT, {
      ...process.env,
      INIT_CWD: dir,
    });
    expect(run.status).toBe(0);
    const json = JSON.parse(run.stdout) as { labels: { file: string; output: string }[] };
    expect(json.labels.map((l) => [l.file, l.output])).toEqual([
      ['relative.zpl', join(dir, 'rel', 'out', 'relative-1.png')],
    ]);
    expect(readdirSync(join(dir, 'rel', 'out'))).toEqual(['relative-1.png']);
  });
});

describe('npm run -s zpl -- lint', () => {
  it('prints {"files": [{file, labels, warnings}]} with 1-based lines and columns', () => {
    const one = file('lint.zpl', '^XA\n  ^FO1,1^FDx^FS\n^QQ9\n^XZ');
    const open = file('open.zpl', '^XA^FO1,1^FDx^FS');
    const run = zpl(['lint', one, open, '--json']);
    expect(run.status).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual({
      files: [
        {
          file: one,
          labels: 1,
          warnings: [
            { command: 'QQ', line: 3, column: 1, message: '^QQ is not supported; it was skipped' },
          ],
        },
        {
          file: open,
          labels: 1,
          warnings: [expect.objectContaining({ command: 'XA', line: 1, column: 1 })],
        },
      ],
    });
  });
});
