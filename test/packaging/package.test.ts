import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { extractFile, listPackage, statFile } from '@electron/asar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { tempDir } from '../outbox/helpers.ts';
import { copyProject, npmInCopy } from '../support/project-copy.ts';
import {
  readFuseWire,
  startElectronMirror,
  STOCK_FUSE_WIRE,
  stubElectronScript,
  type ElectronMirror,
} from '../support/electron-mirror.ts';

// The README's `npm run dist`, run as a user runs it on a fresh copy of the project (no out/):
// `npm run dist -- --publish never` (a flag the real command has), reading
// electron-builder.yml as it is. Electron comes through a loopback mirror whose "Electron" is a
// stub carrying Electron's fuse wire: what is checked is what ends up on disk (app.asar's
// contents, the unpacked native modules byte for byte, the fuse bytes in the binary, the
// AppImage and the latest-linux.yml an update folder serves), never the configuration that asked
// for it. The AppImage tools electron-builder would fetch from GitHub are Debian's mksquashfs and
// desktop-file-validate, with a stand-in runtime at its head (the part that mounts the image when
// run; running it is not what is tested here). For the deb, fpm (which electron-builder also
// fetches from GitHub) is test/support/fpm-stand-in/fpm, taken through electron-builder's own
// USE_SYSTEM_FPM: it builds a real .deb with Debian's dpkg-deb, which the test reads back.

const ROOT = join(import.meta.dirname, '../..');
const scratch = tempDir('packbench-package-');
const project = join(scratch.path, 'project');
const output = join(project, 'release');
const resources = join(output, 'linux-unpacked', 'resources');
const STAND_IN_RUNTIME = '#!/bin/sh\necho "a stand-in AppImage runtime"; exit 1\n';
let mirror: ElectronMirror;
let files: string[] = [];
let dist = { status: 1, output: '' };
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
  name: string;
  version: string;
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};
const lock = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8')) as {
  packages: Record<string, { dev?: boolean; devOptional?: boolean }>;
};
/**
 * Packages npm installs for production, at any depth (what may ship): electron-builder lifts a
 * nested one (electron-updater's own js-yaml 4) to the archive's top level.
 */
const productionPackages = new Set(
  Object.entries(lock.packages)
    .filter(([path, entry]) => path.startsWith('node_modules/') && !entry.dev)
    .map(([path]) => path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length)),
);

beforeAll(async () => {
  copyProject(project);
  mirror = await startElectronMirror();
  const tools = join(scratch.path, 'appimage-tools');
  mkdirSync(join(tools, 'linux-x64'), { recursive: true });
  mkdirSync(join(tools, 'lib', 'x64'), { recursive: true });
  for (const tool of ['mksquashfs', 'desktop-file-validate'])
    symlinkSync(`/usr/bin/${tool}`, join(tools, 'linux-x64', tool));
  writeFileSync(join(tools, 'runtime-x64'), STAND_IN_RUNTIME, { mode: 0o755 });
  dist = await npmInCopy(project, ['run', 'dist', '--', '--publish', 'never'], {
    ELECTRON_MIRROR: mirror.url,
    electron_use_remote_checksums: '1',
    electron_config_cache: join(scratch.path, 'electron-cache'),
    ELECTRON_BUILDER_CACHE: join(scratch.path, 'builder-cache'),
    // electron-builder's own download keeps @electron/get's default cache (~/.cache/electron,
    // keyed by URL): a mirror port that an earlier run happened to use would be served from
    // there and never reach this mirror. The scratch folder stands in for the cache home.
    XDG_CACHE_HOME: join(scratch.path, 'xdg-cache'),
    APPIMAGE_TOOLS_PATH: tools,
    USE_SYSTEM_FPM: 'true',
    PATH: `${join(ROOT, 'test/support/fpm-stand-in')}${delimiter}${process.env['PATH'] ?? ''}`,
  });
  if (dist.status === 0)
    files = listPackage(join(resources, 'app.asar'), { isPack: false }).map((f) =>
      f.replaceAll('\\', '/'),
    );
}, 300_000);
afterAll(async () => {
  await mirror?.close();
  scratch.remove();
});

