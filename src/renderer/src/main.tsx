import '@mantine/core/styles.css';
import { MantineProvider } from '@mantine/core';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { App } from './App.tsx';
import { createI18n } from './i18n/index.ts';
import { StoresProvider } from './stores/context.tsx';
import { createCatalogStore } from './stores/catalog-store.ts';
import { createInventoryStore } from './stores/inventory-store.ts';
import { createLabelsStore } from './stores/labels-store.ts';
import { ZplPreviewer } from './labels/zpl-previewer.ts';
import { createOrdersStore } from './stores/orders-store.ts';
import { createOutboxStore } from './stores/outbox-store.ts';
import { createSettingsStore } from './stores/settings-store.ts';
import { createStationStore } from './stores/station-store.ts';
import { createStatusStore } from './stores/status-store.ts';
import { createTrackingsStore } from './stores/trackings-store.ts';
import { createWebAudioPlayer } from './station/feedback.ts';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
const bridge = window.packbench;
let zpl: ZplPreviewer | null = null;
// The renderer (about 9 MB of WebAssembly) loads only when the first preview is asked for.
const previewer = () =>
  (zpl ??= new ZplPreviewer(
    () => new Worker(new URL('./labels/zpl.worker.ts', import.meta.url), { type: 'module' }),
  ));
const i18n = createI18n();
const station = createStationStore(
  bridge,
  createWebAudioPlayer(() => station.getState().muted),
);
const stores = {
  status: createStatusStore(bridge),
  station,
  settings: createSettingsStore(bridge),
  outbox: createOutboxStore(bridge),
  inventory: createInventoryStore(bridge),
  trackings: createTrackingsStore(bridge),
  orders: createOrdersStore(bridge),
  catalog: createCatalogStore(bridge),
  labels: createLabelsStore(bridge, previewer),
};

createRoot(root).render(
  <StrictMode>
    <I18nextProvider i18n={i18n}>
      <MantineProvider defaultColorScheme="light">
        <StoresProvider stores={stores}>
          <App />
        </StoresProvider>
      </MantineProvider>
    </I18nextProvider>
  </StrictMode>,
);
