// What an operator drops (issue #39): files, ZIPs of them, or a folder read one level deep, each
// told apart by what it holds (a PDF by its header, ZPL by its commands), never by its name.
// Whatever cannot be read is refused with its sentence; the rest of the drop goes on.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import type { BulkRefusal } from './refusals.ts';
import { readZipEntries, ZIP_LIMITS, type ZipLimits } from './zip-entries.ts';

export type InputKind = 'zpl' | 'pdf';

export interface BulkInput {
  /** The path as given, a folder's file as `FOLDER/name`, a ZIP's entry as `ARCHIVE.zip!entry`. */
  source: string;
  kind: InputKind;
  bytes: Uint8Array;
}

export interface ReadInputs {
  inputs: BulkInput[];
  refused: { source: string; refusal: BulkRefusal }[];
  /** Paths with nothing at them (the CLI's exit 1 when no input at all could be read). */
  missing: string[];
}

/** The file system as the reader sees it: injected, so a test can hand it a folder of its own. */
export interface BulkFs {
  kind(path: string): 'file' | 'folder' | 'missing';
  list(folder: string): string[];
  read(path: string): Uint8Array;
}

export const nodeBulkFs: BulkFs = {
  kind(path) {
    try {
      return statSync(path).isDirectory() ? 'folder' : 'file';
    } catch {
      return 'missing';
    }
  },
  list: (folder) => readdirSync(folder).sort(),
  // A plain Uint8Array, not a Buffer: pdf.js refuses a Buffer.
  read: (path) => new Uint8Array(readFileSync(path)),
};

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];
/** How far into a file a PDF's header or the first ZPL command may sit (after a BOM, blanks). */
const SNIFF_BYTES = 1024;

/** What a file holds, by its first bytes: a PDF, a ZIP, ZPL, or something else. */
export function sniff(bytes: Uint8Array): InputKind | 'zip' | 'other' {
  if (ZIP_MAGIC.every((byte, i) => bytes[i] === byte)) return 'zip';
  const head = Buffer.from(bytes.subarray(0, SNIFF_BYTES)).toString('latin1');
  if (head.includes('%PDF-')) return 'pdf';
  // A label file opens with a format (^XA) or a download before it (~DG, ~DY, ^DF…), after
  // blanks or a byte-order mark; the command prefix may have been changed (^CC, ~CC, ~CT).
  if (/^(?:\uFEFF|ï»¿)?\s*(?:[\^~](?:XA|DG|DY|DB|DU|DN|DF|CC|CT|CD|HS|JA|SD|TA|JS))/i.test(head))
    return 'zpl';
  return 'other';
}

export function readInputs(
  paths: readonly string[],
  fs: BulkFs = nodeBulkFs,
  limits: ZipLimits = ZIP_LIMITS,
): ReadInputs {
  const result: ReadInputs = { inputs: [], refused: [], missing: [] };
  const refuse = (source: string, refusal: BulkRefusal) => result.refused.push({ source, refusal });

  const take = (source: string, bytes: Uint8Array, insideZip: boolean) => {
    if (bytes.length === 0) return refuse(source, { code: 'empty', params: { source } });
    const kind = sniff(bytes);
    if (kind === 'zip') {
      if (insideZip) return refuse(source, { code: 'zipInZip', params: { source } });
      const zip = readZipEntries(bytes, source, limits);
      if (zip.refusal) return refuse(source, zip.refusal);
      for (const { name, refusal } of zip.refused) refuse(`${source}!${name}`, refusal);
      for (const entry of zip.entries) take(`${source}!${entry.name}`, entry.bytes, true);
      return;
    }
    if (kind === 'other') return refuse(source, { code: 'notLabelOrInvoice', params: { source } });
    result.inputs.push({ source, kind, bytes });
  };

  const readFile = (source: string) => {
    let bytes: Uint8Array;
    try {
      bytes = fs.read(source);
    } catch (error) {
      const reason = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
      return refuse(source, { code: 'unreadable', params: { source, reason } });
    }
    take(source, bytes, false);
  };

  for (const path of paths) {
    const kind = fs.kind(path);
    if (kind === 'missing') {
      result.missing.push(path);
      refuse(path, { code: 'missing', params: { source: path } });
    } else if (kind === 'file') readFile(path);
    else
      for (const name of fs.list(path)) {
        const inside = join(path, name);
        // One level deep: the folder's own files; a folder inside it is not opened.
        if (fs.kind(inside) === 'file' && !basename(name).startsWith('.')) readFile(inside);
      }
  }
  return result;
}
