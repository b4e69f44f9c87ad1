import { describe, expect, it } from 'vitest';
import {
  aesOwnerPasswordPdf,
  classicXrefPdf,
  emptyFile,
  garbageAfterHeaderPdf,
  leadingJunkPdf,
  ownerPasswordPdf,
  pngRenamedAsPdf,
  truncatedPdf,
  userPasswordPdf,
  xrefStreamPdf,
} from './pdf-variants.ts';

// The generators are only worth something if pdf.js sees in each file what its name says, so
// every variant is opened here with the legacy (Node) build. `stopAtErrors` makes errors in
// page content fail instead of being skipped; it does not stop pdf.js from rebuilding a broken
// cross-reference table (hence `xrefTargets`).
const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');

const latin1 = (bytes: Uint8Array): string => Buffer.from(bytes).toString('latin1');

/**
 * The objects the cross-reference section lists, as "number: what is at its offset". pdf.js
 * rebuilds a wrong xref by scanning for "n 0 obj" even with stopAtErrors, so opening alone does
 * not prove the offsets right. Offsets count from `%PDF-`, as pdf.js and other readers take them.
 */
function xrefTargets(bytes: Uint8Array): string[] {
  const s = latin1(bytes);
  const base = s.indexOf('%PDF-');
  const at = (offset: number) => s.slice(base + offset, base + offset + 12).split('\n')[0];
  const start = Number(/startxref\n(\d+)\n%%EOF\n$/.exec(s)?.[1]);
  const section = s.slice(base + start);
  const entries: [number, number][] = []; // [object number, offset]
  if (section.startsWith('xref\n')) {
    const [, first, count] = /^xref\n(\d+) (\d+)\n/.exec(section) ?? [];
    for (let i = 0; i < Number(count); i += 1) {
      const row = section.slice(section.indexOf('\n', 5) + 1 + 20 * i).slice(0, 20);
      if (row.endsWith(' n \n')) entries.push([Number(first) + i, Number(row.slice(0, 10))]);
    }
  } else if (/^\d+ 0 obj\n<< \/Type \/XRef [^>]*\/W \[1 4 2\]/.test(section)) {
    const rows = Buffer.from(section.slice(section.indexOf('stream\n') + 7), 'latin1');
    const size = Number(/\/Size (\d+)/.exec(section)?.[1]);
    for (let i = 0; i < size; i += 1)
      if (rows[7 * i] === 1) entries.push([i, rows.readUInt32BE(7 * i + 1)]);
  } else {
    return [`startxref ${start}: ${at(start)}`];
  }
  return entries.map(([n, offset]) => `${n}: ${at(offset)}`);
}

/** What `xrefTargets` must find for objects 1..count: each offset at its own "n 0 obj". */
const objectsInOrder = (count: number) =>
  Array.from({ length: count }, (_, i) => `${i + 1}: ${i + 1} 0 obj`);

/** Opens `bytes`: page count, first page's text, /Info title, permissions; always cleans up. */
async function open(bytes: Uint8Array, password?: string) {
  const task = pdfjs.getDocument({
    data: bytes.slice(), // pdf.js may transfer (detach) the buffer it is given
    password,
    stopAtErrors: true,
    verbosity: 0,
    // No isEvalSupported: pdfjs-dist 6 dropped the option (its types reject it).
  });
  try {
    const doc = await task.promise;
    const page = await doc.getPage(1);
    const content = await page.getTextContent();
    const text = content.items.map((item) => ('str' in item ? item.str : '')).join('');
    const { info } = await doc.getMetadata();
    const title = (info as { Title?: string }).Title;
    return { numPages: doc.numPages, text, title, permissions: await doc.getPermissions() };
  } finally {
    await task.destroy();
  }
}

