// Finds the copyright and trademark notices of proprietary fonts (Adobe, Linotype, Monotype,
// commercial Bitstream) in built files. A font we may not redistribute can hide in a package's
// code: inside WASM, itself inlined as base64 in a worker, with its name table in UTF-16, or in
// a compressed web font. So every file is searched as bytes, as UTF-16 text, and again inside
// every base64 blob and WOFF/WOFF2 font it contains.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { openFontContainers } from './font-containers.ts';

export interface FontNotice {
  /** The file, relative to the scanned folder, with `/`. */
  file: string;
  /** Where in the file: e.g. `base64 at byte 8137 > UTF-16 text`. */
  location: string;
  /** The foundries the notice names. */
  foundries: string[];
  /** The notice, from its first to its last mention of a foundry, whitespace collapsed. */
  notice: string;
}

const FOUNDRIES = ['Adobe', 'Linotype', 'Monotype', 'Bitstream'];
const FOUNDRY = `(${FOUNDRIES.join('|')})`;
// Files are read as latin1 (one char per byte). A UTF-8 "©" is then "Â©"; a lone "©" is a
// latin1/MacRoman one unless a UTF-8 lead byte precedes it ("Ã©" is "é", not a copyright sign).
const COPYRIGHT_SIGN = String.raw`(?:\u00c2\u00a9|(?<![\u0080-\u00ff])\u00a9)`;
const LEADER = String.raw`(?:\bcopyright\b|\(c\)|${COPYRIGHT_SIGN})`;
// "Copyright (c) 1985, 1987, 1991 Adobe Systems", "© 2006 The Monotype Corporation",
// "Copyright (c) 2003 by Bitstream": between the sign and the name only years and separators.
// Keeping the gap that narrow keeps minified code such as `(c)&&"Adobe-Japan1"` out.
const COPYRIGHT = new RegExp(
  String.raw`${LEADER}(?:\s*${LEADER})*[\s\d,:/-]{0,60}?(?:by\s+)?(?:the\s+)?${FOUNDRY}\b`,
  'gi',
);
// "Helvetica is a trademark of Linotype-Hell AG", "Arial is a trademark of The Monotype Corporation".
const TRADEMARK = new RegExp(String.raw`\btrademarks?\s+of\s+(?:the\s+)?${FOUNDRY}\b`, 'gi');

// Fonts from these foundries that are free to redistribute, recognised by the text around the
// notice. Bitstream Vera (and DejaVu, built on it) has a permissive licence; the SIL Open Font
// License covers e.g. Adobe's Source fonts ("with Reserved Font Name 'Source'").
const OPEN_FONT = /Open Font License|Reserved Font Name/i;
const FREE_BITSTREAM = /Bitstream Vera|DejaVu/i;

/** Control characters (not tab, LF, CR) end a string: a notice never spans them. */
const isSeparator = (code: number): boolean =>
  code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d;
const CONTEXT = 400;
const MERGE_GAP = 200;
const MIN_BASE64 = 40;
const MAX_DEPTH = 3;

interface Match {
  start: number;
  end: number;
  foundry: string;
}

function runBounds(text: string, at: number): [number, number] {
  let start = at;
  while (start > 0 && at - start < CONTEXT && !isSeparator(text.charCodeAt(start - 1))) start--;
  let end = at;
  while (end < text.length && end - at < CONTEXT && !isSeparator(text.charCodeAt(end))) end++;
  return [start, end];
}

/** Notices in one decoded view of the bytes. */
function noticesInText(text: string): { foundries: string[]; notice: string }[] {
  const matches: Match[] = [];
  for (const pattern of [COPYRIGHT, TRADEMARK]) {
    for (const m of text.matchAll(pattern)) {
      const name = m[1] ?? '';
      const foundry = name.charAt(0).toUpperCase() + name.slice(1).toLowerCase();
      matches.push({ start: m.index, end: m.index + m[0].length, foundry });
    }
  }
  matches.sort((a, b) => a.start - b.start);
  // Mentions close together in one string are one notice ("Copyright … Adobe Systems … All
  // Rights Reserved. Helvetica is a trademark of Linotype-Hell AG").
  const groups: { start: number; end: number; foundries: Set<string> }[] = [];
  let current: (typeof groups)[number] | undefined;
  for (const match of matches) {
    const joined =
      current !== undefined &&
      match.start - current.end <= MERGE_GAP &&
      ![...text.slice(current.end, match.start)].some((c) => isSeparator(c.charCodeAt(0)));
    if (current && joined) {
      current.end = Math.max(current.end, match.end);
      current.foundries.add(match.foundry);
    } else {
      current = { start: match.start, end: match.end, foundries: new Set([match.foundry]) };
      groups.push(current);
    }
  }
  const notices: { foundries: string[]; notice: string }[] = [];
  for (const { start, end, foundries: names } of groups) {
    const [runStart] = runBounds(text, start);
    const [, runEnd] = runBounds(text, end);
    const context = text.slice(runStart, runEnd);
    const foundries = [...names].sort();
    if (OPEN_FONT.test(context)) continue;
    if (foundries.every((f) => f === 'Bitstream') && FREE_BITSTREAM.test(context)) continue;
    notices.push({ foundries, notice: text.slice(start, end).replace(/\s+/g, ' ') });
  }
  return notices;
}

