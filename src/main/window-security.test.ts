import { describe, expect, it, vi } from 'vitest';
import { hardenWebContents, isAllowedExternal, type WebContentsLike } from './window-security.ts';

function fakeContents() {
  const listeners: Record<
    string,
    ((event: { preventDefault: () => void }, url?: string) => void)[]
  > = {};
  let openHandler: ((d: { url: string }) => { action: string }) | null = null;
  type Details = { requestingUrl?: string; mediaTypes?: string[]; mediaType?: string };
  let permissionRequest:
    ((wc: unknown, p: string, cb: (g: boolean) => void, d?: Details) => void) | null = null;
  let permissionCheck: ((wc: unknown, p: string, origin?: string, d?: Details) => boolean) | null =
    null;
  const contents = {
    session: {
      setPermissionRequestHandler: (h: typeof permissionRequest) => void (permissionRequest = h),
      setPermissionCheckHandler: (h: typeof permissionCheck) => void (permissionCheck = h),
    },
    setWindowOpenHandler: (h: typeof openHandler) => void (openHandler = h),
    on: (
      event: string,
      listener: (event: { preventDefault: () => void }, url?: string) => void,
    ) => {
      (listeners[event] ??= []).push(listener);
    },
  } as unknown as WebContentsLike;
  const fire = (event: string, url?: string) => {
    const preventDefault = vi.fn();
    for (const l of listeners[event] ?? []) l({ preventDefault }, url);
    return preventDefault.mock.calls.length > 0;
  };
  return {
    contents,
    fire,
    open: (url: string) => openHandler?.({ url }),
    requestPermission: (p: string, details?: Details) =>
      new Promise<boolean>((resolve) => permissionRequest?.(null, p, resolve, details)),
    checkPermission: (p: string, origin?: string, details?: Details) =>
      permissionCheck?.(null, p, origin, details),
  };
}

const isAppUrl = (url: string) => url.startsWith('app://packbench/');

describe('window security', () => {
  it('denies new windows, opening only allow-listed https links outside', () => {
    const f = fakeContents();
    const openExternal = vi.fn();
    hardenWebContents(f.contents, {
      isAppUrl,
      openExternal,
      allowedExternalHosts: ['rastreamento.example.com.br'],
    });
    expect(f.open('https://rastreamento.example.com.br/QB1BR')).toEqual({ action: 'deny' });
    expect(openExternal).toHaveBeenCalledWith('https://rastreamento.example.com.br/QB1BR');
    for (const url of [
      'https://evil.example/',
      'http://rastreamento.example.com.br/x',
      'file:///etc/passwd',
      'javascript:alert(1)',
    ]) {
      expect(f.open(url)).toEqual({ action: 'deny' });
    }
    expect(openExternal).toHaveBeenCalledTimes(1);
  });

  it('blocks navigation and redirects away from the app, and webviews', () => {
    const f = fakeContents();
    hardenWebContents(f.contents, { isAppUrl, openExternal: vi.fn(), allowedExternalHosts: [] });
    expect(f.fire('will-navigate', 'https://evil.example/')).toBe(true);
    expect(f.fire('will-redirect', 'file:///etc/passwd')).toBe(true);
    expect(f.fire('will-navigate', 'app://packbench/index.html')).toBe(false);
    expect(f.fire('will-attach-webview')).toBe(true);
  });

  it('refuses every permission request and check', async () => {
    const f = fakeContents();
    hardenWebContents(f.contents, { isAppUrl, openExternal: vi.fn(), allowedExternalHosts: [] });
    for (const permission of [
      'media',
      'geolocation',
      'notifications',
      'clipboard-read',
      'openExternal',
    ]) {
      expect(await f.requestPermission(permission)).toBe(false);
      expect(f.checkPermission(permission)).toBe(false);
    }
  });

  it("grants the pack camera to the app's own page only, and only what Settings → Camera allows", async () => {
    const f = fakeContents();
    let camera = { video: false, audio: false };
    hardenWebContents(f.contents, {
      isAppUrl,
      openExternal: vi.fn(),
      allowedExternalHosts: [],
      media: () => camera,
    });
    const page = 'app://packbench/index.html';
    const ask = (mediaTypes: string[], requestingUrl = page) =>
      f.requestPermission('media', { requestingUrl, mediaTypes });
    // Recording off: nothing.
    expect(await ask(['video'])).toBe(false);
    expect(f.checkPermission('media', 'app://packbench', { mediaType: 'video' })).toBe(false);
    camera = { video: true, audio: false };
    expect(await ask(['video'])).toBe(true);
    expect(f.checkPermission('media', 'app://packbench', { mediaType: 'video' })).toBe(true);
    // Sound is off: the microphone is refused, alone or with the camera.
    expect(await ask(['audio'])).toBe(false);
    expect(await ask(['video', 'audio'])).toBe(false);
    expect(f.checkPermission('media', 'app://packbench', { mediaType: 'audio' })).toBe(false);
    // Any other page, a request that names nothing, any other permission: refused.
    expect(await ask(['video'], 'https://evil.example/')).toBe(false);
    expect(f.checkPermission('media', 'https://evil.example', { mediaType: 'video' })).toBe(false);
    expect(await ask([])).toBe(false);
    expect(await f.requestPermission('media')).toBe(false);
    expect(await f.requestPermission('display-capture', { requestingUrl: page })).toBe(false);
    expect(await f.requestPermission('notifications', { requestingUrl: page })).toBe(false);
    camera = { video: true, audio: true };
    expect(await ask(['video', 'audio'])).toBe(true);
  });

  it('accepts only https hosts on the list as external links', () => {
    expect(isAllowedExternal('https://a.example/x', ['a.example'])).toBe(true);
    expect(isAllowedExternal('https://a.example.evil/x', ['a.example'])).toBe(false);
    expect(isAllowedExternal('not a url', ['a.example'])).toBe(false);
  });
});
