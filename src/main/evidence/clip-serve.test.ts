import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { nodeClipFs } from './clip-fs.ts';
import { parseRange, serveClip, type ClipServeSource } from './clip-serve.ts';

const dir = mkdtempSync(join(tmpdir(), 'packbench-clipserve-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const bytes = Uint8Array.from({ length: 1000 }, (_, i) => i % 251);
const file = join(dir, 'p1.1000.webm');
writeFileSync(file, bytes);

const source: ClipServeSource = {
  clipFile: (packId, index) => (packId === 'p1' && index === 0 ? file : null),
  clipTrack: (packId, index) => (packId === 'p1' && index === 0 ? 'WEBVTT\n' : null),
  fs: nodeClipFs,
};
const body = async (response: Response) => new Uint8Array(await response.arrayBuffer());

describe('the clip route of the app protocol', () => {
  it('reads byte ranges as Chromium asks them', () => {
    expect(parseRange(null, 1000)).toBe('whole');
    expect(parseRange('bytes=0-', 1000)).toEqual({ start: 0, end: 999 });
    expect(parseRange('bytes=100-199', 1000)).toEqual({ start: 100, end: 199 });
    expect(parseRange('bytes=900-5000', 1000)).toEqual({ start: 900, end: 999 });
    expect(parseRange('bytes=-10', 1000)).toEqual({ start: 990, end: 999 });
    expect(parseRange('bytes=1000-', 1000)).toBeNull();
    expect(parseRange('bytes=5-4', 1000)).toBeNull();
    expect(parseRange('items=1-2', 1000)).toBe('whole');
  });

  it('serves the whole clip, a range of it, or says the range is past its end', async () => {
    const whole = serveClip(source, '/clips/p1/0.webm', null);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-type')).toBe('video/webm');
    expect(whole.headers.get('accept-ranges')).toBe('bytes');
    expect(await body(whole)).toEqual(bytes);

    const part = serveClip(source, '/clips/p1/0.webm', 'bytes=100-299');
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe('bytes 100-299/1000');
    expect(part.headers.get('content-length')).toBe('200');
    expect(await body(part)).toEqual(bytes.slice(100, 300));

    const past = serveClip(source, '/clips/p1/0.webm', 'bytes=1000-');
    expect(past.status).toBe(416);
    expect(past.headers.get('content-range')).toBe('bytes */1000');
  });

  it('serves the cues as WebVTT, and nothing the record does not name', async () => {
    const track = serveClip(source, '/clips/p1/0.vtt', null);
    expect(track.headers.get('content-type')).toBe('text/vtt; charset=utf-8');
    expect(await track.text()).toBe('WEBVTT\n');
    for (const path of [
      '/clips/p1/1.webm',
      '/clips/p2/0.webm',
      '/clips/p1/0.mp4',
      '/clips/../p1/0.webm',
      '/clips/p1/0.webm/..',
    ])
      expect(serveClip(source, path, null).status, path).toBe(404);
  });
});
