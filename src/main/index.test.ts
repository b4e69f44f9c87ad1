import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type * as StandIn from '../../test/support/electron-stand-in.ts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { channelOf, invokeNames } from '../shared/ipc/channels.ts';
import { CONTENT_SECURITY_POLICY } from './app-protocol.ts';

// The Electron glue (index.ts) run against a stand-in `electron` module: what it asks Electron
// to do is recorded and checked; everything behind it (core, handlers, protocol) is real.

type Listener = (...args: unknown[]) => unknown;

vi.mock('electron', async () => (await import('../../test/support/electron-stand-in.ts')).electron);

vi.mock('./platform/keychain.ts', async () => {
  const { memoryKeychain } = await import('../../test/outbox/helpers.ts');
  return { NativeKeychain: memoryKeychain };
});

let stand: typeof StandIn.stand;

beforeAll(async () => {
  ({ stand } = await import('../../test/support/electron-stand-in.ts'));
  stand.dataDir = mkdtempSync(join(tmpdir(), 'packbench-glue-'));
  await import('./index.ts');
  stand.ready();
  await vi.waitFor(() => expect(stand.windows).toHaveLength(1), { timeout: 10_000 });
});

afterAll(async () => {
  await stand.emit('will-quit');
  rmSync(stand.dataDir, { recursive: true, force: true });
});

describe('the Electron glue', () => {
  it('registers app:// as a standard, secure scheme before the app is ready', () => {
    expect(stand.schemes).toEqual([
      {
        scheme: 'app',
        privileges: expect.objectContaining({ standard: true, secure: true, stream: true }),
      },
    ]);
  });

  it('opens one window with every isolation on, loading the app from app://', () => {
    const [win] = stand.windows;
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
    const handler = stand.protocolHandlers.get('app');
    if (!handler) throw new Error('no app:// handler');
    const get = (url: string) => handler({ url, headers: new Headers() });
    const page = await get('app://packbench/index.html');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
    expect(page.headers.get('x-content-type-options')).toBe('nosniff');
    for (const url of [
      'app://packbench/%2e%2e/main/index.ts',
      'app://packbench/../../package.json',
      'app://elsewhere/index.html',
      // Clips only as the pack records name them (issue #41): none here.
      'app://packbench/clips/pack-1/0.webm',
      'app://packbench/clips/pack-1/0.vtt',
      'app://packbench/clips/..%2f..%2fpackage.json',
    ])
      expect((await get(url)).status, url).toBe(404);
  });

  it('handles exactly the contract channels, and only for its own window on app://', async () => {
    expect([...stand.handlers.keys()].sort()).toEqual(invokeNames.map(channelOf).sort());
    const getAppInfo = stand.handlers.get(channelOf('getAppInfo'));
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
    let permissionCheck: Listener | null = null;
    await stand.emit(
      'web-contents-created',
      {},
      {
        setWindowOpenHandler: (h: typeof openHandler) => void (openHandler = h),
        on: (event: string, listener: Listener) => void listeners.set(event, listener),
        session: {
          setPermissionRequestHandler: (h: Listener) => void (permission = h),
          setPermissionCheckHandler: (h: Listener) => void (permissionCheck = h),
        },
      },
    );
    expect(openHandler({ url: 'https://evil.example/' })).toEqual({ action: 'deny' });
    expect(stand.opened).toEqual([]);
    const navigate = { preventDefault: vi.fn() };
    listeners.get('will-navigate')?.(navigate, 'https://evil.example/');
    expect(navigate.preventDefault).toHaveBeenCalled();
    const granted = await new Promise((resolve) => permission?.(null, 'media', resolve));
    expect(granted).toBe(false);
    for (const name of ['media', 'notifications', 'clipboard-read', 'hid', 'serial'])
      expect((permissionCheck as Listener | null)?.(null, name, 'app://packbench'), name).toBe(
        false,
      );
  });

  it('pushes status to its own window', async () => {
    const [win] = stand.windows;
    await vi.waitFor(
      () =>
        expect(win?.webContents.sent).toContainEqual([
          channelOf('onStatus'),
          expect.objectContaining({ profile: expect.anything() }),
        ]),
      { timeout: 10_000 },
    );
  });

  it('quits when the last window closes (except on macOS)', async () => {
    await stand.emit('window-all-closed');
    expect(stand.quits).toBe(process.platform === 'darwin' ? 0 : 1);
  });
});