describe('packaging', () => {
  it('`npm run dist` runs to the end on a machine without libusb headers', () => {
    expect(dist.output).not.toMatch(/rebuilding native dependencies|node-gyp|libusb/i);
    expect(dist.status, dist.output.slice(-3000)).toBe(0);
  });

  it('fetched Electron through the mirror, not GitHub', () => {
    expect(mirror.requests).toContain(`/v${pkg.devDependencies['electron']}/${mirror.zipName}`);
  });

  it('flips the security fuses in the binary itself (read back byte by byte)', () => {
    const stock = readFuseWire(stubElectronScript());
    expect(
      Object.values(stock)
        .map((s) => (s === 'on' ? '1' : '0'))
        .join(''),
    ).toBe(STOCK_FUSE_WIRE);
    const binary = readFileSync(join(output, 'linux-unpacked', pkg.name));
    expect(readFuseWire(binary)).toEqual({
      runAsNode: 'off',
      enableCookieEncryption: 'on',
      enableNodeOptionsEnvironmentVariable: 'off',
      enableNodeCliInspectArguments: 'off',
      enableEmbeddedAsarIntegrityValidation: 'on',
      onlyLoadAppFromAsar: 'on',
      // Not ours to change: Electron's default.
      loadBrowserProcessSpecificV8Snapshot: stock.loadBrowserProcessSpecificV8Snapshot,
      grantFileProtocolExtraPrivileges: 'off',
    });
  });

  it('app.asar holds out/, package.json and the production dependencies, nothing else', () => {
    const topLevel = new Set(files.map((f) => f.split('/')[1]));
    expect([...topLevel].sort()).toEqual(['node_modules', 'out', 'package.json']);
    for (const part of [
      '/out/main/index.js',
      '/out/preload/index.cjs',
      '/out/renderer/index.html',
      '/out/THIRD_PARTY_NOTICES',
      '/package.json',
    ])
      expect(files, part).toContain(part);
    expect(files.filter((f) => f.endsWith('third-party.partial.json'))).toEqual([]);
    const shipped = new Set(
      files
        .filter((f) => f.startsWith('/node_modules/'))
        .map((f) => {
          const [scope = '', name = ''] = f.slice('/node_modules/'.length).split('/');
          return scope.startsWith('@') ? (name ? `${scope}/${name}` : '') : scope;
        })
        .filter(Boolean),
    );
    for (const dep of Object.keys(pkg.dependencies)) expect(shipped, dep).toContain(dep);
    expect([...shipped].filter((name) => !productionPackages.has(name))).toEqual([]);
    expect(Object.keys(pkg.devDependencies).filter((dep) => shipped.has(dep))).toEqual([]);
    // Every package in the archive has its entry in the notices that ship beside it.
    const listed = JSON.parse(readFileSync(join(project, 'out', 'third-party.json'), 'utf8')) as {
      packages: { name: string; where: string[] }[];
    };
    const inNotices = new Set(
      listed.packages.filter((p) => p.where.includes('asar')).map((p) => p.name),
    );
    expect([...shipped].filter((name) => !inNotices.has(name))).toEqual([]);
    expect(files.filter((f) => f.endsWith('.map'))).toEqual([]);
    expect(files.filter((f) => /^\/(src|test|scripts|resources)\//.test(f))).toEqual([]);
    // The keychain's native module cannot be loaded from inside the archive: its .node binary
    // (in the platform package, not the JS wrapper) lies beside it, unpacked.
    const nativeName = `keyring.${process.platform}-${process.arch}-gnu.node`;
    const nativeDir = `@napi-rs/keyring-${process.platform}-${process.arch}-gnu`;
    expect(
      existsSync(join(resources, 'app.asar.unpacked', 'node_modules', nativeDir, nativeName)),
      `${nativeDir}/${nativeName} unpacked`,
    ).toBe(true);
    for (const native of files.filter((f) => f.endsWith('.node')))
      expect(statFile(join(resources, 'app.asar'), native.slice(1)), native).toMatchObject({
        unpacked: true,
      });
  });

  it('ships each native module byte for byte as npm installed it: nothing rebuilt', () => {
    const natives = files.filter((f) => f.endsWith('.node'));
    // The keychain's, node-hid's and serialport's bindings at least.
    expect(natives.length).toBeGreaterThanOrEqual(3);
    for (const native of natives) {
      const shipped = readFileSync(join(resources, 'app.asar.unpacked', native.slice(1)));
      const installed = readFileSync(join(ROOT, native.slice(1)));
      expect(sha256(shipped), native).toBe(sha256(installed));
    }
  });

  it('writes the latest-linux.yml an update folder serves, naming the AppImage by its hash', () => {
    const yml = parse(readFileSync(join(output, 'latest-linux.yml'), 'utf8')) as {
      version: string;
      path: string;
      sha512: string;
      files: { url: string; sha512: string; size: number }[];
    };
    const appImage = `Packbench-${pkg.version}.AppImage`;
    const bytes = readFileSync(join(output, appImage));
    const sha512 = createHash('sha512').update(bytes).digest('base64');
    expect(yml.version).toBe(pkg.version);
    expect(yml.path).toBe(appImage);
    expect(yml.sha512).toBe(sha512);
    // The deb is listed too, by its own hash (an updater on a deb install reads that entry).
    const deb = readFileSync(join(output, `${pkg.name}_${pkg.version}_amd64.deb`));
    expect(yml.files).toEqual([
      expect.objectContaining({ url: appImage, sha512, size: bytes.length }),
      expect.objectContaining({
        url: `${pkg.name}_${pkg.version}_amd64.deb`,
        sha512: createHash('sha512').update(deb).digest('base64'),
        size: deb.length,
      }),
    ]);
    // The image holds the same app.asar as the unpacked folder (squashfs-tools reads it).
    const extracted = join(scratch.path, 'squashfs-root');
    const unsquash = spawnSync(
      'unsquashfs',
      [
        '-o',
        String(STAND_IN_RUNTIME.length),
        '-d',
        extracted,
        join(output, appImage),
        'resources/app.asar',
      ],
      { encoding: 'utf8' },
    );
    expect(unsquash.status, unsquash.stderr).toBe(0);
    expect(readFileSync(join(extracted, 'resources', 'app.asar'))).toEqual(
      readFileSync(join(resources, 'app.asar')),
    );
    // Hashing two installers and unpacking a squashfs is work, not waiting: 15 s on a quiet
    // machine, 45 s on a loaded one; the bound only stops a hang.
  }, 180_000);

  it('writes a CycloneDX SBOM beside the installers: every package in app.asar, nothing else', () => {
    const sbomFile = join(output, `Packbench-${pkg.version}.cdx.json`);
    expect(existsSync(sbomFile), `${sbomFile} beside the installers`).toBe(true);
    const sbom = JSON.parse(readFileSync(sbomFile, 'utf8')) as {
      bomFormat: string;
      specVersion: string;
      metadata: { component: { name: string; version: string } };
      components: {
        type: string;
        name: string;
        version?: string;
        licenses?: unknown[];
        hashes?: { alg: string; content: string }[];
        properties?: { name: string; value: string }[];
      }[];
    };
    expect([sbom.bomFormat, sbom.specVersion]).toEqual(['CycloneDX', '1.6']);
    expect(sbom.metadata.component).toMatchObject({ name: 'Packbench', version: pkg.version });
    // What the archive holds, read here from the archive: each package's own package.json in
    // its node_modules (nested copies too), and the bundles' packages from the list that ships.
    const asar = join(resources, 'app.asar');
    const inArchive = new Set<string>();
    for (const file of files.filter((f) =>
      /\/node_modules\/(@[^/]+\/)?[^/@][^/]*\/package\.json$/.test(f),
    )) {
      const manifest = JSON.parse(extractFile(asar, file.slice(1)).toString()) as {
        name?: string;
        version?: string;
      };
      if (manifest.name && manifest.version) inArchive.add(`${manifest.name}@${manifest.version}`);
    }
    const shippedList = JSON.parse(extractFile(asar, 'out/third-party.json').toString()) as {
      packages: { name: string; version: string; where: string[] }[];
    };
    for (const entry of shippedList.packages)
      if (entry.where.some((w) => w !== 'asar')) inArchive.add(`${entry.name}@${entry.version}`);
    const libraries = sbom.components.filter((c) => c.type === 'library');
    expect(libraries.map((c) => `${c.name}@${c.version}`).sort()).toEqual([...inArchive].sort());
    // Versions, licences and the SHA-512 npm recorded for each tarball it installed.
    const integrity = new Map(
      Object.entries(
        (
          JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8')) as {
            packages: Record<string, { version?: string; integrity?: string }>;
          }
        ).packages,
      )
        .filter(([path, entry]) => path.includes('node_modules/') && entry.integrity)
        .map(([path, entry]) => [
          `${path.slice(path.lastIndexOf('node_modules/') + 13)}@${entry.version}`,
          Buffer.from((entry.integrity ?? '').replace(/^sha512-/, ''), 'base64').toString('hex'),
        ]),
    );
    for (const library of libraries) {
      const key = `${library.name}@${library.version}`;
      expect(library.licenses?.length, `${key} has a licence`).toBeGreaterThan(0);
      const sha512 = library.hashes?.find((h) => h.alg === 'SHA-512')?.content;
      expect(sha512, `${key}'s SHA-512`).toBe(integrity.get(key));
    }
    // The fonts, each by the SHA-256 of its bytes in the archive.
    const fonts = files.filter((f) => /\.(ttf|otf|woff2?)$/i.test(f));
    expect(fonts.length).toBeGreaterThanOrEqual(2);
    const listedFonts = sbom.components.filter((c) => c.type === 'file');
    expect(
      listedFonts
        .map((c) => [
          c.properties?.find((p) => p.name === 'packbench:path')?.value,
          c.hashes?.find((h) => h.alg === 'SHA-256')?.content,
        ])
        .sort(),
    ).toEqual(fonts.map((f) => [f, sha256(extractFile(asar, f.slice(1)))]).sort());
    expect(sbom.components).toHaveLength(libraries.length + listedFonts.length);
  });

  it('builds the deb a Debian or Ubuntu machine installs: its fields, and the same app.asar', () => {
    const deb = join(output, `${pkg.name}_${pkg.version}_amd64.deb`);
    const field = (name: string) =>
      spawnSync('dpkg-deb', ['--field', deb, name], { encoding: 'utf8' }).stdout.trim();
    expect(field('Package')).toBe(pkg.name);
    expect(field('Version')).toBe(pkg.version);
    expect(field('Maintainer')).toMatch(/^Packbench contributors <.+@.+>$/);
    expect(field('Homepage')).toMatch(/^https:\/\//);
    // The keychain needs libsecret on the machine.
    expect(field('Depends').split(', ')).toContain('libsecret-1-0');
    const asar = spawnSync(
      'sh',
      [
        '-c',
        `dpkg-deb --fsys-tarfile "$1" | tar -xO ./opt/Packbench/resources/app.asar`,
        'sh',
        deb,
      ],
      { maxBuffer: 1 << 30 },
    );
    expect(asar.status, asar.stderr.toString()).toBe(0);
    expect(sha256(asar.stdout)).toBe(sha256(readFileSync(join(resources, 'app.asar'))));
  });

  it('builds installers for every desktop and flips the security fuses', () => {
    const config = parse(readFileSync(join(ROOT, 'electron-builder.yml'), 'utf8')) as {
      appId: string;
      productName: string;
      linux: { target: string[] };
      win: { target: string[] };
      mac: { target: string[] };
      electronFuses: Record<string, boolean>;
    };
    expect(config.appId).toBe('org.packbench.station');
    expect(config.productName).toBe('Packbench');
    expect([config.linux.target, config.win.target, config.mac.target]).toEqual([
      ['AppImage', 'deb'],
      ['nsis'],
      ['dmg', 'zip'],
    ]);
    expect(config.electronFuses).toEqual({
      runAsNode: false,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      enableCookieEncryption: true,
      enableEmbeddedAsarIntegrityValidation: true,
      onlyLoadAppFromAsar: true,
      grantFileProtocolExtraPrivileges: false,
    });
  });

  it('has the icon that electron-builder turns into each platform: a square PNG of 1024 px', () => {
    const png = readFileSync(join(ROOT, 'resources', 'icon.png'));
    expect(png.subarray(0, 8)).toEqual(Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]));
    expect(png.toString('ascii', 12, 16)).toBe('IHDR');
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1024, 1024]);
  });
});
