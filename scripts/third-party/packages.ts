// Which npm packages ship: the ones electron-builder copies into app.asar (the production
// dependencies of package-lock.json) and the ones Rollup compiled into a bundle (found from the
// module ids it resolved). Each is described by what the installed package says about itself.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { copyrightOf, licenceTextOf } from './copyright.ts';
import { declaredLicense } from './license-policy.ts';

export interface PackageInfo {
  name: string;
  version: string;
  /** SPDX expression, or null when the package declares none. */
  license: string | null;
  copyright: string | null;
  /** Where the copyright line came from (a file of the package, or its package.json author). */
  copyrightSource: string | null;
  /** The package's licence files, in full (null when it ships none). */
  licenceText: string | null;
}

const NODE_MODULES = '/node_modules/';

/**
 * The folder of the package a resolved module id belongs to, or null for our own code and
 * virtual modules. The last `node_modules/` wins: a nested copy is its own package.
 */
export function packageDirOf(moduleId: string): string | null {
  const id = moduleId
    .replace(/^\0+/, '')
    .replace(/[?#].*$/, '')
    .replaceAll('\\', '/');
  const at = id.lastIndexOf(NODE_MODULES);
  if (at === -1) return null;
  const parts = id.slice(at + NODE_MODULES.length).split('/');
  const scoped = parts[0]?.startsWith('@');
  const name = scoped ? parts.slice(0, 2).join('/') : parts[0];
  // `.vite`, `.pnpm`, `.cache` are tool folders, not packages.
  if (!name || name.startsWith('.') || (scoped && parts.length < 3)) return null;
  return id.slice(0, at + NODE_MODULES.length) + name;
}

interface PackageJson {
  name?: string;
  version?: string;
  license?: unknown;
  licenses?: unknown;
  author?: unknown;
  main?: unknown;
  module?: unknown;
}

export function readPackageJson(dir: string): PackageJson {
  return JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as PackageJson;
}

/** Name, version, licence and copyright line of the package installed in `dir`. */
export function describePackage(dir: string): PackageInfo {
  const pkg = readPackageJson(dir);
  if (!pkg.name || !pkg.version) throw new Error(`${dir}/package.json has no name or version`);
  const copyright = copyrightOf(dir, pkg);
  return {
    name: pkg.name,
    version: pkg.version,
    license: declaredLicense(pkg),
    copyright: copyright?.line ?? null,
    copyrightSource: copyright?.source ?? null,
    licenceText: licenceTextOf(dir),
  };
}

interface LockEntry {
  name?: string;
  version?: string;
  license?: unknown;
  dev?: boolean;
  link?: boolean;
  resolved?: string;
}

export interface ProductionPackage {
  name: string;
  version: string;
  /** The licence package-lock.json records (what npm read from the package at install time). */
  license: string | null;
  /** Folder of the installed copy. */
  dir: string;
  /**
   * False for optional packages npm skipped on this machine: the other platforms' builds of a
   * native module. They ship in those platforms' installers, not in this one.
   */
  installed: boolean;
}

/**
 * The packages electron-builder puts into app.asar: every entry of package-lock.json (v2/v3)
 * that npm did not mark `dev`, i.e. the `dependencies` and what they need.
 */
export function productionPackages(root: string): ProductionPackage[] {
  const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8')) as {
    lockfileVersion?: number;
    packages?: Record<string, LockEntry>;
  };
  if (!lock.packages) throw new Error('package-lock.json has no "packages" (lockfile v2 or v3)');
  const seen = new Map<string, ProductionPackage>();
  for (const [path, entry] of Object.entries(lock.packages)) {
    if (!path.includes('node_modules/')) continue; // the project itself, or a linked folder
    // A `file:` dependency is a link entry without flags; its target entry carries them.
    const target = entry.link && entry.resolved ? lock.packages[entry.resolved] : entry;
    if (!target || target.dev) continue;
    const name = path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length);
    const dir = join(root, path);
    const version = target.version ?? '';
    const key = `${name}@${version}`;
    // The same version can be installed twice (nested under two dependants): list it once.
    if (seen.has(key)) continue;
    seen.set(key, {
      name,
      version,
      license: declaredLicense({ license: target.license }),
      dir,
      installed: existsSync(join(dir, 'package.json')),
    });
  }
  return [...seen.values()];
}
