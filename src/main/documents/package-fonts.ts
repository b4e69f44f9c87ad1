// The faces read straight from their npm package: the command line and the tests run from the
// source tree, where node_modules holds them. The app's bundle has no node_modules of dev
// packages, so it uses app-fonts.ts instead.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { FONT_FILES, type DocumentFonts } from './fonts.ts';

const require = createRequire(import.meta.url);

export async function loadFontsFromPackages(): Promise<DocumentFonts> {
  const [regular, bold] = await Promise.all([
    readFile(require.resolve(FONT_FILES.regular)),
    readFile(require.resolve(FONT_FILES.bold)),
  ]);
  return { regular: new Uint8Array(regular), bold: new Uint8Array(bold) };
}
