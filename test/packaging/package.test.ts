import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { listPackage } from '@electron/asar';
import { build, Platform } from 'electron-builder';
import { afterAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { tempDir } from '../outbox/helpers.ts';

// Electron's binary cannot be fetched here, so the unpacked-directory target runs against a stub
// Electron distribution: what is checked is what electron-builder puts into app.asar.

const ROOT = join(import.meta.dirname, '../..');
const scratch = tempDir('packbench-package-');
afterAll(() => scratch.remove());

const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};

describe('packaging', () => {
  it('app.asar holds the build and the production dependencies, nothing from devDependencies', async () => {
    for (const part of ['out/main/index.js', 'out/preload/index.cjs', 'out/renderer/index.html']) {
      expect(existsSync(join(ROOT, part)), `${part} (run the build first)`).toBe(true);
    }
    const stub = join(scratch.path, 'electron-dist');
    mkdirSync(stub, { recursive: true });
    writeFileSync(join(stub, 'electron'), '#!/bin/sh\necho stub electron\n');
    chmodSync(join(stub, 'electron'), 0o755);
    writeFileSync(join(stub, 'version'), '45.4.1');
    const output = join(scratch.path, 'release');
    const config = parse(readFileSync(join(ROOT, 'electron-builder.yml'), 'utf8')) as Record<
      string,
      unknown
    >;
    await build({
      projectDir: ROOT,
      targets: Platform.LINUX.createTarget('dir'),
      publish: 'never',
      config: {
        ...config,
        electronDist: stub,
        electronVersion: '45.4.1',
        npmRebuild: false,
        // The stub binary has no fuse sentinel to flip; the real one does.
        electronFuses: null,
        directories: { ...(config['directories'] as object), output },
      },
    });
    const resources = join(output, 'linux-unpacked', 'resources');
    const files = listPackage(join(resources, 'app.asar'), { isPack: false }).map((f) =>
      f.replaceAll('\\', '/'),
    );
    for (const part of [
      '/out/main/index.js',
      '/out/preload/index.cjs',
      '/out/renderer/index.html',
      '/package.json',
    ]) {
      expect(files, part).toContain(part);
    }
    for (const dep of Object.keys(pkg.dependencies)) {
      expect(
        files.some((f) => f.startsWith(`/node_modules/${dep}/`)),
        dep,
      ).toBe(true);
    }
    const leaked = Object.keys(pkg.devDependencies).filter((dep) =>
      files.some((f) => f.startsWith(`/node_modules/${dep}/`)),
    );
    expect(leaked).toEqual([]);
    expect(files.some((f) => f.startsWith('/src/') || f.startsWith('/test/'))).toBe(false);
    expect(
      existsSync(join(resources, 'app.asar.unpacked', 'node_modules', '@napi-rs', 'keyring')),
    ).toBe(true);
  }, 120_000);

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
      ['dmg'],
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