describe('PDF variants that pdf.js opens', () => {
  it.each([
    ['classic xref table', () => classicXrefPdf('Invoice 4711'), 1],
    ['classic xref table, 3 pages', () => classicXrefPdf('Invoice 4711', 3), 3],
    ['xref stream', () => xrefStreamPdf('Invoice 4711'), 1],
    ['leading junk', () => leadingJunkPdf('Invoice 4711'), 1],
    ['owner password (RC4-128)', () => ownerPasswordPdf('Invoice 4711'), 1],
    ['owner password (AES-128)', () => aesOwnerPasswordPdf('Invoice 4711'), 1],
  ])('%s', async (_name, make, pages) => {
    const result = await open(make());
    expect(result.numPages).toBe(pages);
    expect(result.text).toContain('Invoice 4711 - 1');
  });

  it.each([
    ['classic xref table', classicXrefPdf('x', 3), 9],
    ['xref stream', xrefStreamPdf('x'), 7], // 6 objects and the xref stream itself
    ['leading junk', leadingJunkPdf('x'), 6],
    ['owner password', ownerPasswordPdf('x'), 7], // 6 objects and /Encrypt
    ['owner password (AES)', aesOwnerPasswordPdf('x'), 7],
  ])('%s: every xref offset points at its object', (_name, bytes, count) => {
    expect(xrefTargets(bytes)).toEqual(objectsInOrder(count));
  });

  it('the offset check notices shifted objects', () => {
    const shift = (bytes: Uint8Array) =>
      new Uint8Array([...bytes.subarray(0, 20), 32, ...bytes.subarray(20)]);
    expect(xrefTargets(shift(classicXrefPdf('x', 3)))).not.toEqual(objectsInOrder(9));
    expect(xrefTargets(shift(xrefStreamPdf('x')))).not.toEqual(objectsInOrder(7));
  });

  it('writes the structures the names promise', () => {
    const stream = latin1(xrefStreamPdf('x'));
    expect(stream).toMatch(/^%PDF-1\.5/);
    expect(stream).toContain('/Type /XRef');
    expect(stream).not.toContain('trailer');
    const junk = latin1(leadingJunkPdf('x'));
    expect(junk.indexOf('%PDF-')).toBeGreaterThan(0);
    expect(junk.indexOf('%PDF-')).toBeLessThan(1024);
    for (const encrypted of [ownerPasswordPdf('x'), aesOwnerPasswordPdf('x')]) {
      expect(latin1(encrypted)).toMatch(/\/Encrypt \d+ 0 R \/ID \[<[0-9A-F]{32}> <[0-9A-F]{32}>\]/);
    }
    expect(latin1(ownerPasswordPdf('x'))).toContain('/V 2 /R 3');
    expect(latin1(aesOwnerPasswordPdf('x'))).toContain('/CFM /AESV2');
  });

  it('encrypts strings and streams: neither the text nor the title appears in clear', async () => {
    for (const bytes of [ownerPasswordPdf('Invoice 4711'), aesOwnerPasswordPdf('Invoice 4711')]) {
      expect(latin1(bytes)).not.toContain('Invoice');
      expect(latin1(bytes)).not.toContain('Tf');
      expect((await open(bytes)).title).toBe('Invoice 4711');
      // The owner password opens it too (Algorithm 3.7 recovers the user password from /O).
      expect((await open(bytes, 'erp-owner')).text).toContain('Invoice 4711 - 1');
    }
    expect((await open(classicXrefPdf('x'))).title).toBeUndefined(); // realPdf has no /Info
    expect((await open(xrefStreamPdf('Invoice 4711'))).title).toBe('Invoice 4711');
  });

  it('owner password: printing allowed, modifying not', async () => {
    const { permissions } = await open(ownerPasswordPdf('x'));
    expect(permissions).toContain(pdfjs.PermissionFlag.PRINT);
    expect(permissions).not.toContain(pdfjs.PermissionFlag.MODIFY_CONTENTS);
    expect((await open(classicXrefPdf('x'))).permissions).toBeNull(); // unencrypted: no limits
  });

  it('user password: refused without it, readable with it', async () => {
    const bytes = userPasswordPdf('Invoice 4711', 'open sesame');
    await expect(open(bytes)).rejects.toMatchObject({
      name: 'PasswordException',
      code: pdfjs.PasswordResponses.NEED_PASSWORD,
    });
    await expect(open(bytes, 'wrong')).rejects.toMatchObject({
      name: 'PasswordException',
      code: pdfjs.PasswordResponses.INCORRECT_PASSWORD,
    });
    const result = await open(bytes, 'open sesame');
    expect(result.text).toContain('Invoice 4711 - 1');
    expect((await open(bytes, 'erp-owner')).text).toContain('Invoice 4711 - 1');
    expect(pdfjs.PasswordResponses.NEED_PASSWORD).toBe(1);
  });
});

describe('PDF variants that pdf.js rejects', () => {
  // Without startxref pdf.js rebuilds the cross-reference by scanning for "n 0 obj", but it
  // takes /Root only from a complete `trailer << >>` (or an xref stream), never from a catalog
  // it finds. realPdf writes the trailer last, so every cut before its `>>` fails the same way,
  // with or without stopAtErrors: "Invalid PDF structure.".
  it.each([0.25, 0.5, 0.75, 0.98])('truncated at %f', async (fraction) => {
    const bytes = truncatedPdf('Invoice 4711', fraction);
    expect(latin1(bytes)).not.toContain('%%EOF');
    expect(bytes.length).toBe(Math.floor(classicXrefPdf('Invoice 4711', 3).length * fraction));
    await expect(open(bytes)).rejects.toMatchObject({ name: 'InvalidPDFException' });
  });

  it('but a cut after the trailer, losing only startxref and %%EOF, still opens', async () => {
    const bytes = truncatedPdf('Invoice 4711', 0.999);
    expect(latin1(bytes)).not.toContain('%%EOF');
    expect((await open(bytes)).numPages).toBe(3);
  });

  it('garbage after the header', async () => {
    expect(garbageAfterHeaderPdf(42)).toEqual(garbageAfterHeaderPdf(42));
    expect(garbageAfterHeaderPdf(42)).not.toEqual(garbageAfterHeaderPdf(43));
    expect(latin1(garbageAfterHeaderPdf(42).subarray(0, 9))).toBe('%PDF-1.7\n');
    await expect(open(garbageAfterHeaderPdf(42))).rejects.toMatchObject({
      name: 'InvalidPDFException',
    });
  });

  it('a PNG renamed to .pdf', async () => {
    const png = pngRenamedAsPdf();
    expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    expect(latin1(png)).toContain('IEND');
    await expect(open(png)).rejects.toMatchObject({ name: 'InvalidPDFException' });
  });

  it('an empty file', async () => {
    expect(emptyFile().length).toBe(0);
    await expect(open(emptyFile())).rejects.toMatchObject({ name: 'InvalidPDFException' });
  });
});
