import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { app, BrowserWindow, dialog, ipcMain, protocol, shell } from 'electron';
import { APP_ORIGIN, APP_SCHEME, isAppUrl, serveAppRequest } from './app-protocol.ts';
import { channelOf, type EventChannels, type EventName } from '../shared/ipc/channels.ts';
import { systemClock, systemIds } from './platform/clock.ts';
import { NativeKeychain } from './platform/keychain.ts';
import { checkDataDir } from './platform/data-dir.ts';
import { createStationCore } from './core/station-core.ts';
import { loadAppZplFonts } from './bulk/app-zpl-fonts.ts';
import { loadAppFonts } from './documents/app-fonts.ts';
import { loadPolicy, policyPath } from './policy/policy-file.ts';
import { builtInReleaseKey } from './updates/built-in-key.ts';
import { electronUpdateEngine, systemUpdater } from './updates/engine.ts';
import { PackActivity } from './updates/pack-activity.ts';
import { updateSettings, type StationWork } from './updates/rules.ts';
import { stationId } from './updates/station-id.ts';
import { StationUpdater } from './updates/updater.ts';
import { watchPacks } from './handlers/updates.ts';
import { createHandlers } from './handlers.ts';
import { languageFor, translate } from '../shared/i18n/translate.ts';
import { updateLogger } from './logs/attach.ts';
import {
  diagnoseStartupFailure,
  startupFailureMessage,
  writeStartupLog,
} from './startup/startup-failure.ts';
import { registerIpcHandlers } from './ipc-manager.ts';
import { throttleLatest } from './throttle.ts';
import { createSenderCheck } from './trusted-sender.ts';
import { hardenWebContents, type SecureWebPreferences } from './window-security.ts';

// Electron-only glue: everything testable lives in plain modules next to this file.

protocol.registerSchemesAsPrivileged([
  // `stream`: the station's clips play and seek from app:// (issue #41).
  {
    scheme: APP_SCHEME,
    privileges: { standard: true, secure: true, supportFetchAPI: true, stream: true },
  },
]);

const rendererDir = join(import.meta.dirname, '../renderer');
// electron-vite's dev server, only while developing: a packaged station never loads a page
// named by its environment (that page would get the whole bridge).
const devServerUrl = app.isPackaged ? undefined : process.env['ELECTRON_RENDERER_URL'];
const ownWebContents = new Set<number>();
let mainWindow: BrowserWindow | null = null;
let started = false;

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
  mainWindow = win;
  win.on('closed', () => {
    ownWebContents.delete(id);
    if (mainWindow === win) mainWindow = null;
  });
  win.once('ready-to-show', () => win.show());
  void win.loadURL(devServerUrl ?? `${APP_ORIGIN}/index.html`);
}

function publish<K extends EventName>(name: K, payload: EventChannels[K]): void {
  for (const win of BrowserWindow.getAllWindows()) {
    if (ownWebContents.has(win.webContents.id)) win.webContents.send(channelOf(name), payload);
  }
}

/** A second launch on the same data directory brings this window forward instead. */
function focusStation(): void {
  // While the station is still starting, its window is about to open anyway; one made now
  // would load before the app:// handler and the navigation guards exist.
  if (!started) return;
  if (!mainWindow) {
    createWindow();
    return;
  }
  if (mainWindow.isMinimized()) mainWindow.restore();
  mainWindow.show();
  mainWindow.focus();
}

/** The start failed: one dialog that names the cause, a log line when possible, exit code 1. */
function failStart(error: unknown, dataDir: string): void {
  const failure = diagnoseStartupFailure(error, dataDir);
  const logFile = writeStartupLog(dataDir, failure, error);
  const language = languageFor([...app.getPreferredSystemLanguages(), app.getLocale()]);
  const { title, message } = startupFailureMessage(language, failure, logFile);
  console.error(`${title}\n${message}`);
  dialog.showErrorBox(title, message);
  app.exit(1);
}

