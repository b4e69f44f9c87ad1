import type { KeyObject } from 'node:crypto';
import electronUpdater, { type AppUpdater, type UpdateInfo } from 'electron-updater';
import { fieldOf, messageOf } from '../platform/guards.ts';
import { signedProvider } from './signed-feed.ts';

/**
 * The slice of electron-updater the station uses, behind one small interface: the updater's
 * decisions (updater.ts) are tested with a fake, and this adapter with the real library
 * against a loopback server (test/updates).
 */
export interface UpdateFeed {
  /** The folder with `<channel>-linux.yml` (latest.yml on Windows…) and the installers. */
  url: string;
  channel: string;
  /** The station's stable UUID: its place in a staged rollout. */
  stationId: string;
  /**
   * The release keys one of which must have signed the manifest (issue #43); null: updates
   * are not signature-checked (no key set). An empty list refuses every manifest.
   */
  publicKeys: readonly KeyObject[] | null;
}

export interface FoundUpdate {
  available: boolean;
  /** The version the server offers (null when the updater is inactive: not a packaged app). */
  version: string | null;
  /** Every file the server lists, with the size it announces. */
  files: { url: string; size: number | null }[];
}

export interface UpdateEngine {
  /** `signal` aborts a check that stalled, so the next one starts afresh. */
  check(feed: UpdateFeed, signal?: AbortSignal): Promise<FoundUpdate>;
  /** Downloads the found update, sha512 checked; resolves with the file's path. */
  download(signal: AbortSignal, onProgress: () => void): Promise<string>;
  /** Runs the installer now, silently, without starting the app again (the app is quitting). */
  installOnQuit(): boolean;
  /** Quits, installs silently and starts the station again. */
  installAndRestart(): void;
}

/** Whether a download failed on its sha512: electron-updater's ERR_CHECKSUM_MISMATCH. */
export function isChecksumMismatch(error: unknown): boolean {
  return (
    fieldOf(error, 'code') === 'ERR_CHECKSUM_MISMATCH' ||
    /checksum mismatch/i.test(messageOf(error))
  );
}

/** The cache folder's name under the system's cache (~/.cache on Linux). */
export const UPDATER_CACHE_DIR = 'packbench-updater';

const silentLogger = { info: () => undefined, warn: () => undefined, error: () => undefined };

/**
 * Drives an electron-updater updater (`autoUpdater` in the app; a DebUpdater in the tests):
 * generic provider on IT's folder, no download or install of its own accord, the station's id
 * for staging, and no app-update.yml needed (the feed comes from the policy).
 */
export function electronUpdateEngine(
  updater: AppUpdater,
  log: Pick<Console, 'info' | 'warn' | 'error'> = silentLogger,
): UpdateEngine {
  updater.autoDownload = false;
  updater.autoInstallOnAppQuit = false;
  updater.allowDowngrade = false;
  updater.logger = log;
  const files = (info: UpdateInfo) =>
    info.files.map((file) => ({ url: file.url, size: file.size ?? null }));
  return {
    async check(feed, signal) {
      // With release keys, the manifest comes through the signed provider: checked before
      // electron-updater parses it, so nothing downloads on an unsigned or changed one.
      const config = feed.publicKeys
        ? {
            provider: 'custom' as const,
            updateProvider: signedProvider(feed.publicKeys),
            url: feed.url,
            channel: feed.channel,
          }
        : { provider: 'generic' as const, url: feed.url, channel: feed.channel };
      // electron-updater keeps both behind lazy values: its own staging id (a file of its own
      // in userData) and app-update.yml, which an app configured by policy does not ship.
      const ready = <T>(value: T) => ({ value: Promise.resolve(value) });
      Object.defineProperty(updater, 'stagingUserIdPromise', {
        value: ready(feed.stationId),
        configurable: true,
        writable: true,
      });
      Object.defineProperty(updater, 'configOnDisk', {
        value: ready({ ...config, updaterCacheDirName: UPDATER_CACHE_DIR }),
        configurable: true,
        writable: true,
      });
      updater.setFeedURL(config);
      // electron-updater shares one pending check between callers and has no timeout of its
      // own on Electron's net: a stalled one is forgotten, so the next check asks again.
      signal?.addEventListener(
        'abort',
        () => Reflect.set(updater, 'checkForUpdatesPromise', null),
        {
          once: true,
        },
      );
      const result = await updater.checkForUpdates();
      if (!result) return { available: false, version: null, files: [] };
      return {
        available: result.isUpdateAvailable,
        version: result.updateInfo.version,
        files: files(result.updateInfo),
      };
    },
    async download(signal, onProgress) {
      const token = new electronUpdater.CancellationToken();
      const cancel = () => token.cancel();
      signal.addEventListener('abort', cancel, { once: true });
      updater.on('download-progress', onProgress);
      try {
        const [file] = await updater.downloadUpdate(token);
        if (!file) throw new Error('the updater downloaded no file');
        return file;
      } finally {
        signal.removeEventListener('abort', cancel);
        updater.removeListener('download-progress', onProgress);
      }
    },
    installOnQuit() {
      if (updater instanceof electronUpdater.BaseUpdater) return updater.install(true, false);
      // macOS's updater installs through Squirrel at quit once told to.
      updater.autoInstallOnAppQuit = true;
      return true;
    },
    installAndRestart() {
      updater.quitAndInstall(true, true);
    },
  };
}

/** The updater electron-updater picks for this platform and package (AppImage, deb, NSIS…). */
export function systemUpdater(): AppUpdater {
  return electronUpdater.autoUpdater;
}
