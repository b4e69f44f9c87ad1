import { createCipheriv, createHash } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';
import { realPdf } from './pdf.ts';

// PDF files as they arrive from ERPs, mail gateways and scanners, built byte by byte so a file
// checker can be tested against each kind without fixtures in the repository. Strings hold one
// byte per character (latin1), so `string.length` is a byte offset and encrypted data fits too.

const latin1 = (s: string): Buffer => Buffer.from(s, 'latin1');
// pdf.js refuses a Node Buffer ("provide binary data as Uint8Array"): hand out plain copies.
const bytes = (data: Buffer | string): Uint8Array =>
  new Uint8Array(typeof data === 'string' ? latin1(data) : data);
const md5 = (...parts: Buffer[]): Buffer => createHash('md5').update(Buffer.concat(parts)).digest();
const hex = (data: Buffer): string => data.toString('hex').toUpperCase();

/** Encrypts one object's string or stream bytes; `plain` leaves them as they are. */
type Crypt = (objectNumber: number, data: Buffer) => Buffer;
const plain: Crypt = (_n, data) => data;

/**
 * Catalog (1), pages (2), font (3), an /Info dictionary (4) whose /Title is `text` so encryption
 * has a string to cover, not only streams, then per page a page and a content stream drawing
 * `text`. Object i is numbered i + 1.
 */
