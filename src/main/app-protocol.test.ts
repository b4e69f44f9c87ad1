import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CONTENT_SECURITY_POLICY, isAppUrl, resolveAppFile } from './app-protocol.ts';

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
});
