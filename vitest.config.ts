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
            'src/{main,preload,sandbox,shared,zpl}/**/*.test.ts',
            'test/**/*.test.ts',
            'scripts/**/*.test.ts',
          ],
          testTimeout: 30_000,
          hookTimeout: 30_000,
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
          include: ['src/renderer/**/*.test.{ts,tsx}'],
          setupFiles: ['./src/renderer/test-setup.ts'],
        },
      },
    ],
  },
});
