// electron-builder's `afterAllArtifactBuild` (electron-builder.yml): once every installer of
// `npm run dist` is built, writes the CycloneDX bill of materials beside them, made from the
// app.asar each one packs. Returned as an artifact, so a publishing build uploads it too.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { readAsarContents, type AsarContents } from './asar-contents.ts';
import { makeSbom, sbomFileName } from './sbom.ts';

interface BuildResult {
  outDir: string;
}

/** Every packed app.asar under the output folder (linux-unpacked/, win-unpacked/, mac/…). */
function archives(outDir: string): string[] {
  const found: string[] = [];
  const walk = (dir: string, depth: number) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isFile() && entry.name === 'app.asar') found.push(path);
      // Installers' own folders are shallow: resources/ (or Contents/Resources/) within two
      // levels of the unpacked app; deeper is the app's own content.
      else if (entry.isDirectory() && depth < 4 && !entry.name.endsWith('.unpacked'))
        walk(path, depth + 1);
    }
  };
  walk(outDir, 0);
  return found.sort();
}

/** The packages and fonts of several archives (one per platform or arch built), once each. */
function union(all: AsarContents[]): AsarContents {
  const packages = new Map<string, AsarContents['packages'][number]>();
  const fonts = new Map<string, AsarContents['fonts'][number]>();
  for (const contents of all) {
    for (const pkg of contents.packages) {
      const known = packages.get(`${pkg.name}@${pkg.version}`);
      if (!known) packages.set(`${pkg.name}@${pkg.version}`, { ...pkg, where: [...pkg.where] });
      else for (const place of pkg.where) if (!known.where.includes(place)) known.where.push(place);
    }
    for (const font of contents.fonts) fonts.set(`${font.path}:${font.sha256}`, font);
  }
  return { packages: [...packages.values()], fonts: [...fonts.values()] };
}

export default function writeSbom(result: BuildResult): string[] {
  const root = process.cwd();
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
    name: string;
    productName?: string;
    version: string;
    license: string;
  };
  const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8')) as {
    packages: Record<string, { version?: string; integrity?: string }>;
  };
  const found = archives(result.outDir);
  if (found.length === 0) throw new Error(`no app.asar under ${result.outDir}: no SBOM written`);
  const epoch = process.env['SOURCE_DATE_EPOCH'];
  const productName = pkg.productName ?? pkg.name;
  const file = join(result.outDir, sbomFileName(productName, pkg.version));
  writeFileSync(
    file,
    makeSbom({
      product: { name: productName, version: pkg.version, license: pkg.license },
      contents: union(found.map(readAsarContents)),
      lock: lock.packages,
      timestamp: epoch ? new Date(Number(epoch) * 1000) : new Date(),
    }),
  );
  if (!existsSync(file)) throw new Error(`${file} was not written`);
  return [file];
}
