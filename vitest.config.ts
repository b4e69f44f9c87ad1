import react from '@vitejs/plugin-react';
import { resolve } from 'node:path';
import { defineConfig } from 'vitest/config';
import { RENDERER_ALIASES, TEST_ALIASES } from './scripts/aliases.ts';

/** Files that drive a real Chromium each: one at a time, after the rest. */
const BROWSER = ['test/e2e/**/*.test.ts'];
/** Files that keep a core busy for a minute (a packager, the launched app): one at a time. */
const BUILDS = ['test/packaging/**/*.test.ts', 'test/launch/**/*.test.ts'];

/** The Node side's import aliases, the same in every project that runs in Node. */
const NODE_RESOLVE = {
  alias: Object.fromEntries(
    Object.entries(TEST_ALIASES).map(([alias, folder]) => [alias, resolve(folder)]),
  ),
};
/** The bound on a test or hook: a backstop only, each test waits on what it expects. */
const BACKSTOP = { testTimeout: 30_000, hookTimeout: 30_000 };

// Unit tests live next to the code they test (`*.test.ts[x]`); tests that cross modules or
// processes (integration, end-to-end) live under `test/`.
export default defineConfig({
  test: {
    reporters: ['default', './scripts/summary-reporter.ts'],
    maxWorkers: 3,
    projects: [
      {
        resolve: NODE_RESOLVE,
        test: {
          // Most of these wait on child processes, sockets and servers rather than compute, so
          // three run at once. test/outbox, test/budget and test/scale on this 2-core machine:
          // 210 s one at a time, 118 s two at a time, 98 s three at a time, the same tests passing
          // (the whole suite used 1.07 cores on average with two).
          name: 'node',
          environment: 'node',
          include: [
            'src/{main,preload,sandbox}/**/*.test.ts',
            'test/**/*.test.ts',
            'scripts/**/*.test.ts',
          ],
          exclude: [...BROWSER, ...BUILDS],
          ...BACKSTOP,
        },
      },
      {
        resolve: NODE_RESOLVE,
        test: {
          // One Chromium at a time, after the rest. Two at a time saved 56 s of 362 but stretched
          // tests past their bounds (a 10 s test took 19 s, then over 30 s in one clean run):
          // the browser files compute more than they wait.
          name: 'browser',
          environment: 'node',
          include: [...BROWSER],
          maxWorkers: 1,
          sequence: { groupOrder: 1 },
          ...BACKSTOP,
        },
      },
      {
        resolve: NODE_RESOLVE,
        test: {
          // Electron's packager and the launched app keep a core busy on their own: one at a
          // time, last, so that none starves another.
          name: 'builds',
          environment: 'node',
          include: [...BUILDS],
          maxWorkers: 1,
          sequence: { groupOrder: 2 },
          ...BACKSTOP,
        },
      },
      {
        resolve: NODE_RESOLVE,
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
          // Each test waits on what it expects to see, never on a clock; the bound is only a
          // backstop, as generous as the other projects' so a busy machine never decides.
          testTimeout: 30_000,
          setupFiles: ['./src/renderer/test-setup.ts'],
        },
      },
    ],
  },
});
