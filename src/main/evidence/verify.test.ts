import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { strToU8, zipSync, type Zippable } from 'fflate';
import { afterAll, describe, expect, it } from 'vitest';
import { zipStored } from '@test/support/zip.ts';
import { NotZipError, verifyEvidence } from './verify.ts';

const dir = mkdtempSync(join(tmpdir(), 'packbench-verify-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const sha = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const FILES: Record<string, Uint8Array> = {
  'clip.webm': new Uint8Array(200_000).map((_, i) => (i * 7) % 251),
  'record.json': strToU8('{"pack": {}}\n'),
};
const manifest = (files = FILES) =>
  strToU8(
    JSON.stringify({
      order: 'PB-1',
      packId: 'p',
      files: Object.entries(files).map(([name, bytes]) => ({
        name,
        bytes: bytes.length,
        sha256: sha(bytes),
      })),
    }),
  );

let n = 0;
function write(bytes: Uint8Array): string {
  const file = join(dir, `bundle-${(n += 1)}.zip`);
  writeFileSync(file, bytes);
  return file;
}
const bundle = (entries: Zippable) => write(zipSync(entries));

describe('verifyEvidence', () => {
  it('passes a bundle whose files are all there as listed, and returns the manifest hash', async () => {
    const m = manifest();
    expect(await verifyEvidence(bundle({ ...FILES, 'manifest.json': m }))).toEqual({
      ok: true,
      problems: [],
      manifestSha256: sha(m),
    });
  });

  it('names a changed, a missing and an added file', async () => {
    const changed = { ...FILES, 'record.json': strToU8('{"pack": {"edited": true}}\n') };
    const missing: Zippable = { 'clip.webm': FILES['clip.webm'] ?? new Uint8Array() };
    expect(
      (await verifyEvidence(bundle({ ...changed, 'manifest.json': manifest() }))).problems,
    ).toEqual([{ file: 'record.json', problem: 'changed' }]);
    expect(
      (await verifyEvidence(bundle({ ...missing, 'manifest.json': manifest() }))).problems,
    ).toEqual([{ file: 'record.json', problem: 'missing' }]);
    expect(
      (await verifyEvidence(bundle({ ...FILES, x: strToU8('x'), 'manifest.json': manifest() })))
        .problems,
    ).toEqual([{ file: 'x', problem: 'added' }]);
  });

  it('counts a second entry of the same name as added', async () => {
    const entries = [...Object.entries(FILES), ['manifest.json', manifest()] as const].map(
      ([name, data]) => ({ name, data: Buffer.from(data) }),
    );
    const twice = zipStored([...entries, { name: 'record.json', data: Buffer.from('{}') }]);
    expect((await verifyEvidence(write(twice))).problems).toEqual([
      { file: 'record.json', problem: 'added' },
    ]);
  });

  it('refuses a manifest that is missing or no manifest', async () => {
    expect(await verifyEvidence(bundle({ ...FILES }))).toEqual({
      ok: false,
      problems: [{ file: 'manifest.json', problem: 'missing' }],
      manifestSha256: null,
    });
    expect(
      (await verifyEvidence(bundle({ ...FILES, 'manifest.json': strToU8('{"files": 3}') })))
        .problems,
    ).toEqual([{ file: 'manifest.json', problem: 'changed' }]);
  });

  it('stops inflating an entry at its listed size: a bomb is changed, not read', async () => {
    const listed = { ...FILES, 'record.json': strToU8('{}') };
    const bomb = { ...FILES, 'record.json': new Uint8Array(5_000_000) };
    const result = await verifyEvidence(bundle({ ...bomb, 'manifest.json': manifest(listed) }));
    expect(result.problems).toEqual([{ file: 'record.json', problem: 'changed' }]);
  });

  it('throws NotZipError for a file that is no ZIP, or a ZIP cut short', async () => {
    await expect(verifyEvidence(write(strToU8('PK\x03\x04 nothing else')))).rejects.toThrow(
      NotZipError,
    );
    const whole = zipSync({ ...FILES, 'manifest.json': manifest() });
    await expect(verifyEvidence(write(whole.subarray(0, whole.length - 30)))).rejects.toThrow(
      NotZipError,
    );
  });
});
