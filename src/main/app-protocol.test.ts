import { describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  CONTENT_SECURITY_POLICY,
  isAppUrl,
  resolveAppFile,
  serveAppRequest,
} from './app-protocol.ts';

describe('app protocol', () => {
  const root = '/opt/packbench/out/renderer';

  it('serves index.html for the root and files below the renderer folder', () => {
    expect(resolveAppFile(root, 'app://packbench/')).toEqual({
      path: `${root}/index.html`,
      mime: 'text/html; charset=utf-8',
    });
    expect(resolveAppFile(root, 'app://packbench/assets/index-abc.js')?.path).toBe(
      `${root}/assets/index-abc.js`,
    );
  });

  it.each([
    'app://packbench/assets/..%2F..%2F..%2Fetc%2Fpasswd',
    'app://other/index.html',
    'file:///etc/passwd',
    'app://packbench/%00.html',
    'app://packbench/%E0%A4%A',
  ])('refuses %s', (url) => {
    expect(resolveAppFile(root, url)).toBeNull();
  });

  it.each(['app://packbench/../../etc/passwd', 'app://packbench/%2e%2e/%2e%2e/etc/passwd'])(
    'keeps dot segments of %s inside the renderer folder',
    (url) => {
      expect(resolveAppFile(root, url)?.path).toBe(`${root}/etc/passwd`);
    },
  );

  it('index.html carries the same strict Content-Security-Policy as the protocol header', () => {
    const html = readFileSync(join(import.meta.dirname, '../renderer/index.html'), 'utf8');
    const meta = /http-equiv="Content-Security-Policy"\s+content="([^"]+)"/.exec(html)?.[1];
    expect(meta).toBe(CONTENT_SECURITY_POLICY);
    expect(CONTENT_SECURITY_POLICY).not.toMatch(/'unsafe-eval'/);
    expect(CONTENT_SECURITY_POLICY).toContain("object-src 'none'");
  });

  it('recognises only our origin', () => {
    expect(isAppUrl('app://packbench/index.html')).toBe(true);
    expect(isAppUrl('https://packbench/index.html')).toBe(false);
    expect(isAppUrl('not a url')).toBe(false);
  });

  it.each([
    ['assets/RobotoMono_500Medium-DxCopxhm.ttf.LICENSE.txt', 'text/plain; charset=utf-8'],
    ['assets/RobotoMono_500Medium-DxCopxhm.ttf', 'font/ttf'],
    ['assets/font.woff2', 'font/woff2'],
    ['assets/font.woff', 'font/woff'],
    ['assets/engine.wasm', 'application/wasm'],
    ['third-party.partial.json', 'application/json'],
    ['assets/index-abc.js.map', 'application/json'],
    ['assets/index-abc.css', 'text/css; charset=utf-8'],
    ['assets/logo.svg', 'image/svg+xml'],
    ['assets/logo.png', 'image/png'],
    ['assets/LOGO.PNG', 'image/png'],
  ])('serves %s as %s', (file, mime) => {
    expect(resolveAppFile(root, `app://packbench/${file}`)?.mime).toBe(mime);
  });

  it('sends a font licence as plain text, with nosniff, not as a download', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'packbench-app-protocol-'));
    try {
      writeFileSync(join(dir, 'Font.ttf.LICENSE.txt'), 'Apache License 2.0');
      const response = await serveAppRequest(dir, 'app://packbench/Font.ttf.LICENSE.txt');
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(await response.text()).toBe('Apache License 2.0');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  // Every kind of file the renderer build emitted must have a real type: nosniff leaves no second
  // guess. `npm test` builds first; a part run alone needs `npx electron-vite build`.
  const built = join(import.meta.dirname, '../../out/renderer');
  it('knows the type of every file in out/renderer', () => {
    expect(existsSync(built), `${built} (run the build first: npx electron-vite build)`).toBe(true);
    const files = readdirSync(built, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => join(entry.parentPath, entry.name).slice(built.length + 1));
    expect(files.length).toBeGreaterThan(0);
    const untyped = files.filter(
      (file) =>
        resolveAppFile(built, `app://packbench/${file}`)?.mime === 'application/octet-stream',
    );
    expect(untyped).toEqual([]);
  });
});
