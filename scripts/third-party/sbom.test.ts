import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createPackage } from '@electron/asar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readAsarContents } from './asar-contents.ts';
import { makeSbom, npmPurl } from './sbom.ts';

// A small app.asar made here: what the bill of materials lists is read back from the archive
// (nested copies, a scoped package, a folder marker that is no package, a bundle's package from
// the shipped list, a font and its licence), and the document is CycloneDX 1.6 JSON.

let dir: string;
let archive: string;
const font = Buffer.from('not really a font, but bytes with a hash');
const integrity = (text: string) => `sha512-${createHash('sha512').update(text).digest('base64')}`;

function put(path: string, text: string | Buffer) {
  mkdirSync(dirname(join(dir, 'app', path)), { recursive: true });
  writeFileSync(join(dir, 'app', path), text);
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'packbench-sbom-'));
  put('package.json', JSON.stringify({ name: 'packbench', version: '0.1.0' }));
  put(
    'node_modules/a/package.json',
    JSON.stringify({ name: 'a', version: '1.0.0', license: 'MIT' }),
  );
  put('node_modules/a/esm/package.json', JSON.stringify({ type: 'module' }));
  put(
    'node_modules/a/node_modules/c/package.json',
    JSON.stringify({ name: 'c', version: '2.0.0', licenses: [{ type: 'ISC' }] }),
  );
  put(
    'node_modules/@s/b/package.json',
    JSON.stringify({ name: '@s/b', version: '3.0.0-rc.1', license: 'Apache-2.0' }),
  );
  put(
    'out/third-party.json',
    JSON.stringify({
      packages: [
        { name: 'a', version: '1.0.0', license: 'MIT', where: ['asar', 'main'] },
        { name: 'r', version: '4.0.0', license: '0BSD', where: ['renderer'] },
        { name: 'gone', version: '9.9.9', license: 'MIT', where: ['asar'] },
      ],
    }),
  );
  put('out/renderer/assets/Face-x1.ttf', font);
  put('out/renderer/assets/Face-x1.ttf.LICENSE.txt', 'SIL OPEN FONT LICENSE Version 1.1');
  archive = join(dir, 'app.asar');
  await createPackage(join(dir, 'app'), archive);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the bill of materials', () => {
  it('lists what the archive holds: its packages, the bundles’ packages and the fonts', () => {
    const contents = readAsarContents(archive);
    expect(contents.packages).toEqual([
      { name: '@s/b', version: '3.0.0-rc.1', license: 'Apache-2.0', where: ['asar'] },
      { name: 'a', version: '1.0.0', license: 'MIT', where: ['asar', 'main'] },
      { name: 'c', version: '2.0.0', license: 'ISC', where: ['asar'] },
      // Only the list's bundle entries count: an `asar` entry not in node_modules is not there.
      { name: 'r', version: '4.0.0', license: '0BSD', where: ['renderer'] },
    ]);
    expect(contents.fonts).toEqual([
      {
        path: '/out/renderer/assets/Face-x1.ttf',
        sha256: createHash('sha256').update(font).digest('hex'),
        bytes: font.length,
        licenceText: 'SIL OPEN FONT LICENSE Version 1.1',
      },
    ]);
  });

  it('is CycloneDX 1.6 JSON with versions, licences, purls and hashes', () => {
    const text = makeSbom({
      product: { name: 'Packbench', version: '0.1.0', license: 'MIT' },
      contents: readAsarContents(archive),
      lock: {
        'node_modules/a': { version: '1.0.0', integrity: integrity('a') },
        'node_modules/a/node_modules/c': { version: '2.0.0', integrity: integrity('c') },
        'node_modules/@s/b': { version: '3.0.0-rc.1', integrity: integrity('b') },
        'node_modules/r': { version: '4.0.0', integrity: integrity('r') },
      },
      timestamp: new Date('2026-11-28T08:00:00Z'),
    });
    const bom = JSON.parse(text) as {
      bomFormat: string;
      specVersion: string;
      metadata: { timestamp: string; component: { name: string; version: string } };
      components: {
        type: string;
        name: string;
        version?: string;
        purl?: string;
        licenses?: { license?: { id: string } }[];
        hashes: { alg: string; content: string }[];
      }[];
    };
    expect([bom.bomFormat, bom.specVersion]).toEqual(['CycloneDX', '1.6']);
    expect(bom.metadata.timestamp).toBe('2026-11-28T08:00:00.000Z');
    expect(bom.metadata.component).toMatchObject({ name: 'Packbench', version: '0.1.0' });
    const byName = new Map(bom.components.map((c) => [c.name, c]));
    expect([...byName.keys()].sort()).toEqual(['@s/b', 'Face-x1.ttf', 'a', 'c', 'r']);
    expect(byName.get('@s/b')).toMatchObject({
      type: 'library',
      version: '3.0.0-rc.1',
      purl: 'pkg:npm/%40s/b@3.0.0-rc.1',
      licenses: [{ license: { id: 'Apache-2.0' } }],
      hashes: [
        {
          alg: 'SHA-512',
          content: Buffer.from(integrity('b').slice(7), 'base64').toString('hex'),
        },
      ],
    });
    expect(byName.get('Face-x1.ttf')).toMatchObject({
      type: 'file',
      licenses: [{ license: { id: 'OFL-1.1' } }],
      hashes: [{ alg: 'SHA-256', content: createHash('sha256').update(font).digest('hex') }],
    });
    expect(npmPurl('a', '1.0.0')).toBe('pkg:npm/a@1.0.0');
  });
});
