// The faces for the app's bundled main process. A `?url` import makes Vite copy each .ttf into
// out/main/chunks/ (remembering which package it came from, so the build's licence step puts
// its OFL text beside it and the notices list it) and turns the import into the copy's path
// from out/main ("/chunks/…ttf"). Read from beside the bundle (inside app.asar once packaged,
// which Electron's fs reads transparently), nothing depends on node_modules, which holds no dev
// packages in the installed app. Only the app's main imports this file: plain Node and vitest
// do not understand `?url` (they use package-fonts.ts).
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import regularUrl from '@expo-google-fonts/roboto-condensed/400Regular/RobotoCondensed_400Regular.ttf?url';
import boldUrl from '@expo-google-fonts/roboto-condensed/700Bold/RobotoCondensed_700Bold.ttf?url';
import type { DocumentFonts } from './fonts.ts';

/** main's build has the default base "/": an asset's URL is its path from out/main. */
const besideBundle = (url: string) => join(import.meta.dirname, url);

export async function loadAppFonts(): Promise<DocumentFonts> {
  const [regular, bold] = await Promise.all([
    readFile(besideBundle(regularUrl)),
    readFile(besideBundle(boldUrl)),
  ]);
  return { regular: new Uint8Array(regular), bold: new Uint8Array(bold) };
}
