// The label engine's faces for the app's bundled main process (the Bulk board reads labels with
// them). As documents/app-fonts.ts: a `?url` import makes Vite copy each .ttf beside the bundle
// (with its licence), so nothing depends on node_modules, which holds no dev packages in the
// installed app. Only the app's main imports this file: plain Node and vitest do not understand
// `?url` (they read the packages: zpl/cli/fonts.ts).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import condensedUrl from '@expo-google-fonts/roboto-condensed/700Bold/RobotoCondensed_700Bold.ttf?url';
import monoUrl from '@expo-google-fonts/roboto-mono/500Medium/RobotoMono_500Medium.ttf?url';
import type { FontSources } from '../../zpl/fonts/index.ts';

const besideBundle = (url: string): ArrayBuffer => {
  const file = readFileSync(join(import.meta.dirname, url));
  return file.buffer.slice(file.byteOffset, file.byteOffset + file.byteLength) as ArrayBuffer;
};

export const loadAppZplFonts = (): FontSources => ({
  condensed: besideBundle(condensedUrl),
  mono: besideBundle(monoUrl),
});
