// The Electron security checklist as plain functions over the few Electron objects they touch,
// so each rule is unit-tested without Electron (index.ts only wires them up).

export interface NavigationEventLike {
  preventDefault(): void;
}

export interface SessionLike {
  setPermissionRequestHandler(
    handler:
      | ((webContents: unknown, permission: string, callback: (granted: boolean) => void) => void)
      | null,
  ): void;
  setPermissionCheckHandler(
    handler: ((webContents: unknown, permission: string) => boolean) | null,
  ): void;
}

export interface WebContentsLike {
  session: SessionLike;
  setWindowOpenHandler(
    handler: (details: { url: string }) => { action: 'deny' } | { action: 'allow' },
  ): void;
  on(
    event: 'will-navigate' | 'will-redirect',
    listener: (event: NavigationEventLike, url: string) => void,
  ): unknown;
  on(event: 'will-attach-webview', listener: (event: NavigationEventLike) => void): unknown;
}

/**
 * The checklist's web preferences as literal types. index.ts writes them out in the
 * `new BrowserWindow` call, where a static misconfiguration scanner can read them, and checks
 * them with `satisfies`, so flipping any one of them fails the typecheck.
 */
export interface SecureWebPreferences {
  preload: string;
  contextIsolation: true;
  sandbox: true;
  nodeIntegration: false;
  nodeIntegrationInWorker: false;
  nodeIntegrationInSubFrames: false;
  webSecurity: true;
  allowRunningInsecureContent: false;
  experimentalFeatures: false;
  webviewTag: false;
  spellcheck: false;
  /** Middle-click would otherwise be a way to open links in new windows. */
  disableBlinkFeatures: 'Auxclick';
}

/** External links open in the user's browser only for https hosts on the allow-list. */
export function isAllowedExternal(url: string, allowedHosts: readonly string[]): boolean {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' && allowedHosts.includes(parsed.hostname);
  } catch {
    return false;
  }
}

export interface HardenOptions {
  /** Our own pages: the app origin (and the dev server while developing). */
  isAppUrl: (url: string) => boolean;
  openExternal: (url: string) => void;
  allowedExternalHosts: readonly string[];
}

/** No new windows, no navigation away from the app, no webviews, no permissions. */
export function hardenWebContents(contents: WebContentsLike, options: HardenOptions): void {
  contents.setWindowOpenHandler(({ url }) => {
    if (isAllowedExternal(url, options.allowedExternalHosts)) options.openExternal(url);
    return { action: 'deny' };
  });
  const stayHome = (event: NavigationEventLike, url: string) => {
    if (!options.isAppUrl(url)) event.preventDefault();
  };
  contents.on('will-navigate', stayHome);
  contents.on('will-redirect', stayHome);
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.session.setPermissionRequestHandler((_wc, _permission, callback) => callback(false));
  contents.session.setPermissionCheckHandler(() => false);
}
