import { inspectFile, type FileKind, type FileVerdict } from './file-rules.ts';
import { probePdf, type PdfJsLike } from './pdf-probe.ts';

/**
 * The one decision for every door: the byte rules, then, for a PDF, a real parse with pdf.js.
 * `pdfjs` is a loader so a screen that only ever sees ZPL never loads pdf.js.
 */
export async function checkFile(
  name: string,
  bytes: Uint8Array,
  pdfjs: () => Promise<PdfJsLike>,
  expect?: FileKind,
): Promise<FileVerdict> {
  const verdict = inspectFile(name, bytes, expect);
  if (!verdict.ok || verdict.kind !== 'invoice') return verdict;
  const refusal = await probePdf(await pdfjs(), bytes);
  return refusal ? { ok: false, reason: refusal } : verdict;
}
