// Signed release manifests (issue #43), end to end on loopback: IT makes its key and signs a
// release with the real `npm run -s release` from another folder; a private update folder is
// served over HTTP on 127.0.0.1, recording every request; the real electron-updater (its
// AppImageUpdater, on the stand-in `electron` module) checks it with the policy's keys. A good
// release downloads and installs at quit (the old AppImage replaced and run); a changed
// manifest, an unsigned one, another key's, a truncated signature and a rolled key are each
// refused before any download, with the sentence, the status bar's words and the log's line.
import { spawn } from 'node:child_process';
import { createHash, generateKeyPairSync } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetStand, stand, standInForRequire } from '../support/electron-stand-in.ts';
import { FakeClock } from '../support/fake-clock.ts';
import { translate } from '../../src/shared/i18n/translate.ts';
import type { UpdateStatus } from '../../src/shared/updates.ts';
import { runReleaseCli } from '../../src/main/updates/release-cli.ts';

const ROOT = join(import.meta.dirname, '../..');
const OLD = 'Packbench-0.1.0.AppImage';
const NEW = 'Packbench-0.2.0.AppImage';
const STATION = '6f1c2d3e-4a5b-4c6d-8e7f-000000000000';

let top: string;
/** Folders as IT leaves them after `release -- sign`: by key A (the npm process), by key B. */
let byA: string;
let byB: string;
let keyA: string;
let keyB: string;
let dir: string;
let server: Server;
let seen: string[];

/** The new "AppImage": a script that, run by the installer at quit, leaves a mark beside it. */
function installer(marker: string): Buffer {
  return Buffer.from(`#!/bin/sh\necho "$APPIMAGE_SILENT_INSTALL" > '${marker}'\n`);
}

/** latest-linux.yml as electron-builder writes it, naming `bytes` by their sha512 and size. */
function manifest(bytes: Buffer): string {
  const sha512 = createHash('sha512').update(bytes).digest('base64');
  return [
    'version: 0.2.0',
    'files:',
    `  - url: ${NEW}`,
    `    sha512: ${sha512}`,
    `    size: ${bytes.length}`,
    `path: ${NEW}`,
    `sha512: ${sha512}`,
    "releaseDate: '2026-11-28T08:00:00.000Z'",
    '',
  ].join('\n');
}

function release(folder: string, marker: string): void {
  mkdirSync(folder, { recursive: true });
  const bytes = installer(marker);
  writeFileSync(join(folder, NEW), bytes, { mode: 0o755 });
  writeFileSync(join(folder, 'latest-linux.yml'), manifest(bytes));
}

/** `npm run -s release -- …` as IT runs it: npm pointed at the project, from another folder. */
function npmRelease(args: string[], cwd: string): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['--prefix', ROOT, 'run', '-s', 'release', '--', ...args], {
      cwd,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, out }));
  });
}

/** The policy's one-line form of a public key file. */
const keyLine = (pem: string) =>
  readFileSync(pem, 'utf8')
    .replace(/-----[A-Z ]+-----/g, '')
    .replace(/\s/g, '');

