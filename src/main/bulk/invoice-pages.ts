// A multi-invoice PDF's pages grouped into invoices (issue #39, "Split PDFs into invoices").
// A DANFE's header block repeats on each of its pages: "DANFE", the "CHAVE DE ACESSO" (44
// digits, printed in eleven groups of four, the last a mod-11 check digit), "Nº 000.001.042",
// "SÉRIE 001" and "FOLHA 1/2". Consecutive pages are one invoice while they carry the same key
// or number, or while "FOLHA x/y" (Página x de y, Page x of y) goes on; a new key or number, or
// page 1 of a count, starts the next. Whatever cannot be told (a page that says none of it,
// signals that disagree, a count that does not add up) keeps the whole PDF one invoice: a PDF is
// never split on a guess.
import { findNumbers } from '../../shared/bulk/find-numbers.ts';

export interface InvoicePages {
  /** 1-based page numbers, consecutive. */
  pages: number[];
  /** The invoice's NF-e access key, when its pages print one. */
  key: string | null;
}

interface PageMarks {
  key: string | null;
  number: string | null;
  sheet: { at: number; of: number } | null;
}

const NOT_WORD_BEFORE = String.raw`(?<![\p{L}\p{N}])`;
// "Nº 000.001.042" (a DANFE's number is nine digits in groups of three), or any number right
// after "NF-e Nº" / "NF-e Número" / "Número da NF-e" / "Número da nota". A bare "Nº 123" is an
// address more often than an invoice, and is not read.
const INVOICE_NUMBER = [
  new RegExp(
    String.raw`${NOT_WORD_BEFORE}(?:N[º°o]|N[úu]mero)\.?\s*:?\s*(\d{3}\.\d{3}\.\d{3})(?![\p{L}\p{N}])`,
    'iu',
  ),
  new RegExp(
    String.raw`${NOT_WORD_BEFORE}NF-?e\s*(?:N[º°o]|N[úu]mero)\.?\s*:?\s*(\d[\d.]{0,14})(?![\p{L}\p{N}])`,
    'iu',
  ),
  new RegExp(
    String.raw`${NOT_WORD_BEFORE}N[úu]mero\s+(?:da\s+)?(?:NF-?e|nota(?:\s+fiscal)?)\s*:?\s*(\d[\d.]{0,14})(?![\p{L}\p{N}])`,
    'iu',
  ),
];
// "FOLHA 1/2", "Folha 1 de 2", "FL. 1/2", "Página 2 de 3", "Pág. 2/3", "Page 2 of 3".
const SHEET = new RegExp(
  String.raw`${NOT_WORD_BEFORE}(?:folha|fl\.|p[áa]gina|p[áa]g\.|page)\s*:?\s*(\d{1,3})\s*(?:/|de|of)\s*(\d{1,3})(?![\p{L}\p{N}])`,
  'giu',
);

function invoiceNumber(text: string): string | null {
  for (const pattern of INVOICE_NUMBER) {
    const digits = pattern.exec(text)?.[1]?.replace(/\D/g, '');
    if (digits) return digits.replace(/^0+(?=\d)/, '');
  }
  return null;
}

/** The page's place in its invoice; none when the page says two different things. */
function sheetOf(text: string): PageMarks['sheet'] {
  const found = new Set<string>();
  for (const [, at, of] of text.matchAll(SHEET)) found.add(`${Number(at)}/${Number(of)}`);
  if (found.size !== 1) return null;
  const [at = 0, of = 0] = [...found].join('').split('/').map(Number);
  return at >= 1 && at <= of ? { at, of } : null;
}

function marksOf(text: string): PageMarks {
  return {
    // The first key printed is the invoice's own (a referenced NF-e comes later, in the
    // additional data), as the matcher takes it.
    key: findNumbers(text).accessKeys[0] ?? null,
    number: invoiceNumber(text),
    sheet: sheetOf(text),
  };
}

/**
 * Whether `page` starts a new invoice after `before`: true or false when the page says so
 * without contradiction, null when it cannot be told.
 */
function startsNew(before: PageMarks, page: PageMarks): boolean | null {
  const votes: boolean[] = [];
  if (before.key !== null && page.key !== null) votes.push(before.key !== page.key);
  if (before.number !== null && page.number !== null) votes.push(before.number !== page.number);
  if (page.sheet !== null) {
    if (page.sheet.at === 1) votes.push(true);
    else if (before.sheet === null || page.sheet.at !== before.sheet.at + 1) return null;
    else if (page.sheet.of !== before.sheet.of) return null;
    else votes.push(false);
  }
  if (votes.length === 0) return null;
  return votes.every((vote) => vote === votes[0]) ? (votes[0] ?? null) : null;
}

/**
 * A group holds together: one key and one number at most, something that names it, and its count adds up ("FOLHA x/y"
 * on every page when on any, x = 1…y in order).
 */
function holdsTogether(group: readonly PageMarks[]): boolean {
  const keys = new Set(group.map((m) => m.key).filter((k) => k !== null));
  const numbers = new Set(group.map((m) => m.number).filter((n) => n !== null));
  if (keys.size > 1 || numbers.size > 1) return false;
  const sheets = group.map((m) => m.sheet);
  // An invoice says which it is: a group with no key, number or count is not one for sure.
  if (sheets.every((s) => s === null)) return keys.size + numbers.size > 0;
  return sheets.every((s, i) => s !== null && s.at === i + 1 && s.of === sheets.length);
}

const first = <T>(values: readonly (T | null)[]): T | null =>
  values.find((v) => v !== null) ?? null;

/**
 * The invoices of a PDF, from each page's text (as pdf.js reads it). One group for the whole
 * PDF whenever the pages cannot be told apart with certainty.
 */
export function groupInvoicePages(pageTexts: readonly string[]): InvoicePages[] {
  const marks = pageTexts.map(marksOf);
  const whole = (): InvoicePages[] =>
    marks.length === 0
      ? []
      : [{ pages: marks.map((_, i) => i + 1), key: first(marks.map((m) => m.key)) }];
  const groups: PageMarks[][] = [];
  let before: PageMarks | null = null;
  for (const page of marks) {
    const verdict = before === null ? true : startsNew(before, page);
    if (verdict === null) return whole();
    if (verdict) groups.push([page]);
    else groups.at(-1)?.push(page);
    before = page;
  }
  if (groups.length < 2 || !groups.every(holdsTogether)) return whole();
  // Two invoices with one key or one number in one PDF are not told apart for sure either.
  for (const field of ['key', 'number'] as const) {
    const seen = groups.map((g) => first(g.map((m) => m[field]))).filter((v) => v !== null);
    if (new Set(seen).size !== seen.length) return whole();
  }
  let page = 0;
  return groups.map((group) => ({
    pages: group.map(() => (page += 1)),
    key: first(group.map((m) => m.key)),
  }));
}
