import { Readable } from 'node:stream';
import type { ClipFs } from './clip-fs.ts';

// The app's protocol answering `/clips/<packId>/<index>.webm|.vtt` (issue #41): the station's
// own clips for its own player, on the page's own origin, so the CSP needs no widening
// (`default-src 'self'` covers media). A clip is streamed from its file, never read whole, and
// answers byte ranges: Chromium asks for ranges to seek, and a source that cannot answer them
// is played as a live stream that cannot be sought.

export interface ClipServeSource {
  /** The clip's file when the pack's record names it and it is there; null otherwise. */
  clipFile: (packId: string, index: number) => string | null;
  /** The clip's WebVTT track, made from the record. */
  clipTrack: (packId: string, index: number) => string | null;
  fs: Pick<ClipFs, 'stat' | 'readPieces'>;
}

const PATH = /^\/clips\/([A-Za-z0-9_-]{1,128})\/(\d{1,4})\.(webm|vtt)$/;

const COMMON = {
  'x-content-type-options': 'nosniff',
  'cache-control': 'no-store',
};

/** Whether the app's protocol should hand this path to `serveClip`. */
export const isClipPath = (pathname: string) => pathname.startsWith('/clips/');

/** `bytes=a-b`, `bytes=a-` or `bytes=-n` against a size; null when not satisfiable. */
export function parseRange(
  header: string | null,
  size: number,
): { start: number; end: number } | 'whole' | null {
  if (!header) return 'whole';
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return 'whole';
  if (size === 0) return null;
  if (match[1] === '') {
    const suffix = Number(match[2]);
    if (suffix === 0) return null;
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(match[1]);
  const end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  if (start >= size || end < start) return null;
  return { start, end };
}

/** The answer for a clip path: the file (whole or a range), its track, or 404/416. */
export function serveClip(
  source: ClipServeSource,
  pathname: string,
  range: string | null,
): Response {
  const notFound = () => new Response('Not found', { status: 404, headers: COMMON });
  const match = PATH.exec(pathname);
  if (!match) return notFound();
  const packId = match[1] ?? '';
  const index = Number(match[2]);
  if (match[3] === 'vtt') {
    const track = source.clipTrack(packId, index);
    if (track === null) return notFound();
    return new Response(track, {
      headers: { ...COMMON, 'content-type': 'text/vtt; charset=utf-8' },
    });
  }
  const file = source.clipFile(packId, index);
  if (!file) return notFound();
  let size: number;
  try {
    size = source.fs.stat(file).bytes;
  } catch {
    return notFound();
  }
  const wanted = parseRange(range, size);
  if (wanted === null)
    return new Response(null, {
      status: 416,
      headers: { ...COMMON, 'content-range': `bytes */${size}` },
    });
  const { start, end } = wanted === 'whole' ? { start: 0, end: size - 1 } : wanted;
  const pieces = size === 0 ? [] : source.fs.readPieces(file, 1 << 18, { start, end });
  const body = Readable.toWeb(Readable.from(pieces)) as ReadableStream<Uint8Array>;
  return new Response(body, {
    status: wanted === 'whole' ? 200 : 206,
    headers: {
      ...COMMON,
      'content-type': 'video/webm',
      'accept-ranges': 'bytes',
      'content-length': String(end - start + 1),
      ...(wanted === 'whole' ? {} : { 'content-range': `bytes ${start}-${end}/${size}` }),
    },
  });
}
