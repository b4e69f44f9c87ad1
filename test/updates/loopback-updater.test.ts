// The station's updater against a loopback update server, through the real electron-updater
// (its DebUpdater, generic provider and Electron HTTP executor) on our stand-in `electron`
// module: found, downloaded and checked; a tampered file, a wrong size and a stalled server
// refused, each with its sentence; a staged rollout honoured for ids inside and outside.
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import {
  createServer,
  type IncomingHttpHeaders,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetStand, stand, standInForRequire } from '../support/electron-stand-in.ts';
import { FakeClock } from '../support/fake-clock.ts';
import { until } from '../support/until.ts';
import { translate } from '../../src/shared/i18n/translate.ts';
import type { UpdateStatus } from '../../src/shared/updates.ts';

type Mode = 'good' | 'tampered' | 'size' | 'stall' | 'stall-check';
const FILE = 'packbench_0.1.0_amd64.deb';
const INSIDE = '6f1c2d3e-4a5b-4c6d-8e7f-000000000000'; // last four bytes 0: inside any rollout
const OUTSIDE = '6f1c2d3e-4a5b-4c6d-8e7f-0000ffffffff'; // last four bytes max: outside below 100 %

interface Seen {
  path: string;
  headers: IncomingHttpHeaders;
}

let dir: string;
let server: Server;
let seen: Seen[];
let stalled: ServerResponse | null;

