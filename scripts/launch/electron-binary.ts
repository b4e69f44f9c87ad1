// Electron 45 no longer downloads its binary when it is installed; it fetches it on first use,
// and electron-vite refuses to start without `node_modules/electron/path.txt`. `npm start`
// therefore runs Electron's own installer (`electron/install.js`, i.e. @electron/get) first, so
// everything a user or an IT department already sets for Electron applies: ELECTRON_MIRROR (or
// npm's `electron_mirror`), electron_config_cache, electron_use_remote_checksums, and proxies.
// When the download cannot happen, it says so in a few plain lines instead of a stack trace.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { platform as osPlatform } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';

export interface ElectronBinaryOptions {
  /** The `electron` package's folder (node_modules/electron). */
  electronDir: string;
  env?: NodeJS.ProcessEnv;
  /** Where progress lines go (stdout by default). */
  log?: (line: string) => void;
}

export type ElectronBinaryResult =
  { ok: true; downloaded: boolean; executable: string } | { ok: false; lines: string[] };

interface Target {
  version: string;
  platform: string;
  arch: string;
  fileName: string;
}

function targetOf(electronDir: string, env: NodeJS.ProcessEnv): Target {
  const { version } = JSON.parse(readFileSync(join(electronDir, 'package.json'), 'utf8')) as {
    version: string;
  };
  // The same precedence as electron/install.js.
  const platform = env['ELECTRON_INSTALL_PLATFORM'] || env['npm_config_platform'] || osPlatform();
  const arch = env['ELECTRON_INSTALL_ARCH'] || env['npm_config_arch'] || process.arch;
  return { version, platform, arch, fileName: `electron-v${version}-${platform}-${arch}.zip` };
}

const executableName = (platform: string): string =>
  platform === 'darwin' || platform === 'mas'
    ? 'Electron.app/Contents/MacOS/Electron'
    : platform === 'win32'
      ? 'electron.exe'
      : 'electron';

/** The check electron/install.js makes: the right version is unpacked and path.txt points at it. */
export function installedExecutable(electronDir: string, env = process.env): string | null {
  const { version, platform } = targetOf(electronDir, env);
  try {
    const distVersion = readFileSync(join(electronDir, 'dist', 'version'), 'utf8').trim();
    const pathTxt = readFileSync(join(electronDir, 'path.txt'), 'utf8');
    if (distVersion.replace(/^v/, '') !== version || pathTxt !== executableName(platform))
      return null;
    const executable = join(electronDir, 'dist', pathTxt);
    return existsSync(executable) ? executable : null;
  } catch {
    return null;
  }
}

/**
 * npm and users name proxies in several ways; @electron/get downloads with Node's fetch, which
 * honours HTTP(S)_PROXY and NO_PROXY only with NODE_USE_ENV_PROXY=1.
 */
export function installerEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const out: NodeJS.ProcessEnv = { ...env };
  const pick = (...names: string[]) => names.map((n) => env[n]).find((v) => v && v.trim());
  const https = pick('HTTPS_PROXY', 'https_proxy', 'npm_config_https_proxy', 'npm_config_proxy');
  const http = pick('HTTP_PROXY', 'http_proxy', 'npm_config_proxy');
  const none = pick('NO_PROXY', 'no_proxy', 'npm_config_noproxy');
  if (https) out['HTTPS_PROXY'] = https;
  if (http) out['HTTP_PROXY'] = http;
  if (none) out['NO_PROXY'] = none;
  if (https || http) out['NODE_USE_ENV_PROXY'] ??= '1';
  // Progress bars are for terminals; our own line says what is happening.
  out['ELECTRON_GET_NO_PROGRESS'] ??= '1';
  return out;
}

/** The URL and cache file @electron/get uses for this target, computed by @electron/get itself. */
async function whereFrom(
  electronDir: string,
  target: Target,
  env: NodeJS.ProcessEnv,
): Promise<{ url: string | null; cacheFile: string | null }> {
  const saved = { ...process.env };
  try {
    // @electron/get reads its settings from process.env; lend it the installer's environment.
    for (const [key, value] of Object.entries(env))
      if (value !== undefined) process.env[key] = value;
    const getDir = dirname(
      createRequire(join(electronDir, 'package.json')).resolve('@electron/get'),
    );
    const utils = (await import(pathToFileURL(join(getDir, 'artifact-utils.js')).href)) as {
      getArtifactRemoteURL(details: object): Promise<string>;
    };
    const cacheModule = (await import(pathToFileURL(join(getDir, 'Cache.js')).href)) as {
      Cache: new (root?: string) => { getCachePath(url: string, fileName: string): string };
    };
    const url = await utils.getArtifactRemoteURL({
      version: `v${target.version}`,
      artifactName: 'electron',
      platform: target.platform,
      arch: target.arch,
    });
    const cacheFile = new cacheModule.Cache(env['electron_config_cache'] || undefined).getCachePath(
      url,
      target.fileName,
    );
    return { url, cacheFile };
  } catch {
    // A future @electron/get may move these files: say less rather than fail differently.
    return { url: null, cacheFile: null };
  } finally {
    for (const key of Object.keys(process.env))
      if (!(key in saved)) Reflect.deleteProperty(process.env, key);
    Object.assign(process.env, saved);
  }
}

