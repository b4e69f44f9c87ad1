// Refuses what is not a ZPL label before it reaches a printer (issue #20): a Zebra prints
// plain text as nothing or as garbage, a PDF as pages of noise, and an ^XA with no ^XZ holds
// the printer waiting for the rest. Read with the ZPL engine's own parser, so "is a label"
// means here what it means in the preview. Raw mode (--raw) skips this check.
import { splitLabels, tokenize } from '../../zpl/parse/index.ts';

export type ZplCheckCode = 'empty' | 'pdf' | 'no-label' | 'unterminated';

export type ZplCheck =
  { ok: true; labels: number } | { ok: false; code: ZplCheckCode; message: string };

const PDF_MAGIC = [0x25, 0x50, 0x44, 0x46, 0x2d]; // "%PDF-"

const RAW_HINT = '(send it as it is with --raw)';

/** `name` only goes into the sentence. */
export function checkZpl(bytes: Uint8Array, name: string): ZplCheck {
  if (bytes.length === 0) return { ok: false, code: 'empty', message: `${name} is empty.` };
  // PDFs may carry a few bytes before the header; the spec allows 1024.
  const head = bytes.subarray(0, 1024);
  for (let i = 0; i + PDF_MAGIC.length <= head.length; i++)
    if (PDF_MAGIC.every((b, j) => head[i + j] === b))
      return {
        ok: false,
        code: 'pdf',
        message: `${name} is a PDF, not ZPL: a label printer in ZPL mode cannot print it ${RAW_HINT}.`,
      };
  const { labels } = splitLabels(tokenize(bytes).commands);
  if (labels.length === 0)
    return {
      ok: false,
      code: 'no-label',
      message: `${name} is not ZPL: it has no label (^XA … ^XZ) ${RAW_HINT}.`,
    };
  const open = labels.find((label) => label.end === null);
  if (open)
    return {
      ok: false,
      code: 'unterminated',
      message:
        `${name} is not a whole ZPL label: the ^XA at line ${open.line}, column ${open.column} ` +
        `has no ^XZ, and a printer would wait for it ${RAW_HINT}.`,
    };
  return { ok: true, labels: labels.length };
}
