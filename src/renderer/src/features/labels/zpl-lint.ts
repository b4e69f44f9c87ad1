import { splitZplLabels } from '../../../../shared/zpl/structure.ts';

/** Commands the preview draws; others are printed by a real printer but skipped in the preview. */
const PREVIEWED = new Set([
  'XA',
  'XZ',
  'FO',
  'FT',
  'FD',
  'FS',
  'FB',
  'FH',
  'FR',
  'FW',
  'FX',
  'FN',
  'FV',
  'A',
  'A0',
  'A1',
  'CF',
  'CI',
  'BY',
  'BC',
  'B3',
  'BE',
  'B2',
  'BQ',
  'BX',
  'B7',
  'BU',
  'BA',
  'GB',
  'GC',
  'GD',
  'GE',
  'GF',
  'LH',
  'LR',
  'PW',
  'LL',
  'PO',
  'PQ',
  'DF',
  'XF',
  'XG',
  'MM',
  'MN',
  'MT',
  'MD',
  'LS',
  'CC',
  'CT',
  'CD',
]);

export type LintIssue =
  | { kind: 'structure'; detail: string }
  | { kind: 'unsupported'; commands: string[] }
  | { kind: 'nonAsciiCode128'; sample: string }
  | { kind: 'tooWide'; labelDots: number; stockDots: number }
  | { kind: 'tooLong'; labelDots: number; stockDots: number };

/** What to warn about before a label is uploaded, for a stock of the given size and density. */
export function lintZpl(
  text: string,
  stock: { widthMm: number; heightMm: number; dpmm: number },
): LintIssue[] {
  const issues: LintIssue[] = [];
  const { problems } = splitZplLabels(text);
  for (const problem of problems) {
    if (problem.kind !== 'text_outside_label')
      issues.push({ kind: 'structure', detail: problem.kind });
  }
  const commands = new Set(
    [...text.matchAll(/[\^~]([A-Z][A-Z0-9@]?)/gi)].map((m) => (m[1] ?? '').toUpperCase()),
  );
  const unsupported = [...commands].filter(
    (c) => !PREVIEWED.has(c) && !PREVIEWED.has(c.slice(0, 1)),
  );
  if (unsupported.length) issues.push({ kind: 'unsupported', commands: unsupported.sort() });
  for (const match of text.matchAll(/\^BC[^^]*\^FD([^^]*)/gi)) {
    const data = match[1] ?? '';
    if (/[^\x20-\x7e]/.test(data))
      issues.push({ kind: 'nonAsciiCode128', sample: data.slice(0, 30) });
  }
  const width = Math.max(0, ...[...text.matchAll(/\^PW(\d+)/gi)].map((m) => Number(m[1])));
  const length = Math.max(0, ...[...text.matchAll(/\^LL(\d+)/gi)].map((m) => Number(m[1])));
  const stockWidth = Math.round(stock.widthMm * stock.dpmm);
  const stockLength = Math.round(stock.heightMm * stock.dpmm);
  if (width > stockWidth) issues.push({ kind: 'tooWide', labelDots: width, stockDots: stockWidth });
  if (length > stockLength)
    issues.push({ kind: 'tooLong', labelDots: length, stockDots: stockLength });
  return issues;
}

export const STOCK_PRESETS = {
  '4x6in': { widthMm: 101.6, heightMm: 152.4 },
  '100x150mm': { widthMm: 100, heightMm: 150 },
  '4x4in': { widthMm: 101.6, heightMm: 101.6 },
} as const;
export const DENSITIES = [6, 8, 12, 24] as const;

/** Keeps custom sizes within what label printers take (and what the preview can render fast). */
export const clampMm = (value: number) =>
  Math.min(300, Math.max(10, Number.isFinite(value) ? value : 100));
