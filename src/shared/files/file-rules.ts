import { splitZplLabels } from '../zpl/structure.ts';

/**
 * What a dropped or pasted file is, decided by its bytes. Pure (no DOM, Node or pdf.js), so the
 * Station, Invoices and Labels screens and main's IPC input check apply the very same rules;
 * the pdf.js parse that follows lives in `pdf-probe.ts`.
 */

export const MAX_FILE_MB = 20;
export const MAX_FILE_BYTES = MAX_FILE_MB * 1024 * 1024;

export type FileKind = 'invoice' | 'label';

/** Each refusal has its own sentence (`files.<reason>`) in every catalogue. */
export const FILE_REFUSALS = [
  'empty',
  'tooLarge',
  'notPdf',
  'damaged',
  'needsPassword',
  'noZpl',
  'unknownType',
] as const;
export type FileRefusal = (typeof FILE_REFUSALS)[number];

export type FileVerdict =
  | {
      ok: true;
      kind: FileKind;
      /** Names an /Encrypt dictionary: pdf.js decides if it opens. */ encrypted: boolean;
    }
  | { ok: false; reason: FileRefusal };

const LABEL_EXTENSIONS = ['zpl', 'prn', 'txt'];
/** PDF readers accept junk before the header within the first KiB, and `%%EOF` within the last. */
const HEADER_WINDOW = 1024;
const EOF_WINDOW = 1024;

const latin1 = (bytes: Uint8Array) => new TextDecoder('latin1').decode(bytes);

export const extensionOf = (name: string): string => {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
};

/** Where `%PDF-` starts, or -1. */
export const pdfHeaderAt = (bytes: Uint8Array): number =>
  latin1(bytes.subarray(0, HEADER_WINDOW)).indexOf('%PDF-');

/**
 * The file-level structure every reader needs before it looks at a page: a header, then at the
 * end `startxref`, a byte offset inside the file, and `%%EOF`; and a cross-reference section
 * (a classic `xref` table with its `trailer`, or a PDF 1.5 xref stream). A file cut short loses
 * its `%%EOF`; a header followed by garbage has none of these.
 */
export function pdfStructure(bytes: Uint8Array): { ok: boolean; encrypted: boolean } {
  const header = pdfHeaderAt(bytes);
  const tail = latin1(bytes.subarray(Math.max(0, bytes.length - EOF_WINDOW)));
  const eof = tail.lastIndexOf('%%EOF');
  const startxref = /startxref\s+(\d+)\s*$/.exec(tail.slice(0, Math.max(0, eof)).trimEnd());
  if (header < 0 || eof < 0 || !startxref) return { ok: false, encrypted: false };
  const offset = Number(startxref[1]);
  // Producers count the offset from the file's start or from the header: either must land inside.
  if (offset >= bytes.length) return { ok: false, encrypted: false };
  const text = latin1(bytes);
  const hasXref = /(^|[\r\n])xref[\r\n ]/.test(text) && /trailer\s*<</.test(text);
  const hasXrefStream = /\/Type\s*\/XRef\b/.test(text);
  return {
    ok: hasXref || hasXrefStream,
    encrypted: /\/Encrypt\s+\d+\s+\d+\s+R|\/Encrypt\s*<</.test(text),
  };
}

const isZplLabel = (bytes: Uint8Array): boolean => {
  const { labels, problems } = splitZplLabels(latin1(bytes));
  return labels.length > 0 && !problems.some((p) => p.kind === 'unterminated_label');
};

/**
 * The verdict from the bytes alone. `expect` narrows it for a door that takes one kind (the
 * Invoices screen takes PDFs only, the Labels screen ZPL only); the Station takes both.
 */
export function inspectFile(name: string, bytes: Uint8Array, expect?: FileKind): FileVerdict {
  if (bytes.length === 0) return { ok: false, reason: 'empty' };
  if (bytes.length > MAX_FILE_BYTES) return { ok: false, reason: 'tooLarge' };
  const ext = extensionOf(name);
  const isPdf = pdfHeaderAt(bytes) >= 0;
  const wantsPdf = expect === 'invoice' || (expect === undefined && (ext === 'pdf' || isPdf));
  if (wantsPdf) {
    if (!isPdf) return { ok: false, reason: 'notPdf' };
    const structure = pdfStructure(bytes);
    if (!structure.ok) return { ok: false, reason: 'damaged' };
    return { ok: true, kind: 'invoice', encrypted: structure.encrypted };
  }
  if (expect === 'label' || LABEL_EXTENSIONS.includes(ext)) {
    return isZplLabel(bytes)
      ? { ok: true, kind: 'label', encrypted: false }
      : { ok: false, reason: 'noZpl' };
  }
  return { ok: false, reason: 'unknownType' };
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/**
 * The check on what reaches the outbox through IPC (main's input check): an invoice must pass the
 * PDF rules; a label those of its declared format (ZPL unless it says PDF or PNG).
 */
export function inspectUpload(
  kind: FileKind,
  name: string,
  bytes: Uint8Array,
  format?: 'zpl' | 'pdf' | 'png',
): FileVerdict {
  if (kind === 'invoice' || format === 'pdf') {
    const verdict = inspectFile(name, bytes, 'invoice');
    return verdict.ok ? { ...verdict, kind } : verdict;
  }
  if (format === 'png') {
    if (bytes.length === 0) return { ok: false, reason: 'empty' };
    if (bytes.length > MAX_FILE_BYTES) return { ok: false, reason: 'tooLarge' };
    const png = PNG_SIGNATURE.every((b, i) => bytes[i] === b);
    return png ? { ok: true, kind, encrypted: false } : { ok: false, reason: 'unknownType' };
  }
  return inspectFile(name, bytes, 'label');
}
