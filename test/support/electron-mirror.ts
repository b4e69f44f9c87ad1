import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { join } from 'node:path';
import { zipStored } from './zip.ts';

// A loopback Electron mirror: these machines cannot reach GitHub, and no test may depend on a
// real Electron binary. The mirror serves what @electron/get asks for
// (`v<version>/electron-v<version>-<platform>-<arch>.zip` and `v<version>/SHASUMS256.txt`), where
// the zip's `electron` is a shell script that records its cwd and argv and carries Electron's
// fuse sentinel, so electron-builder can flip the fuses in it and a test can read them back.

const ROOT = join(import.meta.dirname, '../..');
export const ELECTRON_VERSION = (
  JSON.parse(readFileSync(join(ROOT, 'node_modules/electron/package.json'), 'utf8')) as {
    version: string;
  }
).version;

export const FUSE_SENTINEL = 'dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX';
/** The fuse wire's positions (Electron's FuseV1Options order). */
export const FUSE_NAMES = [
  'runAsNode',
  'enableCookieEncryption',
  'enableNodeOptionsEnvironmentVariable',
  'enableNodeCliInspectArguments',
  'enableEmbeddedAsarIntegrityValidation',
  'onlyLoadAppFromAsar',
  'loadBrowserProcessSpecificV8Snapshot',
  'grantFileProtocolExtraPrivileges',
] as const;
export type FuseName = (typeof FUSE_NAMES)[number];
/** What a stock Electron binary ships with: run-as-node, NODE_OPTIONS, --inspect and file:// on. */
export const STOCK_FUSE_WIRE = '10110001';

/** Where the stub writes its cwd and arguments (NUL-separated), when this variable is set. */
export const STUB_LOG_VARIABLE = 'PACKBENCH_STUB_ELECTRON_LOG';

export function stubElectronScript(wire = STOCK_FUSE_WIRE): Buffer {
  return Buffer.concat([
    Buffer.from(
      [
        '#!/bin/sh',
        "# A stub Electron for Packbench's tests: records where and how it was started, then exits.",
        `if [ -n "\${${STUB_LOG_VARIABLE}:-}" ]; then printf '%s\\0' "$PWD" "$@" > "$${STUB_LOG_VARIABLE}"; fi`,
        'exit 0',
        '# Electron fuse wire: sentinel, wire version, wire length, one byte per fuse.',
        `# ${FUSE_SENTINEL}`,
      ].join('\n'),
    ),
    Buffer.from([1, wire.length]),
    Buffer.from(`${wire}\n`, 'latin1'),
  ]);
}

export interface StubLaunch {
  cwd: string;
  argv: string[];
}

export function readStubLaunch(logFile: string): StubLaunch {
  const [cwd = '', ...argv] = readFileSync(logFile, 'utf8').split('\0').slice(0, -1);
  return { cwd, argv };
}

export type FuseState = 'on' | 'off' | 'removed';

/** Reads the fuse wire out of a binary, byte by byte, the way Electron itself reads it. */
export function readFuseWire(binary: Buffer): Record<FuseName, FuseState> {
  const at = binary.indexOf(FUSE_SENTINEL, 0, 'latin1');
  if (at < 0) throw new Error('No fuse sentinel in this binary.');
  const wire = at + FUSE_SENTINEL.length;
  if (binary[wire] !== 1) throw new Error(`Unknown fuse wire version ${binary[wire]}.`);
  const length = binary[wire + 1] ?? 0;
  const states = {} as Record<FuseName, FuseState>;
  FUSE_NAMES.forEach((name, i) => {
    if (i >= length) throw new Error(`The fuse wire has no fuse ${name}.`);
    const byte = binary[wire + 2 + i];
    states[name] = byte === 0x31 ? 'on' : byte === 0x30 ? 'off' : 'removed';
  });
  return states;
}

export function electronZipName(
  version = ELECTRON_VERSION,
  platform: string = process.platform,
  arch: string = process.arch,
): string {
  return `electron-v${version}-${platform}-${arch}.zip`;
}

export function stubElectronZip(version = ELECTRON_VERSION): Buffer {
  return zipStored([
    { name: 'electron', data: stubElectronScript(), mode: 0o755 },
    { name: 'version', data: Buffer.from(version) },
    { name: 'LICENSE', data: Buffer.from('Stub Electron for tests.\n') },
  ]);
}

export interface ElectronMirror {
  /** For ELECTRON_MIRROR: ends with a slash. */
  url: string;
  port: number;
  zip: Buffer;
  zipName: string;
  /** Every path asked for, in order. */
  requests: string[];
  close(): Promise<void>;
}

const listen = (server: Server): Promise<number> =>
  new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port));
  });

const closeServer = (server: Server): Promise<void> =>
  new Promise((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });

export async function startElectronMirror(version = ELECTRON_VERSION): Promise<ElectronMirror> {
  const zip = stubElectronZip(version);
  const zipName = electronZipName(version);
  const sums = `${createHash('sha256').update(zip).digest('hex')} *${zipName}\n`;
  const requests: string[] = [];
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://mirror').pathname;
    requests.push(path);
    const body =
      path === `/v${version}/${zipName}`
        ? zip
        : path === `/v${version}/SHASUMS256.txt`
          ? Buffer.from(sums)
          : null;
    if (!body) {
      res.writeHead(404).end('not found');
      return;
    }
    res.writeHead(200, { 'content-length': body.length }).end(body);
  });
  const port = await listen(server);
  return {
    url: `http://127.0.0.1:${port}/`,
    port,
    zip,
    zipName,
    requests,
    close: () => closeServer(server),
  };
}

/**
 * An HTTP proxy on loopback (absolute-form requests and CONNECT tunnels, as Node's fetch uses
 * even for http:// targets) that takes every request to `target` whatever host it names, so a
 * test can point ELECTRON_MIRROR at a host that does not exist and prove the download went
 * through the proxy.
 */
export async function startForwardProxy(
  target: string,
): Promise<{ url: string; requests: string[]; close(): Promise<void> }> {
  const requests: string[] = [];
  const to = new URL(target);
  const server = createServer((req, res) => {
    requests.push(req.url ?? '');
    const upstream = request(
      {
        host: to.hostname,
        port: to.port,
        method: req.method,
        path: new URL(req.url ?? '/', 'http://unused').pathname,
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.writeHead(502).end());
    req.pipe(upstream);
  });
  server.on('connect', (req, client, head) => {
    requests.push(`CONNECT ${req.url ?? ''}`);
    const upstream = connect(Number(to.port), to.hostname, () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    upstream.on('error', () => client.destroy());
    client.on('error', () => upstream.destroy());
  });
  const port = await listen(server);
  return { url: `http://127.0.0.1:${port}`, requests, close: () => closeServer(server) };
}
