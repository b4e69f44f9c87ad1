// Writes out/THIRD_PARTY_NOTICES (shipped in the app, shown from Settings → About) and
// out/third-party.json (the same list for machines: the packaging test reads it).
//
// electron-vite builds main, preload and renderer one after the other, each in its own folder
// of out/ that it empties first. So each build leaves a partial list in its own folder (gone
// with that folder, never stale), and both files are regenerated from every partial present
// plus app.asar's packages: whichever build runs last, the files are complete.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describePackage, productionPackages, type PackageInfo } from './packages.ts';

/** app.asar's node_modules, or the bundle a package was compiled into. */
export type Where = 'asar' | 'main' | 'preload' | 'renderer';
export type BundleTarget = Exclude<Where, 'asar'>;

export interface ShippedPackage extends PackageInfo {
  where: Where[];
  /** Files of out/ (relative, with `/`) that contain the package's code. Empty for app.asar. */
  files: string[];
}

export interface BundlePartial {
  target: BundleTarget;
  packages: (PackageInfo & { files: string[] })[];
}

export interface ThirdPartyList {
  packages: ShippedPackage[];
}

export const PARTIAL_FILE = 'third-party.partial.json';
export const NOTICES_FILE = 'THIRD_PARTY_NOTICES';
export const LIST_FILE = 'third-party.json';

const WHERE_ORDER: Where[] = ['asar', 'main', 'preload', 'renderer'];
const WHERE_LABEL: Record<Where, string> = {
  asar: 'app.asar (node_modules)',
  main: 'main process bundle',
  preload: 'preload bundle',
  renderer: 'renderer bundle',
};

const compare = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

export function writePartial(targetDir: string, partial: BundlePartial): void {
  writeFileSync(join(targetDir, PARTIAL_FILE), `${JSON.stringify(partial, null, 2)}\n`);
}

/** The partials left by the builds whose folders are in `outRoot`. */
export function readPartials(outRoot: string): BundlePartial[] {
  if (!existsSync(outRoot)) return [];
  return readdirSync(outRoot, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(join(outRoot, entry.name, PARTIAL_FILE)))
    .map(
      (entry) =>
        JSON.parse(readFileSync(join(outRoot, entry.name, PARTIAL_FILE), 'utf8')) as BundlePartial,
    );
}

/** One entry per name@version, with every place it ships; sorted by name then version. */
export function mergeShipped(
  asar: readonly PackageInfo[],
  partials: readonly BundlePartial[],
): ShippedPackage[] {
  const byKey = new Map<string, ShippedPackage>();
  const add = (info: PackageInfo, where: Where, files: readonly string[]): void => {
    const key = `${info.name}@${info.version}`;
    const entry = byKey.get(key) ?? { ...info, where: [], files: [] };
    if (!entry.where.includes(where)) entry.where.push(where);
    for (const file of files) if (!entry.files.includes(file)) entry.files.push(file);
    byKey.set(key, entry);
  };
  for (const info of asar) add(info, 'asar', []);
  for (const partial of partials) {
    for (const { files, ...info } of partial.packages) add(info, partial.target, files);
  }
  const list = [...byKey.values()];
  for (const entry of list) {
    entry.where.sort((a, b) => WHERE_ORDER.indexOf(a) - WHERE_ORDER.indexOf(b));
    entry.files.sort(compare);
  }
  return list.sort((a, b) => compare(a.name, b.name) || compare(a.version, b.version));
}

/** The plain-text notices: a header, then one section per package. */
export function renderNotices(productName: string, packages: readonly ShippedPackage[]): string {
  const rule = '-'.repeat(80);
  const sections = packages.map((p) => {
    const copyright =
      p.copyright === null
        ? 'Copyright: no copyright line found in the package'
        : p.copyrightSource === 'package.json author'
          ? `${p.copyright} (author named in its package.json)`
          : p.copyright;
    return [
      `${p.name} ${p.version}`,
      `License: ${p.license ?? 'none declared'}`,
      copyright,
      `Ships in: ${p.where.map((w) => WHERE_LABEL[w]).join(', ')}`,
      ...(p.licenceText ? ['', p.licenceText] : []),
    ].join('\n');
  });
  return [
    `${productName}: third-party software notices`,
    '',
    `${productName} contains the open-source packages below, each under the licence named in`,
    'its entry, followed by the text of its licence files. The copyright line is the one the',
    'package states in its licence files (or the header of its code).',
    'This file is generated when the app is built.',
    '',
    ...sections.flatMap((section) => [rule, section]),
    rule,
    '',
  ].join('\n');
}

/** Regenerates out/THIRD_PARTY_NOTICES and out/third-party.json from everything present. */
export function writeNotices(outRoot: string, root: string): ThirdPartyList {
  const asar = productionPackages(root)
    .filter((p) => p.installed)
    .map((p) => describePackage(p.dir));
  const packages = mergeShipped(asar, readPartials(outRoot));
  const productName =
    (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { productName?: string })
      .productName ?? 'This application';
  const list: ThirdPartyList = { packages };
  // The machine-readable list names; the texts are in the notices.
  const names = { packages: packages.map(({ licenceText: _text, ...rest }) => rest) };
  writeFileSync(join(outRoot, LIST_FILE), `${JSON.stringify(names, null, 2)}\n`);
  writeFileSync(join(outRoot, NOTICES_FILE), renderNotices(productName, packages));
  return list;
}
