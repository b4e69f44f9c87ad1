import { resolve } from 'node:path';
import { defineConfig } from 'electron-vite';
import react from '@vitejs/plugin-react';
import { fontLicences } from './scripts/third-party/font-licences.ts';
import { thirdPartyNotices } from './scripts/third-party/vite-plugin.ts';
import { RENDERER_ALIASES } from './scripts/aliases.ts';

// Each build records the npm packages it compiled in; together with app.asar's production
// packages they make out/THIRD_PARTY_NOTICES, which ships in the app.
const rendererNotices = thirdPartyNotices('renderer', resolve('src/renderer'));
/** `@renderer/…`, `@shared/…`, `@zpl/…` in the window's code (and its workers). */
export const rendererAlias = Object.fromEntries(
  Object.entries(RENDERER_ALIASES).map(([alias, folder]) => [alias, resolve(folder)]),
);

export default defineConfig({
  main: {
    plugins: [thirdPartyNotices('main').plugin, fontLicences(resolve('.'))],
    build: {
      rollupOptions: { input: { index: resolve('src/main/index.ts') } },
    },
  },
  preload: {
    plugins: [thirdPartyNotices('preload').plugin],
    build: {
      // A sandboxed preload can require nothing but `electron`: bundle everything else.
      externalizeDeps: false,
      rollupOptions: {
        input: { index: resolve('src/preload/index.ts') },
        // A sandboxed preload cannot be an ES module.
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: resolve('src/renderer'),
    resolve: { alias: rendererAlias },
    plugins: [react(), rendererNotices.plugin, fontLicences(resolve('src/renderer'))],
    // Workers are builds of their own: without this their packages would go unlisted (and the
    // ZPL worker's fonts would ship without their licences beside them).
    worker: {
      plugins: () => [...rendererNotices.workerPlugins(), fontLicences(resolve('src/renderer'))],
    },
    build: {
      minify: true,
      // ES2021: class private fields (#x, from TanStack Query) are lowered, so the Electron
      // misconfiguration scanner can read every file we ship (its parser stops at them).
      target: 'es2021',
      rollupOptions: {
        input: { index: resolve('src/renderer/index.html') },
        output: {
          // zod decides whether it may compile parsers (with `new Function`) as each object schema
          // is built, and the page's CSP forbids eval. Switching it to jitless mode must happen
          // before any schema exists, so that switch lives in zod's own chunk, run right after
          // zod itself and before every chunk that builds schemas.
          manualChunks: (id) =>
            id.includes('/node_modules/zod/') || id.endsWith('/zod-without-eval.ts')
              ? 'zod'
              : undefined,
        },
      },
    },
  },
});
