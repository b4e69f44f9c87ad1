import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { channelOf, invokeNames } from '../shared/ipc/channels.ts';
import { CONTENT_SECURITY_POLICY } from './app-protocol.ts';

// The Electron glue (index.ts) run against a stand-in `electron` module: what it asks Electron
// to do is recorded and checked; everything behind it (core, handlers, protocol) is real.

type Listener = (...args: unknown[]) => unknown;

const electron = vi.hoisted(() => {
  const appListeners = new Map<string, Listener[]>();
  const windows: FakeWindow[] = [];
  let ready: () => void = () => undefined;
  const whenReady = new Promise<void>((resolve) => (ready = resolve));

  class FakeWindow {
    static getAllWindows = () => windows;
    readonly options: Record<string, unknown>;
    readonly webContents = { id: 7, send: vi.fn() };
    loadedUrl: string | null = null;
    constructor(options: Record<string, unknown>) {
      this.options = options;
      windows.push(this);
    }
    on() {}
    once() {}
    loadURL(url: string) {
      this.loadedUrl = url;
      return Promise.resolve();
    }
  }

  return {
    appListeners,
    windows,
    ready: () => ready(),
    handlers: new Map<string, Listener>(),
    schemes: [] as unknown[],
    protocolHandlers: new Map<string, (request: { url: string }) => Promise<Response>>(),
    dataDir: { path: '' },
    quit: vi.fn(),
    openExternal: vi.fn(),
    FakeWindow,
    whenReady,
  };
});

vi.mock('electron', () => ({
  app: {
    whenReady: () => electron.whenReady,
    getPath: () => electron.dataDir.path,
    getName: () => 'Packbench',
    getVersion: () => '0.0.0-test',
    on: (event: string, listener: Listener) =>
      void electron.appListeners.set(event, [
        ...(electron.appListeners.get(event) ?? []),
        listener,
      ]),
    quit: electron.quit,
  },
  BrowserWindow: electron.FakeWindow,
  ipcMain: {
    handle: (channel: string, listener: Listener) => void electron.handlers.set(channel, listener),
    removeHandler: (channel: string) => void electron.handlers.delete(channel),
  },
  protocol: {
    registerSchemesAsPrivileged: (schemes: unknown[]) => void electron.schemes.push(...schemes),
    handle: (scheme: string, handler: (request: { url: string }) => Promise<Response>) =>
      void electron.protocolHandlers.set(scheme, handler),
  },
  shell: { openExternal: electron.openExternal },
}));

vi.mock('./core/keychain.ts', async () => {
  const { memoryKeychain } = await import('../../test/outbox/helpers.ts');
  return { NativeKeychain: memoryKeychain };
});

const emit = async (event: string, ...args: unknown[]) => {
  for (const listener of electron.appListeners.get(event) ?? []) await listener(...args);
};

beforeAll(async () => {
  electron.dataDir.path = mkdtempSync(join(tmpdir(), 'packbench-glue-'));
  await import('./index.ts');
  electron.ready();
  await vi.waitFor(() => expect(electron.windows).toHaveLength(1), { timeout: 10_000 });
});

afterAll(async () => {
  await emit('will-quit');
  rmSync(electron.dataDir.path, { recursive: true, force: true });
});

describe('the Electron glue', () => {
  it('registers app:// as a standard, secure scheme before the app is ready', () => {
    expect(electron.schemes).toEqual([
      { scheme: 'app', privileges: expect.objectContaining({ standard: true, secure: true }) },
    ]);
  });

  it('opens one window with every isolation on, loading the app from app://', () => {
    const [win] = electron.windows;
    expect(win?.options.webPreferences).toEqual({
      preload: expect.stringMatching(/preload[/\\]index\.cjs$/),
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      webviewTag: false,
      spellcheck: false,
      disableBlinkFeatures: 'Auxclick',
    });
    expect(win?.loadedUrl).toBe('app://packbench/index.html');
  });

  it('serves the renderer through app:// with the CSP header, and nothing outside it', async () => {
    const handler = electron.protocolHandlers.get('app');
    if (!handler) throw new Error('no app:// handler');
    const page = await handler({ url: 'app://packbench/index.html' });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
    expect(page.headers.get('x-content-type-options')).toBe('nosniff');
    for (const url of [
      'app://packbench/%2e%2e/main/index.ts',
      'app://packbench/../../package.json',
      'app://elsewhere/index.html',
    ])
      expect((await handler({ url })).status, url).toBe(404);
  });

  it('handles exactly the contract channels, and only for its own window on app://', async () => {
    expect([...electron.handlers.keys()].sort()).toEqual(invokeNames.map(channelOf).sort());
    const getAppInfo = electron.handlers.get(channelOf('getAppInfo'));
    if (!getAppInfo) throw new Error('getAppInfo is not handled');
    const own = { sender: { id: 7 }, senderFrame: { url: 'app://packbench/index.html' } };
    expect(await getAppInfo(own)).toMatchObject({ ok: true, value: { name: 'Packbench' } });
    for (const stranger of [
      { sender: { id: 8 }, senderFrame: { url: 'app://packbench/index.html' } },
      { sender: { id: 7 }, senderFrame: { url: 'https://evil.example/' } },
      { sender: { id: 7 }, senderFrame: null },
    ])
      expect(await getAppInfo(stranger)).toMatchObject({ ok: false });
  });

  it('hardens every web contents it creates: no windows, no navigation away, no permissions', async () => {
    let openHandler: (d: { url: string }) => unknown = () => null;
    const listeners = new Map<string, Listener>();
    let permission: Listener | null = null;
    await emit(
      'web-contents-created',
      {},
      {
        setWindowOpenHandler: (h: typeof openHandler) => void (openHandler = h),
        on: (event: string, listener: Listener) => void listeners.set(event, listener),
        session: {
          setPermissionRequestHandler: (h: Listener) => void (permission = h),
          setPermissionCheckHandler: () => undefined,
        },
      },
    );
    expect(openHandler({ url: 'https://evil.example/' })).toEqual({ action: 'deny' });
    expect(electron.openExternal).not.toHaveBeenCalled();
    const navigate = { preventDefault: vi.fn() };
    listeners.get('will-navigate')?.(navigate, 'https://evil.example/');
    expect(navigate.preventDefault).toHaveBeenCalled();
    const granted = await new Promise((resolve) => permission?.(null, 'media', resolve));
    expect(granted).toBe(false);
  });

  it('pushes status to its own window', async () => {
    const [win] = electron.windows;
    await vi.waitFor(
      () =>
        expect(win?.webContents.send).toHaveBeenCalledWith(
          channelOf('onStatus'),
          expect.objectContaining({ profile: expect.anything() }),
        ),
      { timeout: 10_000 },
    );
  });

  it('quits when the last window closes (except on macOS)', async () => {
    await emit('window-all-closed');
    expect(electron.quit).toHaveBeenCalledTimes(process.platform === 'darwin' ? 0 : 1);
  });
});