/**
 * The bytes as ASCII-in-UTF-16 (either byte order, at an even or odd offset): font name tables
 * store their Windows strings as UTF-16BE. Anything else becomes a separator.
 */
function utf16Views(bytes: Buffer): string[] {
  if (!bytes.includes(0)) return []; // no NUL byte, no UTF-16 ASCII
  const views: string[] = [];
  for (const align of [0, 1]) {
    const out = Buffer.alloc(Math.max(0, Math.floor((bytes.length - align) / 2)));
    for (let i = align, j = 0; i + 1 < bytes.length; i += 2, j++) {
      const [a, b] = [bytes[i] ?? 0, bytes[i + 1] ?? 0];
      const code = a === 0 ? b : b === 0 ? a : 0;
      out[j] =
        code === 0xa9 ||
        code === 0x09 ||
        code === 0x0a ||
        code === 0x0d ||
        (code >= 0x20 && code < 0x7f)
          ? code
          : 0;
    }
    views.push(out.toString('latin1'));
  }
  return views;
}

const isBase64Byte = (c: number): boolean =>
  (c >= 0x41 && c <= 0x5a) || // A-Z
  (c >= 0x61 && c <= 0x7a) || // a-z
  (c >= 0x30 && c <= 0x39) || // 0-9
  c === 0x2b || // +
  c === 0x2f || // /
  c === 0x2d || // - (base64url)
  c === 0x5f; // _ (base64url)

/** Byte ranges that look like base64 (scanned by hand: a regex overflows on a 9 MB run). */
function base64Runs(bytes: Buffer): [number, number][] {
  const runs: [number, number][] = [];
  let i = 0;
  while (i < bytes.length) {
    if (!isBase64Byte(bytes[i] ?? 0)) {
      i++;
      continue;
    }
    let j = i;
    while (j < bytes.length && isBase64Byte(bytes[j] ?? 0)) j++;
    if (j - i >= MIN_BASE64) runs.push([i, j]);
    i = j;
  }
  return runs;
}

function scanInto(
  found: Map<string, FontNotice>,
  file: string,
  bytes: Buffer,
  location: string[],
  depth: number,
): void {
  const report = (where: string[], hits: { foundries: string[]; notice: string }[]): void => {
    for (const hit of hits) {
      const key = `${file}\n${hit.notice}`;
      if (!found.has(key)) found.set(key, { file, location: where.join(' > ') || 'text', ...hit });
    }
  };
  report(location, noticesInText(bytes.toString('latin1')));
  for (const view of utf16Views(bytes)) report([...location, 'UTF-16 text'], noticesInText(view));
  if (depth >= MAX_DEPTH) return;
  for (const font of openFontContainers(bytes)) {
    scanInto(
      found,
      file,
      font.bytes,
      [...location, `${font.format} at byte ${font.offset}`],
      depth + 1,
    );
  }
  for (const [start, end] of base64Runs(bytes)) {
    const text = bytes.toString('latin1', start, end);
    // Where the blob really starts is unknown (a glued-on prefix shifts it): try all 4 phases.
    for (let phase = 0; phase < 4; phase++) {
      const decoded = Buffer.from(text.slice(phase), 'base64');
      scanInto(found, file, decoded, [...location, `base64 at byte ${start + phase}`], depth + 1);
    }
  }
}

/** The proprietary font notices in one file's bytes. */
export function scanBytes(bytes: Buffer, file: string): FontNotice[] {
  const found = new Map<string, FontNotice>();
  scanInto(found, file, bytes, [], 0);
  return [...found.values()];
}

/** The proprietary font notices in every file under `dir`. */
export function scanDirectory(dir: string): FontNotice[] {
  const findings: FontNotice[] = [];
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    findings.push(...scanBytes(readFileSync(path), relative(dir, path).replaceAll('\\', '/')));
  }
  return findings.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
}