async function start(dataDir: string): Promise<void> {
  // The machine's policy first: a broken one stops the start before anything is touched.
  const policy = loadPolicy(policyPath());
  const core = await createStationCore({
    dataDir,
    keychain: new NativeKeychain(),
    policy,
    // The packing slip's faces as the bundle carries them (no dev packages once installed).
    documentFonts: loadAppFonts,
    zplFonts: loadAppZplFonts,
  });
  core.onStatus(throttleLatest((status) => publish('onStatus', status), 250, systemClock));
  const pushOutbox = throttleLatest(
    (change: EventChannels['onOutbox']) => publish('onOutbox', change),
    200,
    systemClock,
  );
  core.outbox.subscribe((profileId, snapshot, job) => pushOutbox({ profileId, snapshot, job }));
  // Few and each one matters (a label printed, held, the printer's status): sent as they come.
  core.printing.onChange((change) => publish('onPrinting', change));
  // A reading a few times a second while the load moves: the newest is all the window needs.
  core.scale.monitor.onChange(throttleLatest((view) => publish('onScale', view), 50, systemClock));
  app.on('will-quit', () => void core.close());

  // Updates (docs/updates.md): only when IT's policy names a folder; never while someone works.
  const packs = new PackActivity(systemClock);
  const busy = (): StationWork => ({
    packOpen: packs.packOpen(),
    sending: core.outbox.snapshot(core.profiles.active().id).waiting.count > 0,
    printing: core.printing
      .state()
      .jobs.some((job) => ['queued', 'printing', 'held'].includes(job.state)),
  });
  const settings = updateSettings(policy?.policy, builtInReleaseKey());
  // An update is never worth a station that will not start: without its id, no updates.
  const id = settings
    ? await stationId(dataDir, systemIds).catch((error: unknown) => {
        console.warn(`updates off: no station id (${String(error)})`);
        return null;
      })
    : null;
  const updater =
    settings && id
      ? new StationUpdater({
          engine: electronUpdateEngine(systemUpdater(), console),
          settings,
          stationId: id,
          clock: systemClock,
          work: busy,
        })
      : null;
  const logUpdate = updateLogger(core.log, (key, values) => translate('en', key, values));
  updater?.onChange((status) => {
    publish('onUpdate', status);
    logUpdate(status);
  });
  updater?.start();
  // The core closes at will-quit: what the station was doing is read as the quit begins.
  let atQuit: StationWork | null = null;
  app.on('before-quit', () => void (atQuit ??= busy()));
  app.on('quit', () => void updater?.atQuit(atQuit ?? undefined));

  protocol.handle(APP_SCHEME, (request) =>
    serveAppRequest(rendererDir, request.url, {
      clips: core.evidence.clips,
      range: request.headers.get('range'),
    }),
  );

  registerIpcHandlers(
    ipcMain,
    watchPacks(
      createHandlers({
        core,
        update: () => updater?.status() ?? { state: 'off' },
        appInfo: () => ({
          name: app.getName(),
          version: app.getVersion(),
          versions: {
            node: process.versions.node,
            electron: process.versions.electron,
            chrome: process.versions.chrome,
          },
          platform: process.platform,
          updates: updater ? { on: true, signatureKeys: updater.signatureKeys() } : { on: false },
          // scripts/third-party/sbom.ts names the bill of materials beside the installers so.
          sbom: `${app.getName()}-${app.getVersion()}.cdx.json`,
        }),
        // Written beside out/main by every build (scripts/third-party); inside app.asar when packaged.
        thirdPartyNotices: () =>
          readFileSync(join(import.meta.dirname, '../THIRD_PARTY_NOTICES'), 'utf8'),
      }),
      (view) => packs.note(view),
    ),
    {
      isTrustedSender: createSenderCheck(ownWebContents, (url) =>
        devServerUrl ? url.startsWith(devServerUrl) || isAppUrl(url) : isAppUrl(url),
      ),
      redact: core.redact,
      log: (message) => console.warn(message),
    },
  );

  app.on('web-contents-created', (_event, contents) => {
    hardenWebContents(contents, {
      isAppUrl: (url) => isAppUrl(url) || Boolean(devServerUrl && url.startsWith(devServerUrl)),
      openExternal: (url) => void shell.openExternal(url),
      allowedExternalHosts: [],
      // The pack camera (issue #41): the camera while recording is on, the microphone with it
      // only when Settings → Camera records sound.
      media: () => {
        const camera = core.evidence.settings();
        return { video: camera.enabled, audio: camera.enabled && camera.audio };
      },
    });
  });

  createWindow();
  started = true;
  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0) createWindow();
  });
}

const dataDir = app.getPath('userData');
let unusable: unknown = null;
try {
  checkDataDir(dataDir);
} catch (error) {
  unusable = error;
}

if (unusable !== null) {
  // Reported before the single-instance lock: Chromium keeps that lock in this very folder, and
  // failing to take it would look like "another Packbench runs" and quit without a word.
  void app.whenReady().then(() => failStart(unusable, dataDir));
} else if (app.requestSingleInstanceLock()) {
  // One station per data directory: two would drain one outbox twice.
  app.on('second-instance', focusStation);
  void app.whenReady().then(async () => {
    try {
      await start(dataDir);
    } catch (error) {
      failStart(error, dataDir);
    }
  });
} else {
  app.quit();
}

app.on('window-all-closed', () => {
  if (process.platform !== 'darwin') app.quit();
});
