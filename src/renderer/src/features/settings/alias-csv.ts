import { barcodeAliasSchema, type BarcodeAlias } from '@shared/pack/types.ts';

// Settings → Barcode aliases as CSV: `alias,sku,quantity`, one alias a line. Importing refuses
// each bad line with a sentence that names the line and the field, and keeps every good line;
// nothing is guessed. Fields may be quoted as RFC 4180 says (an alias may hold a comma).

export const ALIAS_CSV_HEADER = ['alias', 'sku', 'quantity'] as const;
type Column = (typeof ALIAS_CSV_HEADER)[number];

export type AliasCsvProblem =
  | { key: 'pack.aliases.csv.empty'; values: Record<string, never> }
  | { key: 'pack.aliases.csv.header'; values: { line: number } }
  | { key: 'pack.aliases.csv.quote'; values: { line: number } }
  | { key: 'pack.aliases.csv.columns'; values: { line: number; count: number } }
  | { key: `pack.aliases.csv.${Column}`; values: { line: number } }
  | { key: 'pack.aliases.csv.duplicate'; values: { line: number; alias: string; first: number } };

export interface AliasCsvResult {
  aliases: BarcodeAlias[];
  problems: AliasCsvProblem[];
  /** Lines refused (a line may have more than one problem). */
  refused: number;
}

/** One line's fields, or null when a quoted field is not closed on it. */
function fieldsOf(line: string): string[] | null {
  const fields: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"' && field.trim() === '') {
      field = '';
      quoted = true;
    } else if (c === ',') {
      fields.push(field);
      field = '';
    } else field += c;
  }
  if (quoted) return null;
  fields.push(field);
  return fields;
}

const QUANTITY = /^\d{1,6}$/;

/** The fields of one data line checked by the shared schema's rules, each on its own. */
function check(
  fields: string[],
  line: number,
): { alias: BarcodeAlias | null; problems: AliasCsvProblem[] } {
  const [alias = '', sku = '', quantity = ''] = fields;
  const shape = barcodeAliasSchema.shape;
  const problems: AliasCsvProblem[] = [];
  const a = shape.alias.safeParse(alias);
  if (!a.success) problems.push({ key: 'pack.aliases.csv.alias', values: { line } });
  const s = shape.sku.safeParse(sku);
  if (!s.success) problems.push({ key: 'pack.aliases.csv.sku', values: { line } });
  const q = QUANTITY.test(quantity.trim())
    ? shape.quantity.safeParse(Number(quantity.trim()))
    : null;
  if (!q?.success) problems.push({ key: 'pack.aliases.csv.quantity', values: { line } });
  if (!a.success || !s.success || !q?.success) return { alias: null, problems };
  return { alias: { alias: a.data, sku: s.data, quantity: q.data }, problems };
}

/** Reads an aliases CSV: its good lines, and a sentence for each bad one. */
export function parseAliasCsv(text: string): AliasCsvResult {
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\n|\r/);
  const problems: AliasCsvProblem[] = [];
  const refusedLines = new Set<number>();
  const refuse = (problem: AliasCsvProblem) => {
    problems.push(problem);
    if ('line' in problem.values) refusedLines.add(problem.values.line);
  };
  if (lines.every((line) => line.trim() === ''))
    return { aliases: [], problems: [{ key: 'pack.aliases.csv.empty', values: {} }], refused: 0 };

  // The header names the columns in any order; without it, the columns are alias,sku,quantity
  // and line 1 is refused (it is a header we cannot read, or a line we would have to guess).
  const header = fieldsOf(lines[0] ?? '')?.map((f) => f.trim().toLowerCase()) ?? [];
  const known = header.length === 3 && ALIAS_CSV_HEADER.every((column) => header.includes(column));
  const order = known ? ALIAS_CSV_HEADER.map((column) => header.indexOf(column)) : [0, 1, 2];
  if (!known) refuse({ key: 'pack.aliases.csv.header', values: { line: 1 } });

  const aliases: BarcodeAlias[] = [];
  const firstLine = new Map<string, number>();
  lines.slice(1).forEach((raw, i) => {
    const line = i + 2;
    if (raw.trim() === '') return;
    const fields = fieldsOf(raw);
    if (!fields) return refuse({ key: 'pack.aliases.csv.quote', values: { line } });
    if (fields.length !== 3)
      return refuse({ key: 'pack.aliases.csv.columns', values: { line, count: fields.length } });
    const checked = check(
      order.map((at) => fields[at] ?? ''),
      line,
    );
    checked.problems.forEach(refuse);
    if (!checked.alias) return;
    const first = firstLine.get(checked.alias.alias);
    if (first !== undefined)
      return refuse({
        key: 'pack.aliases.csv.duplicate',
        values: { line, alias: checked.alias.alias, first },
      });
    firstLine.set(checked.alias.alias, line);
    aliases.push(checked.alias);
  });
  return { aliases, problems, refused: refusedLines.size };
}

const quote = (field: string) =>
  /[",\r\n]/.test(field) || field.trim() !== field ? `"${field.replaceAll('"', '""')}"` : field;

/** The aliases as CSV, header first; parseAliasCsv reads it back unchanged. */
export function formatAliasCsv(aliases: readonly BarcodeAlias[]): string {
  const rows = aliases.map((a) => [a.alias, a.sku, String(a.quantity)].map(quote).join(','));
  return [ALIAS_CSV_HEADER.join(','), ...rows].join('\r\n') + '\r\n';
}

/** Imported aliases over the table's: an alias imported again takes its new SKU and quantity. */
export function mergeAliases(
  table: readonly BarcodeAlias[],
  imported: readonly BarcodeAlias[],
): BarcodeAlias[] {
  const replaced = new Set(imported.map((a) => a.alias));
  return [...table.filter((a) => !replaced.has(a.alias)), ...imported];
}
