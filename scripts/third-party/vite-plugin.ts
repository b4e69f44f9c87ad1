// A Vite plugin that records which npm packages a build compiled into its output (from the
// module ids Rollup resolved) and regenerates out/THIRD_PARTY_NOTICES with them. It lives in the
// build itself so that every build path (`electron-vite build`, `npm start`, `npm test`) ships
// the notices.
import { mkdirSync } from 'node:fs';
import { dirname, isAbsolute, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin, Rolldown } from 'vite';
import { writeNotices, writePartial, type BundlePartial, type BundleTarget } from './notices.ts';
import { describePackage, packageDirOf } from './packages.ts';

// electron-vite bundles the config and what it imports into one file next to the config; it
// rewrites `import.meta.url` to each source file's URL, but not `import.meta.dirname`.
const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** Package folder → output file names of the bundle that contain its modules. */
type PackageFiles = Map<string, Set<string>>;

function record(into: PackageFiles, packageDir: string | null, fileName: string): void {
  if (!packageDir) return;
  const files = into.get(packageDir) ?? new Set<string>();
  files.add(fileName);
  into.set(packageDir, files);
}

function packagesOf(bundle: Rolldown.OutputBundle, root: string): PackageFiles {
  const found: PackageFiles = new Map();
  for (const output of Object.values(bundle)) {
    if (output.type === 'chunk') {
      // Every module Rollup put into the chunk, tree-shaken or not: a package whose code was all
      // dropped is over-reported, never under-reported (and its CSS may still ship).
      for (const id of output.moduleIds) record(found, packageDirOf(id), output.fileName);
    } else {
      // Files copied from a package as they are (`new URL('pkg/file', import.meta.url)`).
      // Their original names are relative to the build's root.
      for (const source of output.originalFileNames)
        record(
          found,
          packageDirOf(isAbsolute(source) ? source : resolve(root, source)),
          output.fileName,
        );
    }
  }
  return found;
}

export interface ThirdPartyNotices {
  plugin: Plugin;
  /** For `worker.plugins`: workers are separate Rollup builds the plugin above never sees. */
  workerPlugins: () => Plugin[];
}

/** The plugin for one electron-vite target (`main`, `preload` or `renderer`). */
export function thirdPartyNotices(target: BundleTarget, root = ROOT): ThirdPartyNotices {
  // What the worker builds compiled, by the worker file's name; they finish before the
  // renderer's bundle is generated, which then emits them as assets.
  const workers = new Map<string, PackageFiles>();
  let found: PackageFiles = new Map();

  const plugin: Plugin = {
    name: 'packbench:third-party-notices',
    apply: 'build',
    generateBundle(_options, bundle) {
      found = packagesOf(bundle, root);
      for (const [workerFile, packages] of workers) {
        // Only workers of this bundle: a watch rebuild may leave records of older ones behind.
        if (!(workerFile in bundle)) continue;
        for (const [dir, files] of packages) for (const file of files) record(found, dir, file);
      }
    },
    writeBundle(options) {
      const outDir = options.dir;
      if (!outDir) throw new Error(`${target}: the third-party notices need build.outDir`);
      // electron-vite's layout: out/<target>/ for each build, the notices in out/ above them.
      const outRoot = dirname(outDir);
      const partial: BundlePartial = {
        target,
        packages: [...found].map(([packageDir, files]) => ({
          ...describePackage(packageDir),
          files: [...files]
            .map((file) => relative(outRoot, join(outDir, file)).replaceAll('\\', '/'))
            .sort(),
        })),
      };
      mkdirSync(outDir, { recursive: true });
      writePartial(outDir, partial);
      writeNotices(outRoot, ROOT);
    },
  };

  const workerPlugin = (): Plugin => ({
    name: 'packbench:third-party-notices-worker',
    apply: 'build',
    generateBundle(_options, bundle) {
      for (const [dir, files] of packagesOf(bundle, root)) {
        for (const file of files) {
          const packages = workers.get(file) ?? new Map<string, Set<string>>();
          record(packages, dir, file);
          workers.set(file, packages);
        }
      }
    },
  });

  return { plugin, workerPlugins: () => [workerPlugin()] };
}