function serve(folder: string): Promise<string> {
  server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://x').pathname;
    seen.push(path);
    const file = join(folder, decodeURIComponent(path.replace(/^\/updates\//, '')));
    if (!path.startsWith('/updates/') || !existsSync(file))
      return void response.writeHead(404).end();
    const bytes = readFileSync(file);
    response.writeHead(200, { 'content-length': bytes.length }).end(bytes);
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}/updates/`),
    ),
  );
}

/** A station whose policy trusts `keys`, its log in the data folder as the app keeps it. */
async function station(url: string, keys: string[]) {
  const { default: electronUpdater } = await import('electron-updater');
  const { electronUpdateEngine } = await import('../../src/main/updates/engine.ts');
  const { StationUpdater } = await import('../../src/main/updates/updater.ts');
  const { updateSettings } = await import('../../src/main/updates/rules.ts');
  const { StationLog } = await import('../../src/main/logs/station-log.ts');
  const { updateLogger } = await import('../../src/main/logs/attach.ts');
  const clock = new FakeClock(Date.parse('2026-11-28T09:00:00Z'));
  const settings = updateSettings({ updates: { enabled: true, url, publicKeys: keys } });
  const updater = new StationUpdater({
    engine: electronUpdateEngine(new electronUpdater.AppImageUpdater()),
    settings,
    stationId: STATION,
    clock,
    work: () => ({ packOpen: false, sending: false, printing: false }),
  });
  const log = new StationLog({ dir: join(dir, 'logs'), clock, redact: (text) => text });
  updater.onChange(updateLogger(log, (key, values) => translate('en', key, values)));
  const lines = () => {
    log.close();
    return readFileSync(join(dir, 'logs', 'station.log'), 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
  };
  return { updater, lines };
}

const said = (status: UpdateStatus, language: 'en' | 'pt-BR' | 'es' = 'en') => {
  if (status.state !== 'refused') throw new Error(`not refused: ${JSON.stringify(status)}`);
  return translate(language, status.sentence.key, status.sentence.values);
};

/** A copy of a signed release to serve, changed by `edit`. */
function folderFrom(source: string, edit: (folder: string) => void = () => undefined): string {
  const folder = join(dir, 'served');
  cpSync(source, folder, { recursive: true });
  edit(folder);
  return folder;
}

beforeAll(async () => {
  top = mkdtempSync(join(tmpdir(), 'packbench-signed-'));
  const desk = join(top, 'it-desk');
  mkdirSync(desk);
  const marker = join(top, 'installed-by-0.2.0');
  release(join(desk, 'dist-a'), marker);
  release(join(desk, 'dist-b'), marker);
  // IT's own key and release, through npm from IT's folder (relative paths are theirs).
  const made = await npmRelease(['keygen', '--out', 'keys'], desk);
  expect(made.code, made.out).toBe(0);
  const signed = await npmRelease(['sign', '--key', 'keys/release-private.pem', 'dist-a'], desk);
  expect(signed.code, signed.out).toBe(0);
  // A second key (the next one, or a stranger's), in process: the command is proved above.
  const other = generateKeyPairSync('ed25519');
  const otherPem = join(desk, 'other-private.pem');
  writeFileSync(otherPem, other.privateKey.export({ format: 'pem', type: 'pkcs8' }));
  writeFileSync(
    join(desk, 'other-public.pem'),
    other.publicKey.export({ format: 'pem', type: 'spki' }),
  );
  const quiet = { out: () => undefined, err: () => undefined, cwd: desk };
  expect(runReleaseCli(['sign', '--key', otherPem, 'dist-b'], quiet)).toBe(0);
  [byA, byB] = [join(desk, 'dist-a'), join(desk, 'dist-b')];
  keyA = keyLine(join(desk, 'keys', 'release-public.pem'));
  keyB = keyLine(join(desk, 'other-public.pem'));
}, 60_000);

afterAll(() => rmSync(top, { recursive: true, force: true }));

beforeEach(() => {
  dir = mkdtempSync(join(top, 'station-'));
  seen = [];
  resetStand();
  stand.dataDir = join(dir, 'data');
  stand.packaged = true;
  stand.ready();
  writeFileSync(join(dir, OLD), 'the installed AppImage of 0.1.0');
  vi.stubEnv('APPIMAGE', join(dir, OLD));
  vi.stubEnv('XDG_CACHE_HOME', join(dir, 'cache'));
  standInForRequire();
});

afterEach(async () => {
  vi.unstubAllEnvs();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  rmSync(join(top, 'installed-by-0.2.0'), { force: true });
});

/** The requests a refused check made: the manifest and its signature, nothing else. */
const BEFORE_ANY_DOWNLOAD = ['/updates/latest-linux.yml', '/updates/latest-linux.yml.sig'];

describe('signed release manifests on a loopback update folder', () => {
  it('a release signed by the policy key downloads, is ready, and installs at quit', async () => {
    const url = await serve(folderFrom(byA));
    const { updater, lines } = await station(url, [keyA]);
    expect(await updater.check()).toEqual({ state: 'ready', version: '0.2.0', hours: null });
    expect(seen).toEqual([...BEFORE_ANY_DOWNLOAD, `/updates/${NEW}`]);
    expect(updater.atQuit()).toBe(true);
    // The installer ran: the old AppImage gave way to the new one, which ran silently.
    expect(existsSync(join(dir, OLD))).toBe(false);
    expect(readFileSync(join(dir, NEW))).toEqual(readFileSync(join(byA, NEW)));
    expect(readFileSync(join(top, 'installed-by-0.2.0'), 'utf8').trim()).toBe('true');
    expect(lines().map((line) => line['state'])).toEqual(['checking', 'downloading', 'ready']);
  });

  it('refuses a latest-linux.yml changed after signing (a swapped installer), before any download', async () => {
    const swapped = Buffer.from('#!/bin/sh\necho "whatever the share\'s intruder likes"\n');
    const url = await serve(
      folderFrom(byA, (folder) => {
        writeFileSync(join(folder, NEW), swapped);
        writeFileSync(join(folder, 'latest-linux.yml'), manifest(swapped));
      }),
    );
    const { updater, lines } = await station(url, [keyA]);
    const status = await updater.check();
    expect(status).toMatchObject({ state: 'refused', reason: 'mismatch', version: null });
    const sentence =
      'An update was refused before anything was downloaded: the signature of latest-linux.yml does not match it with the keys this station trusts (the file was changed after signing, or signed by another key). Nothing was installed.';
    expect(said(status)).toBe(sentence);
    expect(said(status, 'pt-BR')).toContain('antes de qualquer download');
    expect(seen).toEqual(BEFORE_ANY_DOWNLOAD);
    expect(existsSync(join(dir, 'cache', 'packbench-updater', 'pending', NEW))).toBe(false);
    expect(updater.atQuit()).toBe(false);
    expect(existsSync(join(dir, OLD))).toBe(true);
    expect(lines().at(-1)).toMatchObject({
      event: 'update.state',
      state: 'refused',
      reason: 'mismatch',
      sentence,
    });
  });

  it('refuses an unsigned manifest before any download', async () => {
    const url = await serve(
      folderFrom(byA, (folder) => rmSync(join(folder, 'latest-linux.yml.sig'))),
    );
    const { updater, lines } = await station(url, [keyA]);
    const status = await updater.check();
    expect(status).toMatchObject({ state: 'refused', reason: 'unsigned' });
    const sentence =
      'An update was refused before anything was downloaded: latest-linux.yml on the update server is not signed, and this station takes only signed updates. Nothing was installed.';
    expect(said(status)).toBe(sentence);
    expect(said(status, 'es')).toContain('no está firmado');
    expect(seen).toEqual(BEFORE_ANY_DOWNLOAD);
    expect(lines().at(-1)).toMatchObject({ state: 'refused', reason: 'unsigned', sentence });
  });

  it('refuses a manifest signed by another key before any download', async () => {
    const url = await serve(folderFrom(byB));
    const { updater, lines } = await station(url, [keyA]);
    const status = await updater.check();
    expect(status).toMatchObject({ state: 'refused', reason: 'mismatch' });
    expect(seen).toEqual(BEFORE_ANY_DOWNLOAD);
    expect(lines().at(-1)).toMatchObject({ state: 'refused', sentence: said(status) });
  });

  it('refuses a truncated signature before any download', async () => {
    const url = await serve(
      folderFrom(byA, (folder) => {
        const sig = join(folder, 'latest-linux.yml.sig');
        writeFileSync(sig, readFileSync(sig, 'utf8').slice(0, 40));
      }),
    );
    const { updater, lines } = await station(url, [keyA]);
    const status = await updater.check();
    expect(status).toMatchObject({ state: 'refused', reason: 'malformed' });
    const sentence =
      'An update was refused before anything was downloaded: the signature of latest-linux.yml is not a signature (truncated or garbled). Nothing was installed.';
    expect(said(status)).toBe(sentence);
    expect(seen).toEqual(BEFORE_ANY_DOWNLOAD);
    expect(lines().at(-1)).toMatchObject({ state: 'refused', reason: 'malformed', sentence });
  });

  it('rolls a key: both trusted while it rolls, and the old one refused once removed', async () => {
    // While rolling, the policy names both: a release signed by the new key installs.
    const rolling = await serve(folderFrom(byB));
    const during = await station(rolling, [keyA, keyB]);
    expect(await during.updater.check()).toMatchObject({ state: 'ready', version: '0.2.0' });
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    rmSync(join(dir, 'served'), { recursive: true });
    rmSync(join(dir, 'cache'), { recursive: true });
    rmSync(join(dir, 'logs'), { recursive: true });
    seen = [];
    // Then the old key leaves the policy: a release still signed by it is refused.
    const url = await serve(folderFrom(byA));
    const { updater, lines } = await station(url, [keyB]);
    const status = await updater.check();
    expect(status).toMatchObject({ state: 'refused', reason: 'mismatch' });
    expect(seen).toEqual(BEFORE_ANY_DOWNLOAD);
    expect(lines().at(-1)).toMatchObject({ state: 'refused', sentence: said(status) });
  });

  it('without a key, behaves as before: an unsigned release downloads and is ready', async () => {
    const url = await serve(
      folderFrom(byA, (folder) => rmSync(join(folder, 'latest-linux.yml.sig'))),
    );
    const { updater } = await station(url, []);
    expect(await updater.check()).toMatchObject({ state: 'ready', version: '0.2.0' });
    expect(seen).toEqual(['/updates/latest-linux.yml', `/updates/${NEW}`]);
  });
});
