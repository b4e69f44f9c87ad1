import { existsSync, readdirSync, realpathSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureElectronBinary } from '../../scripts/launch/electron-binary.ts';
import {
  ELECTRON_VERSION,
  readStubLaunch,
  startElectronMirror,
  startForwardProxy,
  STUB_LOG_VARIABLE,
  type ElectronMirror,
} from '../support/electron-mirror.ts';
import { copyProject, npmInCopy } from '../support/project-copy.ts';
import { tempDir } from '../outbox/helpers.ts';

// The README's first command, as a new user runs it: `npm start` on a fresh copy of the project
// (no out/, no Electron binary, no path.txt), against a loopback Electron mirror whose "Electron"
// is a stub that records how it was started. Nothing here reaches GitHub.

const scratch = tempDir('packbench-start-');
const project = join(scratch.path, 'project');
const electronDir = join(project, 'node_modules', 'electron');
let mirror: ElectronMirror;

beforeAll(async () => {
  copyProject(project);
  mirror = await startElectronMirror();
}, 60_000);
afterAll(async () => {
  await mirror.close();
  scratch.remove();
});

/** Runs `npm start` in the copy with only the given Electron settings on top of our env. */
function npmStart(env: Record<string, string>): Promise<{ status: number; output: string }> {
  return npmInCopy(project, ['start'], env);
}

const unpack = () => {
  rmSync(join(electronDir, 'dist'), { recursive: true, force: true });
  rmSync(join(electronDir, 'path.txt'), { force: true });
};
/** Electron's installer on the copy, with only a proxy able to reach the (invented) mirror host. */
const throughProxy = (cache: string, settings: Record<string, string | undefined>) =>
  ensureElectronBinary({
    electronDir,
    log: () => undefined,
    env: {
      PATH: process.env['PATH'] ?? '',
      HOME: scratch.path,
      // This host does not exist: only the proxy can reach "it".
      ELECTRON_MIRROR: 'http://electron-mirror.invalid/',
      electron_config_cache: join(scratch.path, cache),
      ...settings,
    },
  });

const zipUrl = (base: string) =>
  `${base}v${ELECTRON_VERSION}/electron-v${ELECTRON_VERSION}-${process.platform}-${process.arch}.zip`;

describe('npm start on a fresh clone', () => {
  it('downloads Electron through the mirror once, builds, and opens the built app from the project root', async () => {
    expect(existsSync(join(electronDir, 'path.txt'))).toBe(false);
    expect(existsSync(join(project, 'out'))).toBe(false);
    const cache = join(scratch.path, 'cache');
    const log = join(scratch.path, 'launch-1');
    const settings = {
      ELECTRON_MIRROR: mirror.url,
      electron_use_remote_checksums: '1',
      electron_config_cache: cache,
    };

    const first = await npmStart({ ...settings, [STUB_LOG_VARIABLE]: log });
    expect(first.status, first.output).toBe(0);
    const path = `/v${ELECTRON_VERSION}/${mirror.zipName}`;
    expect(mirror.requests).toEqual(
      expect.arrayContaining([path, `/v${ELECTRON_VERSION}/SHASUMS256.txt`]),
    );
    // Electron's installer kept the zip in the cache it was told to use.
    expect(readdirSync(cache, { recursive: true })).toContainEqual(
      expect.stringContaining(mirror.zipName),
    );
    const launch = readStubLaunch(log);
    expect(realpathSync(launch.cwd)).toBe(realpathSync(project));
    expect(launch.argv).toEqual(['.']);
    for (const built of ['out/main/index.js', 'out/preload/index.cjs', 'out/renderer/index.html'])
      expect(existsSync(join(project, built)), built).toBe(true);

    const asked = mirror.requests.length;
    const secondLog = join(scratch.path, 'launch-2');
    const second = await npmStart({ ...settings, [STUB_LOG_VARIABLE]: secondLog });
    expect(second.status, second.output).toBe(0);
    expect(mirror.requests).toHaveLength(asked);
    expect(second.output).not.toMatch(/fetching it once/);
    expect(realpathSync(readStubLaunch(secondLog).cwd)).toBe(realpathSync(project));
  }, 180_000);

  it('with the mirror down: what failed, the URL, what to do; no stack trace, no build, exit 1', async () => {
    unpack();
    rmSync(join(project, 'out'), { recursive: true, force: true });
    const down = await startElectronMirror();
    await down.close(); // a port on which nothing answers any more
    const cache = join(scratch.path, 'cache-down');
    const log = join(scratch.path, 'launch-down');

    const run = await npmStart({
      ELECTRON_MIRROR: down.url,
      electron_config_cache: cache,
      [STUB_LOG_VARIABLE]: log,
    });
    expect(run.status).toBe(1);
    expect(run.output).toContain(`Could not download Electron ${ELECTRON_VERSION}`);
    expect(run.output).toContain(zipUrl(down.url));
    expect(run.output).toMatch(/connection refused/);
    expect(run.output).toContain('set ELECTRON_MIRROR');
    // The cache path the installer would have used, so the zip can be copied there by hand.
    expect(run.output).toMatch(new RegExp(`${cache}/[0-9a-f]{64}/${mirror.zipName}`));
    expect(run.output).not.toMatch(/^\s+at /m);
    expect(existsSync(log)).toBe(false);
    expect(existsSync(join(project, 'out'))).toBe(false);
  }, 120_000);

  it('honours the proxy settings people already have (HTTP_PROXY, or npm’s proxy)', async () => {
    const proxy = await startForwardProxy(mirror.url);
    try {
      for (const [index, proxyEnv] of [
        { HTTP_PROXY: proxy.url },
        { npm_config_proxy: proxy.url },
      ].entries()) {
        unpack();
        const before = proxy.requests.length;
        const result = await throughProxy(`cache-proxy-${index}`, {
          electron_use_remote_checksums: '1',
          ...proxyEnv,
        });
        expect(result, JSON.stringify({ proxyEnv, result })).toMatchObject({
          ok: true,
          downloaded: true,
        });
        expect(proxy.requests.slice(before)).toContain('CONNECT electron-mirror.invalid:80');
      }
      // A proxy that does not answer is named as the cause, not the mirror it could not reach.
      unpack();
      const closed = await startForwardProxy(mirror.url);
      await closed.close();
      const failed = await throughProxy('cache-proxy-down', { HTTP_PROXY: closed.url });
      expect(failed.ok).toBe(false);
      expect(failed.ok ? '' : failed.lines.join('\n')).toMatch(
        new RegExp(`connection refused\\) \\(ECONNREFUSED\\), through the proxy ${closed.url}`),
      );
    } finally {
      await proxy.close();
    }
  }, 60_000);
});
