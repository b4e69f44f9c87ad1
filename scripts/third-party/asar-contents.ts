// What a built app.asar holds, read from the archive itself (issue #43): the npm packages in its
// node_modules (each package's own package.json, nested copies included, unpacked native
// modules read from app.asar.unpacked), the packages the build compiled into its bundles (the
// out/third-party.json that ships inside it) and the font files. The bill of materials is made
// from this, so that it says what ships rather than what the configuration asked for.
import { createHash } from 'node:crypto';
import { extractFile, listPackage } from '@electron/asar';
import { declaredLicense } from './license-policy.ts';
import type { Where } from './notices.ts';

export interface ShippedPackage {
  name: string;
  version: string;
  /** SPDX expression as the package declares it; null when it declares none. */
  license: string | null;
  /** Where it ships: app.asar's node_modules, and/or the bundles it was compiled into. */
  where: Where[];
}

export interface ShippedFont {
  /** Path inside app.asar, with `/` (out/renderer/assets/…ttf). */
  path: string;
  sha256: string;
  bytes: number;
  /** The licence text the build put beside it (`<font>.LICENSE.txt`), or null. */
  licenceText: string | null;
}

export interface AsarContents {
  packages: ShippedPackage[];
  fonts: ShippedFont[];
}

/** `/node_modules/a/package.json`, `/node_modules/@s/b/package.json`, nested the same way. */
const PACKAGE_ROOT = /^\/(?:.*\/)?node_modules\/(?:@[^/]+\/)?[^/@][^/]*\/package\.json$/;
const FONT = /\.(ttf|otf|woff2?)$/i;
const BUNDLES: readonly Where[] = ['main', 'preload', 'renderer'];

interface ListedPackage {
  name: string;
  version: string;
  license: string | null;
  where: Where[];
}

const text = (archive: string, path: string) => extractFile(archive, path.slice(1)).toString();

/** Everything that ships in `archive` (a built app.asar), by name@version, sorted. */
export function readAsarContents(archive: string): AsarContents {
  const files = listPackage(archive, { isPack: false }).map((f) => f.replaceAll('\\', '/'));
  const byKey = new Map<string, ShippedPackage>();
  const add = (entry: Omit<ShippedPackage, 'where'>, where: readonly Where[]) => {
    const key = `${entry.name}@${entry.version}`;
    const known = byKey.get(key) ?? { ...entry, where: [] };
    for (const place of where) if (!known.where.includes(place)) known.where.push(place);
    byKey.set(key, known);
  };
  for (const path of files.filter((f) => PACKAGE_ROOT.test(f))) {
    const pkg = JSON.parse(text(archive, path)) as {
      name?: string;
      version?: string;
      license?: unknown;
      licenses?: unknown;
    };
    // A package.json without a name and version is a folder marker (`{"type": "module"}`).
    if (!pkg.name || !pkg.version) continue;
    add({ name: pkg.name, version: pkg.version, license: declaredLicense(pkg) }, ['asar']);
  }
  // The bundles' packages: only the build knew which modules Rollup compiled in, and it wrote
  // them into the list that ships beside the bundles.
  if (files.includes('/out/third-party.json')) {
    const listed = JSON.parse(text(archive, '/out/third-party.json')) as {
      packages: ListedPackage[];
    };
    for (const entry of listed.packages) {
      const where = entry.where.filter((place) => BUNDLES.includes(place));
      if (where.length > 0)
        add({ name: entry.name, version: entry.version, license: entry.license }, where);
    }
  }
  const fonts = files
    .filter((f) => FONT.test(f))
    .map((path) => {
      const bytes = extractFile(archive, path.slice(1));
      const licence = `${path}.LICENSE.txt`;
      return {
        path,
        sha256: createHash('sha256').update(bytes).digest('hex'),
        bytes: bytes.length,
        licenceText: files.includes(licence) ? text(archive, licence) : null,
      };
    });
  const order = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  return {
    packages: [...byKey.values()].sort(
      (a, b) => order(a.name, b.name) || order(a.version, b.version),
    ),
    fonts: fonts.sort((a, b) => order(a.path, b.path)),
  };
}
