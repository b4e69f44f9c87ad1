// A stand-in for the `electron` module, so the Electron glue (src/main/index.ts) runs in plain
// Node under vitest: what the glue asks Electron to do is recorded; everything behind it (core,
// handlers, protocol) is real. A test configures `stand` before importing index.ts; one that
// imports the glue again (after `vi.resetModules()`) calls `resetStand()` first.
//
//   vi.mock('electron', async () => (await import('./electron-stand-in.ts')).electron);

import http from 'node:http';
import https from 'node:https';
import { createRequire, Module } from 'node:module';

type Listener = (...args: unknown[]) => unknown;

let nextWebContentsId = 7;

export class FakeWindow {
  static getAllWindows = (): FakeWindow[] => stand.windows;
  readonly options: Record<string, unknown>;
  readonly webContents: { id: number; send: (...args: unknown[]) => void; sent: unknown[][] };
  readonly listeners = new Map<string, Listener[]>();
  loadedUrl: string | null = null;
  minimized = false;
  focused = 0;
  shown = 0;
  restored = 0;
  constructor(options: Record<string, unknown>) {
    this.options = options;
    const sent: unknown[][] = [];
    this.webContents = { id: nextWebContentsId++, send: (...args) => sent.push(args), sent };
    stand.windows.push(this);
  }
  on(event: string, listener: Listener) {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener]);
  }
  once(event: string, listener: Listener) {
    this.on(event, listener);
  }
  loadURL(url: string) {
    this.loadedUrl = url;
    return Promise.resolve();
  }
  isMinimized() {
    return this.minimized;
  }
  restore() {
    this.restored++;
    this.minimized = false;
  }
  show() {
    this.shown++;
  }
  focus() {
    this.focused++;
  }
}

function freshState() {
  let ready: () => void = () => undefined;
  const whenReady = new Promise<void>((resolve) => (ready = resolve));
  return {
    dataDir: '',
    packaged: false,
    /** What requestSingleInstanceLock answers: false when another instance holds the lock. */
    singleInstance: true,
    languages: ['en-US'] as string[],
    isReady: false,
    whenReady,
    resolveReady: ready,
    appListeners: new Map<string, Listener[]>(),
    handlers: new Map<string, Listener>(),
    schemes: [] as unknown[],
    protocolHandlers: new Map<
      string,
      (request: { url: string; headers: Headers }) => Promise<Response>
    >(),
    errorBoxes: [] as { title: string; content: string }[],
    exitCodes: [] as number[],
    quits: 0,
    relaunches: 0,
    opened: [] as string[],
    windows: [] as FakeWindow[],
  };
}

function createStand() {
  return {
    ...freshState(),
    /** Makes app.whenReady() resolve, as Electron does once it has started. */
    ready() {
      stand.isReady = true;
      stand.resolveReady();
    },
    async emit(event: string, ...args: unknown[]) {
      for (const listener of stand.appListeners.get(event) ?? []) await listener(...args);
    },
  };
}

/**
 * What a test sets before the glue runs, and what the glue did. One per test file, kept on
 * globalThis: vitest re-evaluates this module after resetModules but keeps the mocked
 * `electron` built from the first evaluation, and both must see the same stand.
 */
const holder = globalThis as { packbenchElectronStand?: ReturnType<typeof createStand> };
export const stand = (holder.packbenchElectronStand ??= createStand());

export function resetStand(): typeof stand {
  return Object.assign(stand, freshState());
}

export const electron = {
  app: {
    whenReady: () => stand.whenReady,
    isReady: () => stand.isReady,
    get isPackaged() {
      return stand.packaged;
    },
    getPath: () => stand.dataDir,
    getName: () => 'Packbench',
    getVersion: () => '0.0.0-test',
    getLocale: () => stand.languages[0] ?? 'en-US',
    getPreferredSystemLanguages: () => stand.languages,
    requestSingleInstanceLock: () => stand.singleInstance,
    on: (event: string, listener: Listener) =>
      void stand.appListeners.set(event, [...(stand.appListeners.get(event) ?? []), listener]),
    once: (event: string, listener: Listener) =>
      void stand.appListeners.set(event, [...(stand.appListeners.get(event) ?? []), listener]),
    relaunch: () => void stand.relaunches++,
    quit: () => void stand.quits++,
    exit: (code = 0) => void stand.exitCodes.push(code),
  },
  BrowserWindow: FakeWindow,
  dialog: {
    showErrorBox: (title: string, content: string) =>
      void stand.errorBoxes.push({ title, content }),
  },
  ipcMain: {
    handle: (channel: string, listener: Listener) => void stand.handlers.set(channel, listener),
    removeHandler: (channel: string) => void stand.handlers.delete(channel),
  },
  protocol: {
    registerSchemesAsPrivileged: (schemes: unknown[]) => void stand.schemes.push(...schemes),
    handle: (scheme: string, handler: (request: { url: string }) => Promise<Response>) =>
      void stand.protocolHandlers.set(scheme, handler),
  },
  shell: { openExternal: (url: string) => void stand.opened.push(url) },
  // electron-updater's requests (ElectronHttpExecutor): Chromium's net module, here Node's
  // http(s) with the same options; the updater's own session is a name and nothing more.
  net: {
    request: ({ session: _session, redirect: _redirect, ...options }: Record<string, unknown>) =>
      (options['protocol'] === 'https:' ? https : http).request(options),
  },
  session: { fromPartition: (partition: string) => ({ partition }) },
};

/**
 * Libraries that `require('electron')` from CommonJS (electron-updater) bypass vi.mock: this
 * puts the stand-in in Node's require cache under the `electron` package's own path.
 */
export function standInForRequire(): void {
  const require = createRequire(import.meta.url);
  const id = require.resolve('electron');
  require.cache[id] = Object.assign(new Module(id), {
    filename: id,
    loaded: true,
    exports: electron,
  });
}
