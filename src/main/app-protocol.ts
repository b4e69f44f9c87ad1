import { readFile } from 'node:fs/promises';
import { extname, normalize, resolve, sep } from 'node:path';
import { isClipPath, serveClip, type ClipServeSource } from './evidence/clip-serve.ts';

export const APP_SCHEME = 'app';
export const APP_HOST = 'packbench';
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;

/**
 * Sent as a header with every page of the app and repeated in index.html's meta tag (a test keeps
 * them equal). No relaxation for scripts: the ZPL engine is plain TypeScript, so no WebAssembly
 * runs in the window ('wasm-unsafe-eval' left with zpl-renderer-js).
 */
export const CONTENT_SECURITY_POLICY =
  "default-src 'self'; script-src 'self'; worker-src 'self' blob:; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'none'";

/**
 * Every kind of file the renderer build can emit, with its real type: the page is served with
 * `nosniff`, so a file under the wrong type is refused or shown as a download (the fonts'
 * `.LICENSE.txt` files were `application/octet-stream`). A test lists the extensions present
 * under `out/renderer` and fails on any this table lacks.
 */
export const MIME: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.cjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.map': 'application/json',
  '.json': 'application/json',
  '.wasm': 'application/wasm',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.ttf': 'font/ttf',
  '.otf': 'font/otf',
};

/** The type a served file is sent under; octet-stream only for a kind the build never emits. */
export const mimeOf = (path: string): string => {
  const ext = extname(path).toLowerCase();
  return Object.hasOwn(MIME, ext) ? (MIME[ext] as string) : 'application/octet-stream';
};

export const isAppUrl = (url: string): boolean => {
  try {
    const parsed = new URL(url);
    return parsed.protocol === `${APP_SCHEME}:` && parsed.host === APP_HOST;
  } catch {
    return false;
  }
};

/** Maps `app://packbench/<path>` to a file inside `rendererDir`, or null for anything else. */
export function resolveAppFile(
  rendererDir: string,
  url: string,
): { path: string; mime: string } | null {
  if (!isAppUrl(url)) return null;
  let pathname: string;
  try {
    pathname = decodeURIComponent(new URL(url).pathname);
  } catch {
    return null;
  }
  if (pathname.includes('\0')) return null;
  const relative =
    pathname === '/' || pathname === '' ? 'index.html' : pathname.replace(/^\/+/, '');
  const root = resolve(rendererDir);
  const full = resolve(root, normalize(relative));
  if (full !== root && !full.startsWith(root + sep)) return null;
  return { path: full, mime: mimeOf(full) };
}

/**
 * The whole `app://` handler: the file with its type, the CSP header and nosniff, or a 404 that
 * says nothing about the file system. Electron's `protocol.handle` and the end-to-end harness
 * both serve the renderer through this function.
 */
export async function serveAppRequest(
  rendererDir: string,
  url: string,
  options: { clips?: ClipServeSource | null; range?: string | null } = {},
): Promise<Response> {
  const notFound = () => new Response('Not found', { status: 404 });
  // The station's own clips for its own player (issue #41), on the page's origin.
  const pathname = isAppUrl(url) ? new URL(url).pathname : '';
  if (isClipPath(pathname))
    return options.clips ? serveClip(options.clips, pathname, options.range ?? null) : notFound();
  const file = resolveAppFile(rendererDir, url);
  if (!file) return notFound();
  try {
    return new Response(await readFile(file.path), {
      headers: {
        'content-type': file.mime,
        'content-security-policy': CONTENT_SECURITY_POLICY,
        'x-content-type-options': 'nosniff',
      },
    });
  } catch {
    return notFound();
  }
}
