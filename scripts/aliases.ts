// The window's import aliases (issue #28, item 6): `@renderer/app/…` instead of `../../../app/…`.
// One list for Vite, Vitest and ESLint's resolver; tsconfig.web.json's `paths` say the same
// (test/lint/aliases.test.ts holds them together). Only code the bundler builds uses them: main,
// shared and the ZPL engine also run under plain Node, which knows no aliases.
export const RENDERER_ALIASES = {
  '@renderer': 'src/renderer/src',
  '@shared': 'src/shared',
  '@zpl': 'src/zpl',
  // The window's tests reach the suite's helpers (a real PDF…) the same way.
  '@test': 'test',
};
