// "Only ship what we may ship": the licences and notices of the third-party code in the build
// (out/, as `npx electron-vite build` leaves it) and the app.asar packages, and no proprietary
// font in any file of it.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { describe, expect, it } from 'vitest';
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
  const dir = join(ROOT, 'src/renderer');
  const names = new Set<string>();
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    const name = entry.name;
    if (!entry.isFile() || !/\.tsx?$/.test(name) || /\.test\.|\.d\.ts$|^test-/.test(name)) continue;
    const source = readFileSync(join(entry.parentPath, name), 'utf8');
    const specifiers = [
      ...source.matchAll(/^\s*(?:import|export)\s+(?!type\s)[^'"]*?\sfrom\s+'([^']+)'/gm),
      ...source.matchAll(/^\s*import\s+'([^']+)'/gm),
      ...source.matchAll(/\bimport\(\s*'([^']+)'\s*\)/g),
      ...source.matchAll(/\bnew URL\(\s*'([^']+)'\s*,\s*import\.meta\.url/g),
    ].map((m) => m[1] ?? '');
    for (const specifier of specifiers) {
      if (/^(\.|\/|node:)/.test(specifier)) continue;
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
    expect(imported).toEqual(expect.arrayContaining(['react', 'pdfjs-dist', 'zpl-renderer-js']));
    expect(imported.filter((name) => !bundled.has(name))).toEqual([]);
    // The two workers are separate Rollup builds: their packages come from worker.plugins.
    for (const name of ['zpl-renderer-js', 'pdfjs-dist'])
      expect(
        list.packages
          .find((p) => p.name === name)
          ?.files.some((f) => basename(f).includes('.worker')),
        name,
      ).toBe(true);
  });

  // THE ONE EXCEPTION. zpl-renderer-js previews labels with zebrash (Go compiled to WASM, which
  // Vite inlines as base64 in the ZPL worker). That WASM embeds a bold font made from Adobe's
  // Helvetica, whose name table keeps Adobe's copyright and Linotype's trademark notice. It is
  // tolerated until the issue that removes zpl-renderer-js; the test fails as soon as the
  // package or the finding is gone, so that the exception goes with it.
  const EXCEPTION = {
    package: 'zpl-renderer-js',
    notice:
      /Adobe Systems Incorporated\. All Rights Reserved\. ?Helvetica is a trademark of Linotype/,
  };

  it('no file of the build carries a proprietary font notice, but for the one exception above', () => {
    const list = shippedList();
    const findings = scanDirectory(OUT);
    expect(
      { ...pkg.dependencies, ...pkg.devDependencies },
      `${EXCEPTION.package} is no longer a dependency: remove this exception`,
    ).toHaveProperty([EXCEPTION.package]);
    const files = list.packages.find((p) => p.name === EXCEPTION.package)?.files ?? [];
    expect(
      files,
      `${EXCEPTION.package} is no longer in the build: remove this exception`,
    ).not.toEqual([]);
    const excepted = findings.filter(
      (f) => files.includes(f.file) && EXCEPTION.notice.test(f.notice),
    );
    expect(
      excepted.length,
      `the Helvetica notice is no longer in ${EXCEPTION.package}'s code: remove this exception`,
    ).toBe(1);
    expect(findings.filter((f) => !excepted.includes(f))).toEqual([]);
  });
});
