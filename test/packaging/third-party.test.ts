// "Only ship what we may ship": the licences and notices of the third-party code in the build
// (out/, as `npx electron-vite build` leaves it) and the app.asar packages, and no proprietary
// font in any file of it.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RENDERER_ALIASES } from '../../scripts/aliases.ts';
import { scanDirectory } from '../../scripts/third-party/font-notices.ts';
import { licenseViolations } from '../../scripts/third-party/license-policy.ts';
import {
  LIST_FILE,
  NOTICES_FILE,
  PARTIAL_FILE,
  type ThirdPartyList,
} from '../../scripts/third-party/notices.ts';
import { describePackage, productionPackages } from '../../scripts/third-party/packages.ts';

const ROOT = join(import.meta.dirname, '../..');
const OUT = join(ROOT, 'out');

const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};

function readBuilt(file: string): string {
  expect(
    existsSync(join(OUT, file)),
    `out/${file} (run the build first: npx electron-vite build)`,
  ).toBe(true);
  return readFileSync(join(OUT, file), 'utf8');
}
const shippedList = (): ThirdPartyList => JSON.parse(readBuilt(LIST_FILE)) as ThirdPartyList;

/** The npm packages the renderer's own code imports at run time (tests and type imports aside). */
function rendererImports(): string[] {
  // The window's code, and the ZPL engine its worker bundles (its CLI adapter is not in it).
  const entries = ['src/renderer', 'src/zpl'].flatMap((dir) =>
    readdirSync(join(ROOT, dir), { recursive: true, withFileTypes: true }),
  );
  const names = new Set<string>();
  for (const entry of entries) {
    const name = entry.name;
    if (!entry.isFile() || !/\.(tsx?|mjs)$/.test(name) || /\.test\.|\.d\.ts$|^test-/.test(name))
      continue;
    if (entry.parentPath.replaceAll('\\', '/').includes('/src/zpl/cli')) continue;
    // The engine's PNG codec serves the CLI, the bench and the tests: since #32 the window paints
    // the worker's pixels itself, so its zlib (fflate) is not in the renderer's bundle.
    if (entry.parentPath.replaceAll('\\', '/').includes('/src/zpl/png')) continue;
    const source = readFileSync(join(entry.parentPath, name), 'utf8');
    const specifiers = [
      ...source.matchAll(/^\s*(?:import|export)\s+(?!type\s)[^'"]*?\sfrom\s+'([^']+)'/gm),
      ...source.matchAll(/^\s*import\s+'([^']+)'/gm),
      ...source.matchAll(/\bimport\(\s*'([^']+)'\s*\)/g),
      ...source.matchAll(/\bnew URL\(\s*'([^']+)'\s*,\s*import\.meta\.url/g),
    ].map((m) => m[1] ?? '');
    for (const specifier of specifiers) {
      // A file a package's exports do not list, reached by its path: still that package's code.
      const reached = /(?:^|\/)node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(specifier);
      if (reached?.[1]) {
        names.add(reached[1]);
        continue;
      }
      // Our own files: relative, absolute, Node's, or through the window's aliases.
      if (/^(\.|\/|node:)/.test(specifier)) continue;
      if (Object.keys(RENDERER_ALIASES).some((alias) => specifier.startsWith(`${alias}/`)))
        continue;
      names.add(
        specifier
          .split('/')
          .slice(0, specifier.startsWith('@') ? 2 : 1)
          .join('/'),
      );
    }
  }
  return [...names].sort();
}

describe('third-party software in the app', () => {
  it('every shipped package has a licence we may ship (the failure names the package)', () => {
    expect(licenseViolations(shippedList().packages)).toEqual([]);
    // The other platforms' native builds are not installed here, but ship in their installers.
    const elsewhere = productionPackages(ROOT).filter((p) => !p.installed);
    expect(
      licenseViolations(elsewhere.map((p) => ({ ...p, where: ['asar (other platforms)'] }))),
    ).toEqual([]);
  });

  it('THIRD_PARTY_NOTICES lists every app.asar and every bundled package, with version and licence', () => {
    const notices = readBuilt(NOTICES_FILE);
    const sections = new Set(notices.split(/^-{80}$/m).map((section) => section.trim()));
    const heads = new Set(
      [...sections].map((section) => section.split('\n').slice(0, 2).join('\n')),
    );
    const expected = [
      ...productionPackages(ROOT)
        .filter((p) => p.installed)
        .map((p) => describePackage(p.dir)),
      ...shippedList().packages.filter((p) => p.where.some((w) => w !== 'asar')),
    ];
    const missing = expected
      .filter((p) => !heads.has(`${p.name} ${p.version}\nLicense: ${p.license}`))
      .map((p) => `${p.name}@${p.version} (${p.license})`);
    expect(missing).toEqual([]);
    expect(expected.length).toBeGreaterThan(50);
  });

  it('the list is this build’s: all three targets recorded, their files present, the renderer’s imports (workers included) found', () => {
    for (const target of ['main', 'preload', 'renderer']) readBuilt(`${target}/${PARTIAL_FILE}`);
    const list = shippedList();
    const files = list.packages.flatMap((p) => p.files);
    expect(files.filter((file) => !existsSync(join(OUT, file)))).toEqual([]);
    const bundled = new Set(
      list.packages.filter((p) => p.where.includes('renderer')).map((p) => p.name),
    );
    const imported = rendererImports();
    expect(imported).toEqual(expect.arrayContaining(['react', 'pdfjs-dist', 'bwip-js']));
    expect(imported.filter((name) => !bundled.has(name))).toEqual([]);
    // The two workers are separate Rollup builds: their packages come from worker.plugins.
    for (const name of ['bwip-js', 'pdfjs-dist'])
      expect(
        list.packages
          .find((p) => p.name === name)
          ?.files.some((f) => basename(f).includes('.worker')),
        name,
      ).toBe(true);
    // The ZPL worker's fonts are files of their packages, copied as they are.
    for (const name of ['@expo-google-fonts/roboto-condensed', '@expo-google-fonts/roboto-mono'])
      expect(
        list.packages.find((p) => p.name === name)?.files.some((f) => f.endsWith('.ttf')),
        name,
      ).toBe(true);
  });

  it('no file of the build carries a proprietary font notice (zpl-renderer-js and its Helvetica are gone)', () => {
    expect({ ...pkg.dependencies, ...pkg.devDependencies }).not.toHaveProperty(['zpl-renderer-js']);
    expect(scanDirectory(OUT)).toEqual([]);
  });

  // The label engine's faces in the window, and the packing slip's in main (issue #30).
  it.each(['renderer/assets', 'main/chunks'])(
    'every font the build ships in %s has its licence text beside it',
    (folder) => {
      const fonts = readdirSync(join(OUT, folder)).filter((f) => /\.(ttf|otf|woff2?)$/.test(f));
      expect(fonts.length).toBeGreaterThanOrEqual(2);
      for (const font of fonts) {
        const licence = join(OUT, folder, `${font}.LICENSE.txt`);
        expect(existsSync(licence), `${font} ships without its licence`).toBe(true);
        expect(readFileSync(licence, 'utf8')).toMatch(/SIL OPEN FONT LICENSE|Apache License/i);
      }
    },
  );
});
