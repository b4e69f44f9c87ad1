import './zod-without-eval.ts';
import '@mantine/core/styles.css';
import '@mantine/charts/styles.css';
import { MantineProvider } from '@mantine/core';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { App } from './App.tsx';
import { createI18n } from './i18n/index.ts';
import { StoresProvider } from './app/context.tsx';
import { createQueryClient } from './app/queries.ts';
import { createStores } from './create-stores.ts';
import { createFileChecker } from './ui/files/file-checker.ts';
import { loadPdfJs } from './ui/files/pdfjs.ts';
import { ZplPreviewer } from './features/labels/zpl-previewer.ts';
import { createWebAudioPlayer } from './app/feedback.ts';
import { cssVariablesResolver, theme } from './theme.ts';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
const bridge = window.packbench;
let zpl: ZplPreviewer | null = null;
// The ZPL engine's worker (and its fonts) loads only when the first preview or lint is asked for.
const previewer = () =>
  (zpl ??= new ZplPreviewer(
    () =>
      new Worker(new URL('./features/labels/zpl.worker.ts', import.meta.url), { type: 'module' }),
  ));
const i18n = createI18n();
const queryClient = createQueryClient();
// The player asks for the mute switch only when it plays, long after `stores` exists.
const stores = createStores(bridge, {
  sounds: createWebAudioPlayer(() => stores.station.getState().muted),
  previewer,
  thumbnail: async (bytes) => (await import('./ui/files/pdf-thumbnail.ts')).renderThumbnail(bytes),
  checkFile: createFileChecker(loadPdfJs),
  queryClient,
});

createRoot(root).render(
  <StrictMode>
    <I18nextProvider i18n={i18n}>
      <MantineProvider
        defaultColorScheme="light"
        theme={theme}
        cssVariablesResolver={cssVariablesResolver}
      >
        <StoresProvider stores={stores} bridge={bridge} queryClient={queryClient}>
          <App />
        </StoresProvider>
      </MantineProvider>
    </I18nextProvider>
  </StrictMode>,
);
