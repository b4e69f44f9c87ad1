// The slip's faces: Roboto Condensed Regular (400) and Bold (700), SIL Open Font License, the
// family the label engine already ships. The renderer takes their bytes and never opens a file,
// so the same code runs in the CLI, in vitest and in the app's bundled main process; only the
// way the bytes are found differs (package-fonts.ts for Node, app-fonts.ts for the app).

/** The two TrueType files the slip embeds (as subsets), as bytes. */
export interface DocumentFonts {
  regular: Uint8Array;
  bold: Uint8Array;
}

/** Where the faces live inside node_modules; their licence is LICENSE_FONT beside them. */
export const FONT_FILES = {
  regular: '@expo-google-fonts/roboto-condensed/400Regular/RobotoCondensed_400Regular.ttf',
  bold: '@expo-google-fonts/roboto-condensed/700Bold/RobotoCondensed_700Bold.ttf',
} as const;