function startServer(mode: Mode, extra = ''): Promise<string> {
  const installer = Buffer.from('a Debian package of Packbench 0.1.0, '.repeat(4000));
  const served = mode === 'tampered' ? Buffer.from(installer).fill(0x21, 100, 110) : installer;
  const sha512 = createHash('sha512').update(installer).digest('base64');
  const size = mode === 'size' ? installer.length + 17 : installer.length;
  const yml = [
    'version: 0.1.0',
    'files:',
    `  - url: ${FILE}`,
    `    sha512: ${sha512}`,
    `    size: ${size}`,
    `path: ${FILE}`,
    `sha512: ${sha512}`,
    "releaseDate: '2026-11-26T08:00:00.000Z'",
    extra,
  ].join('\n');
  server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://x').pathname;
    seen.push({ path, headers: request.headers });
    if (path === '/updates/latest-linux.yml' || path === '/updates/beta-linux.yml') {
      if (mode === 'stall-check') {
        response.writeHead(200, { 'content-length': yml.length });
        response.write(yml.slice(0, 20));
        stalled = response;
      } else response.end(yml);
    } else if (path === `/updates/${FILE}`) {
      response.writeHead(200, { 'content-length': served.length });
      if (mode === 'stall') {
        response.write(served.subarray(0, 1000));
        stalled = response;
      } else response.end(served);
    } else response.writeHead(404).end();
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}/updates/`),
    ),
  );
}

async function updaterFor(url: string, stationId: string, channel = 'latest') {
  const { default: electronUpdater } = await import('electron-updater');
  const { electronUpdateEngine } = await import('../../src/main/updates/engine.ts');
  const { StationUpdater } = await import('../../src/main/updates/updater.ts');
  const clock = new FakeClock();
  const updater = new StationUpdater({
    engine: electronUpdateEngine(new electronUpdater.DebUpdater()),
    settings: { url, channel, hours: null, publicKeys: [] },
    stationId,
    clock,
    work: () => ({ packOpen: false, sending: false, printing: false }),
    stallMs: 30_000,
  });
  return { updater, clock };
}

/** The refusal's sentence in `language`, from the catalogues. */
function said(status: UpdateStatus, language: 'en' | 'pt-BR' | 'es'): string {
  if (status.state !== 'refused') throw new Error(`not refused: ${JSON.stringify(status)}`);
  return translate(language, status.sentence.key, status.sentence.values);
}

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'packbench-updates-'));
  seen = [];
  stalled = null;
  resetStand();
  stand.dataDir = join(dir, 'data');
  stand.packaged = true;
  stand.ready();
  vi.stubEnv('XDG_CACHE_HOME', join(dir, 'cache'));
  standInForRequire();
});

afterEach(async () => {
  vi.unstubAllEnvs();
  stalled?.destroy();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  rmSync(dir, { recursive: true, force: true });
});

describe('the updater against a loopback update server', () => {
  it('finds a newer version, downloads it and accepts it once sha512 and size match', async () => {
    const url = await startServer('good');
    const { updater } = await updaterFor(url, INSIDE);
    const status = await updater.check();
    expect(status).toEqual({ state: 'ready', version: '0.1.0', hours: null });
    const file = join(dir, 'cache', 'packbench-updater', 'pending', FILE);
    const bytes = readFileSync(file);
    expect(bytes.toString()).toBe('a Debian package of Packbench 0.1.0, '.repeat(4000));
    expect(seen.map((request) => request.path)).toEqual([
      '/updates/latest-linux.yml',
      `/updates/${FILE}`,
    ]);
    // The station's own id goes with the check, as electron-updater's staging header.
    expect(seen[0]?.headers['x-user-staging-id']).toBe(INSIDE);
  });

  it('reads the channel the policy names', async () => {
    const url = await startServer('good');
    const { updater } = await updaterFor(url, INSIDE, 'beta');
    expect((await updater.check()).state).toBe('ready');
    expect(seen[0]?.path).toBe('/updates/beta-linux.yml');
  });

  it('refuses a tampered file, with its sentence, and nothing is ready', async () => {
    const url = await startServer('tampered');
    const { updater } = await updaterFor(url, INSIDE);
    const status = await updater.check();
    expect(status).toMatchObject({ state: 'refused', reason: 'tampered', version: '0.1.0' });
    expect(said(status, 'en')).toBe(
      'Update 0.1.0 was refused: the downloaded file does not match its checksum (sha512). Nothing was installed.',
    );
    expect(said(status, 'pt-BR')).toContain('foi recusada');
  });

  it('refuses a file whose size is not the one announced, and removes it', async () => {
    const url = await startServer('size');
    const { updater } = await updaterFor(url, INSIDE);
    const status = await updater.check();
    expect(status).toMatchObject({ state: 'refused', reason: 'size' });
    expect(said(status, 'es')).toBe(
      `La actualización 0.1.0 fue rechazada: el archivo descargado tiene ${4000 * 37} bytes, no los ${4000 * 37 + 17} que anunció el servidor de actualizaciones. No se instaló nada.`,
    );
    expect(() => readFileSync(join(dir, 'cache', 'packbench-updater', 'pending', FILE))).toThrow();
  });

  it('gives up on a server that stops sending, after the stall time on the clock', async () => {
    const url = await startServer('stall');
    const { updater, clock } = await updaterFor(url, INSIDE);
    const outcome = updater.check();
    await until(() => stalled !== null, 'the server to start sending the file');
    await clock.advance(29_000);
    expect(updater.status()).toMatchObject({ state: 'downloading', version: '0.1.0' });
    await clock.advance(1_000);
    const status = await outcome;
    expect(status).toMatchObject({ state: 'refused', reason: 'stalled', version: '0.1.0' });
    expect(said(status, 'en')).toBe(
      'Update 0.1.0 was refused: the update server stopped sending for 30 seconds. Nothing was installed; the station tries again later.',
    );
  });

  it('gives up on a check the server never finishes, and the next check asks again', async () => {
    const url = await startServer('stall-check');
    const { updater, clock } = await updaterFor(url, INSIDE);
    const outcome = updater.check();
    await until(() => stalled !== null, 'the server to start sending latest-linux.yml');
    await clock.advance(30_000);
    const status = await outcome;
    expect(status).toMatchObject({ state: 'refused', reason: 'unreachable', version: null });
    expect(said(status, 'en')).toBe(
      `The update server could not be reached (${url}). The station tries again later.`,
    );
    stalled = null;
    const again = updater.check();
    await until(() => stalled !== null, 'a second request for latest-linux.yml');
    expect(seen.map((request) => request.path)).toEqual([
      '/updates/latest-linux.yml',
      '/updates/latest-linux.yml',
    ]);
    await clock.advance(30_000);
    expect(await again).toMatchObject({ state: 'refused', reason: 'unreachable' });
  });

  it('honours a staged rollout: a station inside downloads, one outside does not', async () => {
    const url = await startServer('good', 'stagingPercentage: 50');
    const outside = await updaterFor(url, OUTSIDE);
    expect(await outside.updater.check()).toEqual({ state: 'current', latest: '0.1.0' });
    expect(seen.map((request) => request.path)).toEqual(['/updates/latest-linux.yml']);
    expect(seen[0]?.headers['x-user-staging-id']).toBe(OUTSIDE);

    const inside = await updaterFor(url, INSIDE);
    expect(await inside.updater.check()).toMatchObject({ state: 'ready', version: '0.1.0' });
    expect(seen.at(-1)?.path).toBe(`/updates/${FILE}`);
  });
});
