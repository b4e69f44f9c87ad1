// `npm run -s release -- keygen | sign | verify` as IT runs it (issue #43): npm pointed at the
// project from IT's own folder (relative paths are IT's), one real process for each exit code,
// the keys and signatures judged by Node's crypto directly, never by the code under test. The
// variations of a case a process already proved run in this process.
import { runProcess, type ProcessRun } from '../support/run-process.ts';
import { createPrivateKey, createPublicKey, generateKeyPairSync, verify } from 'node:crypto';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runReleaseCli } from '../../src/main/updates/release-cli.ts';

const ROOT = join(import.meta.dirname, '../..');
let desk: string;

type Run = ProcessRun;

function npmRelease(args: string[]): Promise<Run> {
  return runProcess('npm', ['--prefix', ROOT, 'run', '-s', 'release', '--', ...args], {
    cwd: desk,
  });
}

function here(args: string[]): Run {
  let stdout = '';
  let stderr = '';
  const code = runReleaseCli(args, {
    out: (line) => (stdout += `${line}\n`),
    err: (line) => (stderr += `${line}\n`),
    cwd: desk,
  });
  return { code, stdout, stderr };
}

const lines = (text: string) => text.trimEnd().split('\n');
/** What Node's own crypto says of `file` and its `.sig` with the key in `publicPem`. */
const goodByNode = (file: string, publicPem: string) => {
  const signature = readFileSync(`${file}.sig`, 'utf8');
  expect(signature).toMatch(/^[A-Za-z0-9+/]{86}==\n$/);
  return verify(
    null,
    readFileSync(file),
    createPublicKey(readFileSync(publicPem)),
    Buffer.from(signature, 'base64'),
  );
};

beforeAll(() => {
  desk = mkdtempSync(join(tmpdir(), 'packbench-release-'));
  mkdirSync(join(desk, 'dist'));
  writeFileSync(join(desk, 'dist', 'latest-linux.yml'), 'version: 0.2.0\npath: a.AppImage\n');
  writeFileSync(join(desk, 'dist', 'latest-mac.yml'), 'version: 0.2.0\npath: a.zip\n');
  writeFileSync(join(desk, 'dist', 'Packbench-0.2.0.cdx.json'), '{"bomFormat":"CycloneDX"}\n');
  writeFileSync(join(desk, 'dist', 'Packbench-0.2.0.AppImage'), 'an installer');
});
afterAll(() => rmSync(desk, { recursive: true, force: true }));

describe('npm run -s release, from another folder', () => {
  it('keygen writes a PKCS#8 private key (0600) and an SPKI public key, and exits 0', async () => {
    const run = await npmRelease(['keygen', '--out', 'keys']);
    expect(run.code, run.stderr).toBe(0);
    const privatePem = readFileSync(join(desk, 'keys', 'release-private.pem'), 'utf8');
    const publicPem = readFileSync(join(desk, 'keys', 'release-public.pem'), 'utf8');
    expect(privatePem).toMatch(/^-----BEGIN PRIVATE KEY-----\n/);
    expect(publicPem).toMatch(/^-----BEGIN PUBLIC KEY-----\n/);
    expect(createPrivateKey(privatePem).asymmetricKeyType).toBe('ed25519');
    expect(createPublicKey(privatePem).export({ format: 'pem', type: 'spki' })).toBe(publicPem);
    expect(statSync(join(desk, 'keys', 'release-private.pem')).mode & 0o777).toBe(0o600);
    // The line for the policy is the public key's base64.
    const line = publicPem.replace(/-----[A-Z ]+-----|\s/g, '');
    expect(run.stdout).toContain(`updates.publicKeys: ${line}`);
    expect(run.stderr).toBe('');
  });

  it('sign writes NAME.sig beside each latest*.yml and the bill of materials, and exits 0', async () => {
    const run = await npmRelease(['sign', '--key', 'keys/release-private.pem', 'dist']);
    expect(run.code, run.stderr).toBe(0);
    const publicPem = join(desk, 'keys', 'release-public.pem');
    for (const name of ['latest-linux.yml', 'latest-mac.yml', 'Packbench-0.2.0.cdx.json'])
      expect(goodByNode(join(desk, 'dist', name), publicPem), name).toBe(true);
    expect(existsSync(join(desk, 'dist', 'Packbench-0.2.0.AppImage.sig'))).toBe(false);
    expect(lines(run.stdout)).toHaveLength(3);
  });

  it('verify exits 0 for a good signature', async () => {
    const run = await npmRelease([
      'verify',
      '--key',
      'keys/release-public.pem',
      'dist/latest-linux.yml',
    ]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/latest-linux\.yml: a good signature by key SHA256:/);
  });

  it('verify exits 1, with one sentence, for a file changed after signing', async () => {
    mkdirSync(join(desk, 'changed'));
    const yml = join(desk, 'changed', 'latest-linux.yml');
    writeFileSync(yml, 'version: 0.2.0\npath: b.AppImage\n');
    copyFileSync(join(desk, 'dist', 'latest-linux.yml.sig'), `${yml}.sig`);
    const run = await npmRelease(['verify', '--key', 'keys/release-public.pem', yml]);
    expect(run.code).toBe(1);
    expect(lines(run.stderr)).toEqual([
      expect.stringMatching(
        /^The signature in .+latest-linux\.yml\.sig does not match .+latest-linux\.yml with key SHA256:\S+: the file was changed after signing, or signed by another key\.$/,
      ),
    ]);
  });

  it('exits 2 with the usage for a command it does not know', async () => {
    const run = await npmRelease(['publish', 'dist']);
    expect(run.code).toBe(2);
    expect(lines(run.stderr)[0]).toBe('"publish" is not a command: use keygen, sign or verify.');
    expect(run.stderr).toContain('Usage: npm run -s release -- keygen --out DIR');
  });
});