/**
 * Asks the URL once more the way the installer did (same environment, so through the same
 * proxy) and returns the cause code of a failed fetch: Node's "fetch failed" hides it.
 */
function probeCause(url: string, env: NodeJS.ProcessEnv): Promise<string | null> {
  const script = `try { await fetch(process.argv[1], { method: 'HEAD', signal: AbortSignal.timeout(10000) }); console.log('') } catch (e) { console.log(e.cause?.code ?? e.name) }`;
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--input-type=module', '-e', script, url], {
      env,
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('error', () => resolve(null));
    child.on('close', () => resolve(out.trim() || null));
  });
}

/** Why a download failed, in words: the installer's own error line, and for a failed fetch its cause. */
async function reasonFor(
  stderr: string,
  url: string | null,
  env: NodeJS.ProcessEnv,
): Promise<string> {
  const line =
    stderr
      .split('\n')
      .map((l) => l.trim())
      .find((l) => l && !l.startsWith('at ')) ?? 'the installer gave no reason';
  const message = line.replace(/^(\w*Error|Error):\s*/, '');
  if (!/fetch failed/i.test(message) || !url) return message;
  const code = await probeCause(url, env);
  if (!code) return message;
  const proxy = env['HTTPS_PROXY'] || env['HTTP_PROXY'];
  const via = proxy ? `, through the proxy ${proxy}` : '';
  return `${CAUSE_WORDS[code] ?? message} (${code})${via}`;
}

const CAUSE_WORDS: Record<string, string> = {
  ECONNREFUSED: 'nothing answered there (connection refused)',
  ENOTFOUND: 'the host name could not be resolved',
  EAI_AGAIN: 'the host name could not be resolved (DNS did not answer)',
  ETIMEDOUT: 'the connection timed out',
  TimeoutError: 'no answer within 10 seconds',
  ECONNRESET: 'the connection was reset',
  ENETUNREACH: 'the network is unreachable',
  EHOSTUNREACH: 'the host is unreachable',
};

function runInstaller(
  electronDir: string,
  env: NodeJS.ProcessEnv,
): Promise<{ status: number; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [join(electronDir, 'install.js')], {
      env,
      stdio: ['ignore', 'inherit', 'pipe'],
    });
    let stderr = '';
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => (stderr += chunk));
    child.on('error', (error) => resolve({ status: 1, stderr: String(error) }));
    child.on('close', (code, signal) => resolve({ status: code ?? (signal ? 1 : 0), stderr }));
  });
}

/** Makes sure Electron's binary is unpacked, downloading it once through Electron's installer. */
export async function ensureElectronBinary(
  options: ElectronBinaryOptions,
): Promise<ElectronBinaryResult> {
  const env = installerEnv(options.env ?? process.env);
  const log = options.log ?? ((line: string) => console.log(line));
  const present = installedExecutable(options.electronDir, env);
  if (present) return { ok: true, downloaded: false, executable: present };

  const target = targetOf(options.electronDir, env);
  const { url, cacheFile } = await whereFrom(options.electronDir, target, env);
  log(
    `Electron ${target.version} is not unpacked yet: fetching it once${url ? ` from ${url}` : ''}` +
      `${cacheFile ? ` (or its cache, ${cacheFile})` : ''}.`,
  );
  const run = await runInstaller(options.electronDir, env);
  const executable = installedExecutable(options.electronDir, env);
  if (run.status === 0 && executable) return { ok: true, downloaded: true, executable };

  const reason = await reasonFor(run.stderr, url, env);
  const lines = [
    `Could not download Electron ${target.version}, which npm start needs to open Packbench.`,
    `  Tried:  ${url ?? `${target.fileName} (from ELECTRON_MIRROR or GitHub)`}`,
    `  Reason: ${reason}`,
    'What to do, either:',
    '  - set ELECTRON_MIRROR to an Electron mirror this computer can reach (and HTTPS_PROXY if it',
    '    needs a proxy), then run npm start again; or',
    `  - copy ${target.fileName} (Electron's release for this computer) to`,
    `      ${cacheFile ?? 'the Electron cache folder (electron_config_cache)'}`,
    '    and run npm start again with the same settings.',
  ];
  if (env['electron_use_remote_checksums'] || env['npm_config_electron_use_remote_checksums'])
    lines.push(
      '    (electron_use_remote_checksums is set, so a copied zip is checked against the',
      "    mirror's SHASUMS256.txt; unset it to check against the checksums Electron ships.)",
    );
  lines.push('For the installer’s own details, run again with DEBUG=@electron/get*.');
  return { ok: false, lines };
}
