// Every font file the build ships gets its licence text beside it (`<font>.LICENSE.txt`): the
// SIL Open Font License asks that the licence travel with the font itself, not only in the
// notices, and a person who finds a .ttf in the installer should find its terms next to it.
import { existsSync, readFileSync } from 'node:fs';
import { isAbsolute, join, resolve } from 'node:path';
import type { Plugin } from 'vite';
import { packageDirOf } from './packages.ts';

const FONT = /\.(ttf|otf|woff2?)$/i;
const LICENCE_FILES = ['LICENSE_FONT', 'OFL.txt', 'OFL', 'LICENSE.txt', 'LICENSE'];

/** The licence text for a font that came from `source` (a file inside an npm package). */
export function licenceFor(source: string, root: string): string | null {
  // Rollup names copied assets relative to the build's root (src/renderer).
  const dir = packageDirOf(isAbsolute(source) ? source : resolve(root, source));
  if (!dir) return null;
  for (const name of LICENCE_FILES) {
    const file = join(dir, name);
    if (existsSync(file)) return readFileSync(file, 'utf8');
  }
  return null;
}

/** `root`: the build's root, which the assets' original file names are relative to. */
export function fontLicences(root: string): Plugin {
  return {
    name: 'packbench:font-licences',
    apply: 'build',
    generateBundle(_options, bundle) {
      for (const output of Object.values(bundle)) {
        if (output.type !== 'asset' || !FONT.test(output.fileName)) continue;
        // A worker's fonts reach the page's bundle with the licence the worker build gave them.
        if (`${output.fileName}.LICENSE.txt` in bundle) continue;
        const source = output.originalFileNames[0];
        const text = source ? licenceFor(source, root) : null;
        // A font without a licence we can name must not ship: the build stops here.
        if (!text) this.error(`${output.fileName}: no licence file found beside its source`);
        this.emitFile({ type: 'asset', fileName: `${output.fileName}.LICENSE.txt`, source: text });
      }
    },
  };
}