describe('the release command, variations in process', () => {
  it('never overwrites a key pair', () => {
    const before = readFileSync(join(desk, 'keys', 'release-public.pem'), 'utf8');
    const run = here(['keygen', '--out', 'keys']);
    expect(run.code).toBe(1);
    expect(lines(run.stderr)).toEqual([
      `${join(desk, 'keys', 'release-private.pem')} already exists: keygen never overwrites a key.`,
    ]);
    expect(readFileSync(join(desk, 'keys', 'release-public.pem'), 'utf8')).toBe(before);
  });

  it('verify exits 1 for an unsigned file, a truncated signature and another key', () => {
    mkdirSync(join(desk, 'cases'));
    const file = join(desk, 'cases', 'latest-linux.yml');
    copyFileSync(join(desk, 'dist', 'latest-linux.yml'), file);
    const key = join(desk, 'keys', 'release-public.pem');
    const unsigned = here(['verify', '--key', key, file]);
    expect([unsigned.code, lines(unsigned.stderr)]).toEqual([
      1,
      [`${file} is not signed: there is no ${file}.sig.`],
    ]);
    const signature = readFileSync(join(desk, 'dist', 'latest-linux.yml.sig'), 'utf8');
    writeFileSync(`${file}.sig`, signature.slice(0, 60));
    const truncated = here(['verify', '--key', key, file]);
    expect([truncated.code, lines(truncated.stderr)]).toEqual([
      1,
      [
        `${file}.sig is not a signature: one line of base64 of 64 bytes was expected (it may be truncated).`,
      ],
    ]);
    writeFileSync(`${file}.sig`, signature);
    const other = join(desk, 'other-public.pem');
    writeFileSync(
      other,
      generateKeyPairSync('ed25519').publicKey.export({ format: 'pem', type: 'spki' }),
    );
    const stranger = here(['verify', '--key', other, file]);
    expect(stranger.code).toBe(1);
    expect(lines(stranger.stderr)).toHaveLength(1);
    expect(here(['verify', '--key', key, file]).code).toBe(0);
  });

  it('exits 1 for a key of the wrong kind and a folder with no manifest', () => {
    const wrongKind = here(['sign', '--key', 'keys/release-public.pem', 'dist']);
    expect(wrongKind.code).toBe(1);
    expect(lines(wrongKind.stderr)).toEqual([
      expect.stringMatching(
        /^The key .+release-public\.pem could not be read as an Ed25519 private key: /,
      ),
    ]);
    const rsa = join(desk, 'rsa.pem');
    writeFileSync(
      rsa,
      generateKeyPairSync('rsa', { modulusLength: 1024 }).publicKey.export({
        format: 'pem',
        type: 'spki',
      }),
    );
    expect(lines(here(['verify', '--key', rsa, 'dist/latest-linux.yml']).stderr)).toEqual([
      `The key ${rsa} could not be read as an Ed25519 public key: the key is not an Ed25519 key`,
    ]);
    mkdirSync(join(desk, 'empty'));
    const empty = here(['sign', '--key', 'keys/release-private.pem', 'empty']);
    expect([empty.code, lines(empty.stderr)]).toEqual([
      1,
      [`There is no latest*.yml in ${join(desk, 'empty')}: nothing was signed.`],
    ]);
    const missing = here(['verify', '--key', 'keys/release-public.pem', 'nowhere.yml']);
    expect(missing.code).toBe(1);
    expect(lines(missing.stderr)[0]).toMatch(/nowhere\.yml could not be read: ENOENT/);
  });

  it.each([
    [[], 'Name a command: keygen, sign or verify.'],
    [['keygen'], 'keygen needs --out DIR.'],
    [['keygen', '--out'], '--out needs a value.'],
    [['sign', 'dist'], 'sign needs --key FILE.'],
    [['sign', '--key', 'k.pem'], 'sign takes one folder: the one holding latest*.yml.'],
    [['verify', '--key', 'k.pem', 'a', 'b'], 'verify takes one file.'],
    [['verify', '--json', 'a'], '--json is not an option of verify.'],
  ])('exits 2 for %j', (args, sentence) => {
    const run = here(args);
    expect(run.code).toBe(2);
    expect(lines(run.stderr)[0]).toBe(sentence);
  });
});
