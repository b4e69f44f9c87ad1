import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, deflateSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { scanBytes, scanDirectory } from './font-notices.ts';

const scratch = mkdtempSync(join(tmpdir(), 'packbench-font-scan-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

// The notices as fonts carry them in their name (or CFF Notice) strings.
const ADOBE =
  'Copyright (c) 1985, 1987, 1991, 1993, 1997 Adobe Systems Incorporated.  All Rights Reserved.';
const LINOTYPE = 'Helvetica is a trademark of Linotype-Hell AG and/or its subsidiaries.';
const MONOTYPE = '\u00a9 2006 The Monotype Corporation. All Rights Reserved.';
const BITSTREAM = 'Copyright 1990-1993 Bitstream Inc.  All rights reserved. Swiss 721';
// Free fonts from the same foundries, which may ship.
const VERA =
  'Copyright (c) 2003 by Bitstream, Inc. All Rights Reserved. Bitstream Vera is a trademark of Bitstream, Inc.';
const DEJAVU =
  'Copyright (c) 2003 by Bitstream, Inc. All Rights Reserved.\nDejaVu changes are in public domain';
const SOURCE_SANS =
  "Copyright 2010, 2012 Adobe Systems Incorporated (http://www.adobe.com/), with Reserved Font Name 'Source'.";

const utf16be = (text: string): Buffer => Buffer.from(text, 'utf16le').swap16();
const inBinary = (...parts: Buffer[]): Buffer =>
  Buffer.concat([
    Buffer.from([0, 1, 2, 0xff, 0]),
    ...parts.flatMap((p) => [p, Buffer.from([0, 7, 0])]),
  ]);

/** A WOFF 1.0 font with one zlib-compressed table holding `table`. */
function woff(table: Buffer): Buffer {
  const compressed = deflateSync(table);
  const header = Buffer.alloc(44 + 20);
  header.write('wOFF', 0, 'latin1');
  header.write('OTTO', 4, 'latin1');
  header.writeUInt32BE(64 + compressed.length, 8);
  header.writeUInt16BE(1, 12);
  header.write('name', 44, 'latin1');
  header.writeUInt32BE(64, 48);
  header.writeUInt32BE(compressed.length, 52);
  header.writeUInt32BE(table.length, 56);
  return Buffer.concat([header, compressed]);
}

/**
 * A WOFF 2.0 font: a transformed `glyf` table (known tag 10, which adds a transformLength to its
 * directory entry), then a `name` table (tag 5) holding `table`, in one Brotli stream.
 * `collection` makes it a font collection, which adds a collection directory.
 */
function woff2(table: Buffer, collection = false): Buffer {
  const glyf = Buffer.from('glyf data');
  const compressed = brotliCompressSync(Buffer.concat([glyf, table]));
  const base128 = (n: number): number[] => {
    const bytes = [n & 0x7f];
    for (n = Math.floor(n / 128); n > 0; n = Math.floor(n / 128)) bytes.unshift((n & 0x7f) | 0x80);
    return bytes;
  };
  const directory = Buffer.from([
    10,
    ...base128(glyf.length + 300),
    ...base128(glyf.length),
    5,
    ...base128(table.length),
    // Collection directory: version, one font of two tables, its flavor, its table indices.
    ...(collection ? [0, 1, 0, 0, 1, 2, 0, 1, 0, 0, 0, 1] : []),
  ]);
  const header = Buffer.alloc(48);
  header.write('wOF2', 0, 'latin1');
  header.write(collection ? 'ttcf' : '\0\x01\0\0', 4, 'latin1');
  header.writeUInt32BE(48 + directory.length + compressed.length, 8);
  header.writeUInt16BE(2, 12);
  header.writeUInt32BE(table.length + 400, 16);
  header.writeUInt32BE(compressed.length, 20);
  return Buffer.concat([header, directory, compressed]);
}

function plant(name: string, content: Buffer | string): string {
  writeFileSync(join(scratch, name), content);
  return name;
}

describe('proprietary font notice scan', () => {
  it('finds each foundry’s notice as plain text', () => {
    for (const [text, foundry] of [
      [ADOBE, 'Adobe'],
      [LINOTYPE, 'Linotype'],
      [MONOTYPE, 'Monotype'],
      [BITSTREAM, 'Bitstream'],
    ] as const) {
      const findings = scanBytes(inBinary(Buffer.from(text, 'utf8')), 'font.ttf');
      expect(
        findings.map((f) => f.foundries),
        text,
      ).toEqual([[foundry]]);
    }
  });

  it('reads "©" in UTF-8 and in latin1, but not the last byte of a UTF-8 "é"', () => {
    expect(scanBytes(Buffer.from(MONOTYPE, 'latin1'), 'mac-roman.ttf')).toHaveLength(1);
    expect(scanBytes(Buffer.from(MONOTYPE, 'utf8'), 'utf8.txt')).toHaveLength(1);
    // "é" is C3 A9 in UTF-8, and A9 alone is "©" in latin1.
    expect(scanBytes(Buffer.from('Liberté 1990 Adobe', 'utf8'), 'fr.js')).toEqual([]);
  });

  it('reports a copyright and trademark of one font as one notice', () => {
    const findings = scanBytes(Buffer.from(ADOBE + LINOTYPE, 'latin1'), 'helvetica.otf');
    expect(findings).toEqual([
      {
        file: 'helvetica.otf',
        location: 'text',
        foundries: ['Adobe', 'Linotype'],
        notice: expect.stringMatching(/^Copyright \(c\) 1985.*trademark of Linotype$/),
      },
    ]);
  });

  it('finds notices stored as UTF-16 (both byte orders, any alignment), as name tables do', () => {
    const be = scanBytes(inBinary(utf16be(MONOTYPE)), 'arial.ttf');
    expect(be.map((f) => [f.foundries, f.location])).toEqual([[['Monotype'], 'UTF-16 text']]);
    const le = scanBytes(
      Buffer.concat([Buffer.from([9]), Buffer.from(LINOTYPE, 'utf16le')]),
      'odd.bin',
    );
    expect(le.map((f) => f.foundries)).toEqual([['Linotype']]);
  });

  it('finds a notice in a base64 blob inlined in JavaScript, even in WASM, even misaligned', () => {
    const wasm = inBinary(
      Buffer.from('\0asm\x01\0\0\0', 'latin1'),
      utf16be(ADOBE),
      Buffer.from(LINOTYPE),
    );
    const js = `const wasm = "${wasm.toString('base64')}";\nconst glued = x+"AB${Buffer.from(BITSTREAM).toString('base64')}";`;
    const findings = scanBytes(Buffer.from(js), 'worker.js');
    expect(findings.map((f) => f.foundries).sort()).toEqual([
      ['Adobe'],
      ['Bitstream'],
      ['Linotype'],
    ]);
    expect(findings.every((f) => f.location.startsWith('base64 at byte'))).toBe(true);
  });

  it('opens WOFF and WOFF2 fonts, also inside a CSS data URL', () => {
    expect(scanBytes(woff(utf16be(ADOBE)), 'a.woff').map((f) => f.location)).toEqual([
      'woff at byte 0 > UTF-16 text',
    ]);
    expect(scanBytes(woff2(Buffer.from(LINOTYPE)), 'b.woff2').map((f) => f.location)).toEqual([
      'woff2 at byte 0',
    ]);
    expect(scanBytes(woff2(Buffer.from(LINOTYPE), true), 'c.woff2').map((f) => f.location)).toEqual(
      ['woff2 at byte 0'],
    );
    const css = `@font-face{src:url(data:font/woff2;base64,${woff2(utf16be(MONOTYPE)).toString('base64')})}`;
    expect(scanBytes(Buffer.from(css), 'index.css').map((f) => f.foundries)).toEqual([
      ['Monotype'],
    ]);
  });

  it('lets free fonts of the same foundries through: Bitstream Vera, DejaVu, OFL', () => {
    for (const text of [VERA, DEJAVU, SOURCE_SANS])
      expect(scanBytes(inBinary(Buffer.from(text), utf16be(text)), 'free.ttf'), text).toEqual([]);
  });

  it('ignores code that merely names fonts and encodings (pdf.js’s font tables)', () => {
    const code =
      'e.Helvetica=!0,e["Trinité"]=!0,e["Bitstream Vera"]=!0,e["Monotype Corsiva"]=!0;' +
      'n(c)&&(t.defaultEncoding=`Adobe-GB1-UCS2`);const A="AdobeStandardEncoding";';
    expect(scanBytes(Buffer.from(code, 'utf8'), 'pdf.worker.js')).toEqual([]);
  });

  it('scans every file of a folder and names the file', () => {
    plant('clean.js', 'console.log("Copyright (c) 2024 Mozilla Foundation")');
    plant(
      'helvetica.js',
      `export const f = "${Buffer.from(ADOBE + LINOTYPE).toString('base64')}";`,
    );
    plant('arial.woff2', woff2(utf16be(MONOTYPE)));
    expect(scanDirectory(scratch).map((f) => [f.file, f.foundries])).toEqual([
      ['arial.woff2', ['Monotype']],
      ['helvetica.js', ['Adobe', 'Linotype']],
    ]);
  });
});
