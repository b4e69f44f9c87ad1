// The faces for the app's bundled main process. `?asset` makes electron-vite copy each .ttf into
// out/main/chunks/ and turns the import into its path beside the bundle (inside app.asar once
// packaged, which Electron's fs reads transparently), so nothing depends on node_modules, which
// holds no dev packages in the installed app. Only the app's main imports this file: plain Node
// and vitest do not understand `?asset` (they use package-fonts.ts).
import { readFile } from 'node:fs/promises';
import regularPath from '@expo-google-fonts/roboto-condensed/400Regular/RobotoCondensed_400Regular.ttf?asset';
import boldPath from '@expo-google-fonts/roboto-condensed/700Bold/RobotoCondensed_700Bold.ttf?asset';
import type { DocumentFonts } from './fonts.ts';

export async function loadAppFonts(): Promise<DocumentFonts> {
  const [regular, bold] = await Promise.all([readFile(regularPath), readFile(boldPath)]);
  return { regular: new Uint8Array(regular), bold: new Uint8Array(bold) };
}
