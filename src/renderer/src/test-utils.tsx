import { DEFAULT_CAMERA_SETTINGS } from '@shared/camera.ts';
import { profileInputSchema } from '@shared/profile.ts';
import { POLICY_SECTIONS } from '@shared/policy/schema.ts';
import type { PolicyView } from '@shared/policy/view.ts';
import { DEFAULT_DOCUMENT_PRINTER_SETTINGS } from '@shared/documents.ts';
import { DEFAULT_SCALE_SETTINGS } from '@shared/scale/settings.ts';
import { MantineProvider } from '@mantine/core';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import type { PackbenchBridge } from '@shared/ipc/bridge-types.ts';
import { ok } from '@shared/result.ts';
import type { JobView } from '@shared/outbox.ts';
import { DEFAULT_PRINTER_SETTINGS, type PrintJobView } from '@shared/printing.ts';
import type { StationStatus } from '@shared/status.ts';
import { DEFAULT_COORDINATION_SETTINGS } from '@shared/coordination.ts';
import { DEFAULT_PACK_SETTINGS } from '@shared/pack/types.ts';
import { createI18n, type Language } from './i18n/index.ts';
import { StoresProvider } from './app/context.tsx';
import { createQueryClient } from './app/queries.ts';
import { createFileChecker } from './ui/files/file-checker.ts';
import { createStores } from './create-stores.ts';
import type { ZplPreviewer } from './features/labels/zpl-previewer.ts';
import type { SoundPlayer } from './app/feedback.ts';

export const sandboxStatus: StationStatus = {
  profile: {
    id: 'sandbox',
    name: 'Sandbox',
    environment: 'sandbox',
    apiVersion: 'v1.1',
    baseUrl: 'http://127.0.0.1:4010',
  },
  health: {
    state: 'up',
    online: true,
    latencyMs: 12,
    lastCheckedAt: Date.parse('2026-11-22T10:00:00Z'),
    lastError: null,
  },
  budget: {
    limit: 100,
    effectiveLimit: 100,
    used: 7,
    remaining: 93,
    queued: { interactive: 0, submission: 0, background: 0 },
    pausedUntil: null,
    rateLimitedTotal: 0,
    coordination: null,
  },
  keychain: { state: 'available', messageKey: 'keychain.available', detail: 'ok' },
  records: {
    phase: 'off',
    target: null,
    pending: 0,
    sent: 0,
    error: null,
    sentence: { messageKey: 'records.state.off', params: {} },
  },
};

/**
 * An invoice job as the window sees it, queued; a test changes what it is about. (A test pairs
 * a kind with the payload it means to show: the pair is the test's to keep right.)
 */
export const jobView = (change: { [P in keyof JobView]?: JobView[P] } = {}): JobView =>
  ({
    id: '11111111-1111-4111-8111-111111111111',
    profileId: 'sandbox',
    kind: 'invoice.upload',
    payload: { order: 'PB-10001', fileName: 'nf.pdf' },
    fileSize: 10,
    fileSha256: 'a'.repeat(64),
    state: 'queued',
    attempts: 0,
    nextAttemptAt: 0,
    lastError: null,
    result: null,
    blockedBy: null,
    subject: 'PB-10001',
    createdAt: 1,
    updatedAt: 1,
    ...change,
  }) as JobView;

/** A print job as the queue shows it, waiting; a test changes what it is about. */
export const printJobView = (change: Partial<PrintJobView> = {}): PrintJobView => ({
  id: 'print-1',
  kind: 'label',
  printer: 'tcp://10.0.0.9:9100',
  media: null,
  labelKey: `sha256:${'b'.repeat(64)}`,
  orderId: 'PB-10001',
  fileName: 'etiqueta.zpl',
  size: 30,
  copies: 1,
  state: 'queued',
  reprintReason: null,
  requestedBy: 'ana',
  attempts: 0,
  lastError: null,
  lastErrorCode: null,
  createdAt: Date.parse('2026-11-22T10:00:00Z'),
  printedAt: null,
  ...change,
});

/** A bridge whose every channel fails loudly unless the test provides it. */
/** The bridge's profile reads for the whole Settings screen: the sandbox alone, demo key. */
export const SANDBOX_PROFILE_BRIDGE: Pick<PackbenchBridge, 'listProfiles' | 'getKeyStatus'> = {
  listProfiles: async () =>
    ok({
      profiles: [
        {
          ...profileInputSchema.parse({ name: 'Sandbox', environment: 'sandbox', baseUrl: null }),
          id: 'sandbox',
          createdAt: '',
          updatedAt: '',
        },
      ],
      activeId: 'sandbox',
    }),
  getKeyStatus: async () =>
    ok({
      profileId: 'sandbox',
      set: false,
      masked: null,
      usingDemoKey: true,
      keychain: { state: 'available', messageKey: 'keychain.available', detail: '' },
    }),
};

