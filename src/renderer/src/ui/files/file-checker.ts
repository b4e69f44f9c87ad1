import { checkFile } from '@shared/files/check-file.ts';
import type { FileKind, FileVerdict } from '@shared/files/file-rules.ts';
import type { PdfJsLike } from '@shared/files/pdf-probe.ts';

/** What a dropped or pasted file is; injected into the stores so tests can use Node's pdf.js. */
export type FileChecker = (
  name: string,
  bytes: Uint8Array,
  expect?: FileKind,
) => Promise<FileVerdict>;

export const createFileChecker =
  (pdfjs: () => Promise<PdfJsLike>): FileChecker =>
  (name, bytes, expect) =>
    checkFile(name, bytes, pdfjs, expect);
