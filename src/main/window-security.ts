// The Electron security checklist as plain functions over the few Electron objects they touch,
// so each rule is unit-tested without Electron (index.ts only wires them up).

export interface NavigationEventLike {
  preventDefault(): void;
}

export interface SessionLike {
  setPermissionRequestHandler(
    handler:
      | ((
          webContents: unknown,
          permission: string,
          callback: (granted: boolean) => void,
          details: PermissionRequestDetails,
        ) => void)
      | null,
  ): void;
  setPermissionCheckHandler(
    handler:
      | ((
          webContents: unknown,
          permission: string,
          requestingOrigin: string,
          details: PermissionCheckDetails,
        ) => boolean)
      | null,
  ): void;
}

/** What Electron tells of a permission request (the parts the rules read). */
export interface PermissionRequestDetails {
  requestingUrl?: string;
  /** For 'media': what getUserMedia asked for. */
  mediaTypes?: readonly string[];
}

export interface PermissionCheckDetails {
  requestingUrl?: string;
  /** For 'media': 'video', 'audio' or 'unknown'. */
  mediaType?: string;
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
  /**
   * What the pack camera may use now (issue #41, Settings → Camera): the camera while recording
   * is on, the microphone only when audio is on too. Absent: nothing.
   */
  media?: () => { video: boolean; audio: boolean };
}

/**
 * Whether the app's own page may use these media: each one asked for must be allowed by
 * Settings → Camera, and nothing else (a screen, an unknown kind) ever is.
 */
function mediaAllowed(
  options: HardenOptions,
  url: string | undefined,
  types: readonly string[],
): boolean {
  if (!options.media || !url || !options.isAppUrl(url) || types.length === 0) return false;
  const allowed = options.media();
  return types.every(
    (type) => (type === 'video' && allowed.video) || (type === 'audio' && allowed.audio),
  );
}

/**
 * No new windows, no navigation away from the app, no webviews, and no permission but the pack
 * camera's, to the app's own page, as far as Settings → Camera allows.
 */
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
  contents.session.setPermissionRequestHandler((_wc, permission, callback, details) =>
    callback(
      permission === 'media' &&
        mediaAllowed(options, details?.requestingUrl, details?.mediaTypes ?? []),
    ),
  );
  contents.session.setPermissionCheckHandler(
    (_wc, permission, requestingOrigin, details) =>
      permission === 'media' &&
      mediaAllowed(options, details?.requestingUrl ?? `${requestingOrigin}/`, [
        details?.mediaType ?? '',
      ]),
  );
}
