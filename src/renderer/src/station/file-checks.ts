import { splitZplLabels } from '../../../shared/zpl/structure.ts';

export const MAX_FILE_MB = 20;

export type FileVerdict =
  | { ok: true; kind: 'invoice' | 'label' }
  | { ok: false; reason: 'empty' | 'notPdf' | 'encrypted' | 'tooLarge' | 'noZpl' | 'unknownType' };

const LABEL_EXTENSIONS = ['zpl', 'prn', 'txt'];

/** What a dropped file is, judged by its bytes (not its name alone), or why it cannot be sent. */
export function checkFile(name: string, bytes: Uint8Array): FileVerdict {
  if (bytes.length === 0) return { ok: false, reason: 'empty' };
  if (bytes.length > MAX_FILE_MB * 1024 * 1024) return { ok: false, reason: 'tooLarge' };
  const ext = name.toLowerCase().split('.').pop() ?? '';
  const head = new TextDecoder('latin1').decode(bytes.subarray(0, 1024));
  if (ext === 'pdf' || head.includes('%PDF-')) {
    if (!head.includes('%PDF-')) return { ok: false, reason: 'notPdf' };
    // An encrypted PDF names its /Encrypt dictionary in the trailer, near the end.
    const tail = new TextDecoder('latin1').decode(bytes.subarray(Math.max(0, bytes.length - 4096)));
    if (
      /\/Encrypt\b/.test(tail) ||
      /\/Encrypt\b/.test(new TextDecoder('latin1').decode(bytes.subarray(0, 4096)))
    )
      return { ok: false, reason: 'encrypted' };
    return { ok: true, kind: 'invoice' };
  }
  if (LABEL_EXTENSIONS.includes(ext)) {
    const { labels, problems } = splitZplLabels(new TextDecoder('latin1').decode(bytes));
    if (labels.length === 0 || problems.some((p) => p.kind === 'unterminated_label'))
      return { ok: false, reason: 'noZpl' };
    return { ok: true, kind: 'label' };
  }
  return { ok: false, reason: 'unknownType' };
}
