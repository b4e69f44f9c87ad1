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

/**
 * The tests' aliases (issue #38, item 7): the window's, and one for each other tree, so a test
 * never climbs three folders (`../../../test/support/…` is `@test/support/…`). Vitest's node
 * project and tsconfig.node.json know them; code that plain Node runs (main, the sandbox, the
 * scripts, the helpers a bench or a child process imports) uses none (lint: packbench/import-paths).
 */
export const TEST_ALIASES = {
  ...RENDERER_ALIASES,
  '@main': 'src/main',
  '@sandbox': 'src/sandbox',
  '@scripts': 'scripts',
};