/** A machine without a policy: nothing locked, nothing set. */
export const NO_POLICY: PolicyView = {
  file: null,
  locked: Object.fromEntries(POLICY_SECTIONS.map((name) => [name, false])) as PolicyView['locked'],
  language: null,
  muted: null,
  expiryWarningDays: null,
};

export function fakeBridge(overrides: Partial<PackbenchBridge> = {}): PackbenchBridge {
  const missing = (name: string) => () => Promise.reject(new Error(`bridge.${name} not faked`));
  return new Proxy(
    {
      getStatus: async () => ok(sandboxStatus),
      onStatus: () => () => undefined,
      // Asked for in the background by the order card; a test about names provides its own.
      getProductNames: async () => ok({ names: {} }),
      onOutbox: () => () => undefined,
      // Read by the status bar, the Print buttons and the Outbox: no printer unless a test sets one.
      getPrinting: async () =>
        ok({ settings: DEFAULT_PRINTER_SETTINGS, status: null, jobs: [], recoveredFrom: null }),
      onPrinting: () => () => undefined,
      // Read by Settings: a station alone on its key unless a test says otherwise.
      getCoordination: async () =>
        ok({
          settings: DEFAULT_COORDINATION_SETTINGS,
          passwordSet: false,
          recoveredFrom: null,
          state: null,
        }),
      // Read by Settings → Packing and Barcode aliases: the defaults, no aliases.
      getPackSettings: async () => ok(DEFAULT_PACK_SETTINGS),
      getBarcodeAliases: async () => ok({ aliases: [] }),
      // Read by the status bar, the card and Settings → Scale: no scale unless a test sets one.
      getScaleSettings: async () => ok(DEFAULT_SCALE_SETTINGS),
      // Read by the Station's pack camera and Settings → Camera: off unless a test turns it on.
      getCamera: async () => ok(DEFAULT_CAMERA_SETTINGS),
      getScale: async () =>
        ok({ state: 'off', device: null, reading: null, stable: false, needsZero: false }),
      onScale: () => () => undefined,
      // Read by the status bar: updates off unless a test says otherwise.
      getUpdate: async () => ok({ state: 'off' }),
      onUpdate: () => () => undefined,
      listScales: async () => ok({ devices: [] }),
      // Read by the window at start and by Settings: a machine without a policy.
      getPolicy: async () => ok(NO_POLICY),
      // Told by the window at start; read by Settings → Printers → Document printer.
      setStationLanguage: async () => ok(null),
      getDocumentPrinter: async () =>
        ok({ settings: DEFAULT_DOCUMENT_PRINTER_SETTINGS, recoveredFrom: null }),
      getAppInfo: async () =>
        ok({
          name: 'Packbench',
          version: '0.1.0',
          versions: { node: '24.0.0', electron: '45.4.1', chrome: '140.0' },
          platform: 'linux',
        }),
      ...overrides,
    } as PackbenchBridge,
    {
      get: (target, prop: string) =>
        prop in target ? target[prop as keyof PackbenchBridge] : missing(prop),
    },
  );
}

export function renderWithStores(
  ui: ReactNode,
  bridge: PackbenchBridge,
  options: {
    language?: Language;
    sounds?: SoundPlayer;
    previewer?: ZplPreviewer;
    thumbnail?: (bytes: Uint8Array) => Promise<string>;
    now?: () => number;
  } = {},
) {
  const sounds = options.sounds ?? { play: () => undefined };
  const previewer =
    options.previewer ??
    ({
      render: async () => ({ ok: true, images: [], warnings: [] }),
      lint: async () => ({ ok: true, images: [], warnings: [] }),
    } as unknown as ZplPreviewer);
  const queryClient = createQueryClient();
  const stores = createStores(bridge, {
    queryClient,
    sounds,
    previewer: () => previewer,
    thumbnail: options.thumbnail ?? (async () => 'data:image/png;base64,iVBORw0KGgo='),
    // The real check, with pdf.js's Node build in place of the window's worker.
    checkFile: createFileChecker(() => import('pdfjs-dist/legacy/build/pdf.mjs')),
    ...(options.now ? { now: options.now } : {}),
  });

  const i18n = createI18n(options.language ?? 'en');
  const view = render(
    <I18nextProvider i18n={i18n}>
      <MantineProvider>
        <StoresProvider stores={stores} bridge={bridge} queryClient={queryClient}>
          {ui}
        </StoresProvider>
      </MantineProvider>
    </I18nextProvider>,
  );
  return { ...view, stores, i18n, queryClient };
}
