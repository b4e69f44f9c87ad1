import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { FontSources } from '../fonts/index.ts';

// The open-licence faces the engine draws with, read from their npm packages (each ships its
// licence beside the font: LICENSE_FONT). The window's worker gets the same files as assets.
export const FONT_FILES = {
  condensed: '@expo-google-fonts/roboto-condensed/700Bold/RobotoCondensed_700Bold.ttf',
  mono: '@expo-google-fonts/roboto-mono/500Medium/RobotoMono_500Medium.ttf',
} as const;

const require = createRequire(import.meta.url);

const bytes = (specifier: string): ArrayBuffer => {
  const file = readFileSync(require.resolve(specifier));
  return file.buffer.slice(file.byteOffset, file.byteOffset + file.byteLength) as ArrayBuffer;
};

export function loadFontsFromPackages(): FontSources {
  return { condensed: bytes(FONT_FILES.condensed), mono: bytes(FONT_FILES.mono) };
}
