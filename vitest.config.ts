import react from '@vitejs/plugin-react';
import { resolve } from 'node:path';
import { defineConfig } from 'vitest/config';
import { RENDERER_ALIASES, TEST_ALIASES } from './scripts/aliases.ts';

// Unit tests live next to the code they test (`*.test.ts[x]`); tests that cross modules or
// processes (integration, end-to-end) live under `test/`.
export default defineConfig({
  test: {
    reporters: ['default', './scripts/summary-reporter.ts'],
    projects: [
      {
        resolve: {
          alias: Object.fromEntries(
            Object.entries(TEST_ALIASES).map(([alias, folder]) => [alias, resolve(folder)]),
          ),
        },
        test: {
          name: 'node',
          environment: 'node',
          include: [
            'src/{main,preload,sandbox}/**/*.test.ts',
            'test/**/*.test.ts',
            'scripts/**/*.test.ts',
          ],
          testTimeout: 30_000,
          hookTimeout: 30_000,
        },
      },
      {
        resolve: {
          alias: Object.fromEntries(
            Object.entries(TEST_ALIASES).map(([alias, folder]) => [alias, resolve(folder)]),
          ),
        },
        test: {
          // The label engine and the shared rules: pure functions, no process state, so one
          // module graph per worker serves every file (54 files: 33 s isolated, 13 s not, the
          // same 525 tests passing). Main's own units keep a fresh graph per file: some of them
          // hold module state (16 of their tests fail without it).
          name: 'pure',
          environment: 'node',
          include: ['src/{shared,zpl}/**/*.test.ts'],
          isolate: false,
          testTimeout: 30_000,
        },
      },
      {
        plugins: [react()],
        resolve: {
          alias: Object.fromEntries(
            Object.entries(RENDERER_ALIASES).map(([alias, folder]) => [alias, resolve(folder)]),
          ),
        },
        test: {
          name: 'renderer',
          environment: 'jsdom',
          // One jsdom per worker rather than per file: the window's tests render into a fresh
          // container each (Testing Library cleans up after each test) and build their stores
          // per render, so nothing carries from one file to the next. Measured: the renderer's
          // 42 files took 116 s isolated and 19 s not, with the same 196 tests passing, also in
          // shuffled order.
          isolate: false,
          include: ['src/renderer/**/*.test.{ts,tsx}'],
          setupFiles: ['./src/renderer/test-setup.ts'],
        },
      },
    ],
  },
});
