import { existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { makeFolders } from './make-folders.ts';

const root = mkdtempSync(join(tmpdir(), 'packbench-make-folders-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('makeFolders', () => {
  it('makes a folder and every missing parent', () => {
    const deep = join(root, 'a', 'b', 'c');
    makeFolders(deep);
    expect(statSync(deep).isDirectory()).toBe(true);
  });

  it('does nothing to a folder that is there', () => {
    const there = join(root, 'there');
    makeFolders(there);
    writeFileSync(join(there, 'kept.txt'), 'kept');
    makeFolders(there);
    expect(existsSync(join(there, 'kept.txt'))).toBe(true);
  });

  it('refuses when a file stands where a folder should be', () => {
    const file = join(root, 'a-file');
    writeFileSync(file, '');
    expect(() => makeFolders(join(file, 'inside'))).toThrow(
      expect.objectContaining({ code: 'ENOTDIR' }),
    );
    expect(() => makeFolders(file)).toThrow(expect.objectContaining({ code: 'ENOTDIR' }));
  });

  // Node's own recursive mkdir never returns here (it retries ENOENT for ever); a test that
  // reached this line with it would hang until vitest's timeout failed it.
  it.runIf(process.platform === 'linux')(
    'says ENOENT under /proc, where children cannot be made',
    () => {
      expect(() => makeFolders('/proc/packbench-no-such/out')).toThrow(
        expect.objectContaining({ code: 'ENOENT' }),
      );
    },
  );
});