function documentObjects(text: string, pages: number, crypt: Crypt): string[] {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    // Hex strings need no escaping, whatever bytes the cipher produced.
    `<< /Title <${hex(crypt(4, latin1(text)))}> >>`,
  ];
  const kids: string[] = [];
  for (let p = 0; p < pages; p += 1) {
    const pageId = objects.length + 1;
    kids.push(`${pageId} 0 R`);
    objects.push(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents ${pageId + 1} 0 R /Resources << /Font << /F1 3 0 R >> >> >>`,
    );
    const content = crypt(
      pageId + 1,
      latin1(`0 0 0 rg 40 700 300 60 re f BT /F1 24 Tf 40 640 Td (${text} - ${p + 1}) Tj ET`),
    );
    objects.push(
      `<< /Length ${content.length} >>\nstream\n${content.toString('latin1')}\nendstream`,
    );
  }
  objects[1] = `<< /Type /Pages /Kids [${kids.join(' ')}] /Count ${pages} >>`;
  return objects;
}

/** Header, numbered objects and a classic `xref` table + `trailer`; offsets from `%PDF-`. */
function withXrefTable(objects: string[], trailerExtra = '', version = '1.4'): string {
  // The binary comment line tells transfer tools the file is not text, as producers do.
  let body = `%PDF-${version}\n%\xE2\xE3\xCF\xD3\n`;
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  const size = objects.length + 1;
  body += `xref\n0 ${size}\n0000000000 65535 f \n`;
  body += offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
  body += `trailer\n<< /Size ${size} /Root 1 0 R /Info 4 0 R${trailerExtra} >>\n`;
  return `${body}startxref\n${xref}\n%%EOF\n`;
}

/** Same as `realPdf`: classic `xref` table and `trailer`, one text line per page. */
export function classicXrefPdf(text: string, pages = 1): Uint8Array {
  return realPdf(text, pages);
}

/** PDF 1.5 as modern producers write it: the cross-reference is an uncompressed /XRef stream. */
export function xrefStreamPdf(text: string): Uint8Array {
  const objects = documentObjects(text, 1, plain);
  let body = '%PDF-1.5\n%\xE2\xE3\xCF\xD3\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  // The xref stream is itself object `size - 1` and lists its own offset.
  const xref = body.length;
  offsets.push(xref);
  const size = objects.length + 2;
  // /W [1 4 2]: type (0 free, 1 in use), 4-byte big-endian offset, 2-byte generation.
  const rows = Buffer.alloc(7 * size);
  rows.writeUInt16BE(65535, 5); // object 0: head of the free list
  offsets.forEach((offset, i) => {
    rows.writeUInt8(1, 7 * (i + 1));
    rows.writeUInt32BE(offset, 7 * (i + 1) + 1);
  });
  body += `${size - 1} 0 obj\n<< /Type /XRef /Size ${size} /W [1 4 2] /Root 1 0 R /Info 4 0 R /Length ${rows.length} >>\nstream\n`;
  body += `${rows.toString('latin1')}\nendstream\nendobj\nstartxref\n${xref}\n%%EOF\n`;
  return bytes(body);
}

/** A PDF saved with a mail gateway's header line (and padding) still in front of `%PDF-`. */
export function leadingJunkPdf(text: string): Uint8Array {
  const junk = `Content-Type: application/pdf; name="invoice.pdf"\r\n${'X'.repeat(300)}\r\n\r\n`;
  return bytes(junk + withXrefTable(documentObjects(text, 1, plain)));
}

/** A 3-page download cut off at `fraction` of its length: no `%%EOF`, trailer (mostly) gone. */
export function truncatedPdf(text: string, fraction: number): Uint8Array {
  const whole = classicXrefPdf(text, 3);
  return whole.slice(0, Math.floor(whole.length * fraction));
}

/** A valid header followed by ~4 KB of seeded noise, like a file overwritten by another. */
export function garbageAfterHeaderPdf(seed: number): Uint8Array {
  const header = latin1('%PDF-1.7\n');
  const noise = new Uint8Array(4096);
  let state = seed >>> 0 || 1; // xorshift32 gets stuck at 0
  for (let i = 0; i < noise.length; i += 1) {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    state >>>= 0;
    noise[i] = state & 0xff;
  }
  return bytes(Buffer.concat([header, noise]));
}

// ---- Standard security handler (PDF 1.7, section 7.6.3) ----------------------------------

/** RC4 (ARCFOUR), written out because OpenSSL 3 may not offer it without the legacy provider. */
function rc4(key: Buffer, data: Buffer): Buffer {
  // Buffer's readUInt8 returns a plain number, which spares non-null assertions on indexing.
  const s = Buffer.from(Array.from({ length: 256 }, (_, i) => i));
  const swap = (i: number, j: number) => {
    const t = s.readUInt8(i);
    s[i] = s.readUInt8(j);
    s[j] = t;
  };
  for (let i = 0, j = 0; i < 256; i += 1) {
    j = (j + s.readUInt8(i) + key.readUInt8(i % key.length)) & 0xff;
    swap(i, j);
  }
  const out = Buffer.alloc(data.length);
  for (let n = 0, i = 0, j = 0; n < data.length; n += 1) {
    i = (i + 1) & 0xff;
    j = (j + s.readUInt8(i)) & 0xff;
    swap(i, j);
    out[n] = data.readUInt8(n) ^ s.readUInt8((s.readUInt8(i) + s.readUInt8(j)) & 0xff);
  }
  return out;
}

/** R3/R4 apply RC4 20 times, the key XORed with the round number each time. */
function rc4Rounds(key: Buffer, data: Buffer): Buffer {
  for (let round = 0; round < 20; round += 1)
    data = rc4(Buffer.from(key.map((b) => b ^ round)), data);
  return data;
}

const PADDING = Buffer.from(
  '28BF4E5E4E758A4164004E56FFFA01082E2E00B6D0683E802F0CA9FE6453697A',
  'hex',
);
const pad = (password: string): Buffer =>
  Buffer.concat([latin1(password), PADDING]).subarray(0, 32);

// /P: print (bit 3), copy (5), annotate (6), fill forms (9), extract (10), high-quality print
// (12); not modify (4) or assemble (11). Bits 7, 8 and 13-32 are reserved and must be 1.
const PERMISSIONS = (-1 << 12) | 0b1011_1111_0100;

interface Security {
  version: 2 | 4;
  userPassword: string;
  ownerPassword: string;
}

/**
 * The /Encrypt dictionary, trailer /ID and per-object cipher for 128-bit RC4 (V2/R3) or
 * AES-128 (V4/R4, crypt filter AESV2). Deterministic: the file ID comes from `seed`.
 */
function standardSecurity({ version, userPassword, ownerPassword }: Security, seed: string) {
  const id = md5(latin1(seed));
  // Algorithm 3.3: O is the user password encrypted with a key derived from the owner password.
  let ownerKey = md5(pad(ownerPassword || userPassword));
  for (let i = 0; i < 50; i += 1) ownerKey = md5(ownerKey);
  const o = rc4Rounds(ownerKey, pad(userPassword));
  // Algorithm 3.2: the file key (16 bytes for 128 bits).
  const p = Buffer.alloc(4);
  p.writeInt32LE(PERMISSIONS);
  let key = md5(pad(userPassword), o, p, id);
  for (let i = 0; i < 50; i += 1) key = md5(key);
  // Algorithm 3.5: U is the padding's hash with the ID, encrypted; 16 arbitrary bytes follow.
  const u = Buffer.concat([rc4Rounds(key, md5(PADDING, id)), Buffer.alloc(16)]);

  const filter =
    version === 2
      ? '/V 2 /R 3'
      : '/V 4 /R 4 /CF << /StdCF << /CFM /AESV2 /AuthEvent /DocOpen /Length 16 >> >> /StmF /StdCF /StrF /StdCF';
  const dictionary = `<< /Filter /Standard ${filter} /Length 128 /O <${hex(o)}> /U <${hex(u)}> /P ${PERMISSIONS} >>`;

  // Algorithm 3.1: a key per object (generation is always 0 here), "sAlT" added for AES.
  const crypt: Crypt = (objectNumber, data) => {
    const numbers = Buffer.from([objectNumber, objectNumber >> 8, objectNumber >> 16, 0, 0]);
    const salt = latin1(version === 4 ? 'sAlT' : '');
    const objectKey = md5(key, numbers, salt).subarray(0, 16);
    if (version === 2) return rc4(objectKey, data);
    // AES-128-CBC with PKCS#5 padding and the IV in front; the IV is derived, so output is stable.
    const iv = md5(latin1(`iv ${seed} ${objectNumber}`));
    const cipher = createCipheriv('aes-128-cbc', objectKey, iv);
    return Buffer.concat([iv, cipher.update(data), cipher.final()]);
  };
  return { dictionary, id, crypt };
}

/** An encrypted single-page PDF; the /Encrypt dictionary itself is never encrypted. */
function encryptedPdf(text: string, security: Security): Uint8Array {
  const { dictionary, id, crypt } = standardSecurity(security, text);
  const objects = [...documentObjects(text, 1, crypt), dictionary];
  const trailer = ` /Encrypt ${objects.length} 0 R /ID [<${hex(id)}> <${hex(id)}>]`;
  return bytes(withXrefTable(objects, trailer, '1.6'));
}

/** "Protected" ERP output: opens without a password, owner password restricts editing (RC4-128). */
export function ownerPasswordPdf(text: string, ownerPassword = 'erp-owner'): Uint8Array {
  return encryptedPdf(text, { version: 2, userPassword: '', ownerPassword });
}

/** A PDF that cannot be opened without `password` (RC4-128, user password set). */
export function userPasswordPdf(
  text: string,
  password: string,
  ownerPassword = 'erp-owner',
): Uint8Array {
  return encryptedPdf(text, { version: 2, userPassword: password, ownerPassword });
}

/** Like `ownerPasswordPdf` but with AES-128 (V4/R4, crypt filter AESV2), as newer tools write. */
export function aesOwnerPasswordPdf(text: string, ownerPassword = 'erp-owner'): Uint8Array {
  return encryptedPdf(text, { version: 4, userPassword: '', ownerPassword });
}

/** A 1x1 PNG image, as a scanner writes it when the user picked the wrong format. */
export function pngRenamedAsPdf(): Uint8Array {
  const chunk = (type: string, data: Buffer): Buffer => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(Buffer.concat([latin1(type), data])));
    return Buffer.concat([length, latin1(type), data, crc]);
  };
  // Width 1, height 1, bit depth 8, colour type 2 (RGB), default compression/filter/interlace.
  const ihdr = Buffer.from([0, 0, 0, 1, 0, 0, 0, 1, 8, 2, 0, 0, 0]);
  // One scanline: filter byte 0, then one white pixel.
  const idat = deflateSync(Buffer.from([0, 255, 255, 255]));
  const png = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', idat),
    chunk('IEND', Buffer.alloc(0)),
  ]);
  return bytes(png);
}

/** A zero-byte file, as left behind by a failed download or a full disk. */
export function emptyFile(): Uint8Array {
  return new Uint8Array(0);
}
