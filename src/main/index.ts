import { join } from 'node:path';
import { app, BrowserWindow, ipcMain, protocol, shell } from 'electron';
import { APP_ORIGIN, APP_SCHEME, isAppUrl, serveAppRequest } from './app-protocol.ts';
import { channelOf, type EventChannels, type EventName } from '../shared/ipc/channels.ts';
import { systemClock } from './core/clock.ts';
import { NativeKeychain } from './core/keychain.ts';
import { createStationCore } from './core/station-core.ts';
import { createHandlers } from './handlers.ts';
import { registerIpcHandlers } from './ipc-manager.ts';
import { throttleLatest } from './throttle.ts';
import { createSenderCheck } from './trusted-sender.ts';
import { hardenWebContents, type SecureWebPreferences } from './window-security.ts';

// Electron-only glue: everything testable lives in plain modules next to this file.

protocol.registerSchemesAsPrivileged([
  { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true } },
]);

const rendererDir = join(import.meta.dirname, '../renderer');
const devServerUrl = process.env['ELECTRON_RENDERER_URL'];
const ownWebContents = new Set<number>();

function createWindow(): void {
  const win = new BrowserWindow({
    width: 1280,
    height: 800,
    show: false,
    title: 'Packbench',
    webPreferences: {
      preload: join(import.meta.dirname, '../preload/index.cjs'),
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
    } satisfies SecureWebPreferences,
  });
  const id = win.webContents.id;
  ownWebContents.add(id);
  win.on('closed', () => ownWebContents.delete(id));
  win.once('ready-to-show', () => win.show());
  void win.loadURL(devServerUrl ?? `${APP_ORIGIN}/index.html`);
}

function publish<K extends EventName>(name: K, payload: EventChannels[K]): void {
  for (const win of BrowserWindow.getAllWindows()) {
    if (ownWebContents.has(win.webContents.id)) win.webContents.send(channelOf(name), payload);
  }
}

void app.whenReady().then(async () => {
  const core = await createStationCore({
    dataDir: app.getPath('userData'),
    keychain: new NativeKeychain(),
  });
  core.onStatus(throttleLatest((status) => publish('onStatus', status), 250, systemClock));
  const pushOutbox = throttleLatest(
    (change: EventChannels['onOutbox']) => publish('onOutbox', change),
    200,
    systemClock,
  );
  core.outbox.subscribe((profileId, snapshot, job) => pushOutbox({ profileId, snapshot, job }));
  app.on('will-quit', () => void core.close());

  protocol.handle(APP_SCHEME, (request) => serveAppRequest(rendererDir, request.url));

  registerIpcHandlers(
    ipcMain,
    createHandlers({
      core,
      appInfo: () => ({
        name: app.getName(),
        version: app.getVersion(),
        versions: {
          node: process.versions.node,
          electron: process.versions.electron,
          chrome: process.versions.chrome,
        },
        platform: process.platform,
      }),
    }),
    {
      isTrustedSender: createSenderCheck(ownWebContents, (url) =>
        devServerUrl ? url.startsWith(devServerUrl) || isAppUrl(url) : isAppUrl(url),
      ),
      log: (message) => console.warn(message),
    },
  );

  app.on('web-contents-created', (_event, contents) => {
    hardenWebContents(contents, {
      isAppUrl: (url) => isAppUrl(url) || Boolean(devServerUrl && url.startsWith(devServerUrl)),
      openExternal: (url) => void shell.openExternal(url),
      allowedExternalHosts: [],
    });
  });

  createWindow();
  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0) createWindow();
  });
});

app.on('window-all-closed', () => {
  if (process.platform !== 'darwin') app.quit();
});
