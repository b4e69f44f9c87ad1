// `files match` (issue #39): the pieces of a drop matched to the orders the service listed, by
// the evidence each holds, printed as the contract says; with --out, each matched piece written
// under its order's name (PB-1042-label.zpl, PB-1042-invoice.pdf).
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CandidateTrackingInput, PieceContent } from '../../shared/bulk/index.ts';
import { labelContent } from './label-content.ts';
import { matchDrop, type MatchOrder } from './match-drop.ts';
import { pdfPageTexts, type PdfTextReader } from './pdf-text.ts';
import { pieceJson } from './split-command.ts';
import type { DropPiece } from './split-drop.ts';

interface MatchIo {
  out: (line: string) => void;
  err: (line: string) => void;
  pdfjs: () => Promise<PdfTextReader>;
}

interface MatchOptions {
  orders: string;
  trackings: string;
  out: string | null;
  json: boolean;
}

/** A JSON file's list: `{"data": [...]}` as the service pages it, or a bare list. */
function readList(path: string, what: string): unknown[] | string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return code === 'ENOENT'
      ? `The ${what} file ${path} does not exist.`
      : code
        ? `The ${what} file ${path} could not be read (${code}).`
        : `The ${what} file ${path} is not JSON: ${(error as Error).message}.`;
  }
  const list = Array.isArray(parsed) ? parsed : (parsed as { data?: unknown } | null)?.data;
  if (!Array.isArray(list))
    return `The ${what} file ${path} holds no list: it should be {"data": [...]} as the service returns it.`;
  return list;
}

const isOrder = (value: unknown): value is MatchOrder =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as { id?: unknown }).id === 'string' &&
  typeof (value as { customer?: unknown }).customer === 'object' &&
  typeof (value as { shipping_address?: unknown }).shipping_address === 'object';

const isTracking = (value: unknown): value is CandidateTrackingInput =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as { order?: unknown }).order === 'string' &&
  typeof (value as { code?: unknown }).code === 'string';

export async function runMatch(
  pieces: readonly DropPiece[],
  options: MatchOptions,
  io: MatchIo,
): Promise<number> {
  const orders = readList(options.orders, 'orders');
  if (typeof orders === 'string') {
    io.err(orders);
    return 1;
  }
  const bad = orders.findIndex((order) => !isOrder(order));
  if (bad !== -1) {
    io.err(
      `The orders file ${options.orders} has an entry that is no order (number ${bad + 1}): each needs an id, a customer and a shipping_address.`,
    );
    return 1;
  }
  const trackings = options.trackings ? readList(options.trackings, 'trackings') : [];
  if (typeof trackings === 'string') {
    io.err(trackings);
    return 1;
  }
  const contentOf = async (piece: DropPiece): Promise<PieceContent> =>
    piece.kind === 'invoice' && piece.bytes
      ? { texts: await pdfPageTexts(await io.pdfjs(), piece.bytes), barcodes: [] }
      : labelContent(piece);
  const matched = await matchDrop(
    pieces,
    orders as MatchOrder[],
    trackings.filter(isTracking),
    contentOf,
  );

  const taken = new Set<string>();
  const printed = matched.map((m) => {
    let file: string | null = null;
    if (options.out && m.status === 'matched' && m.order && m.piece.bytes) {
      const what = m.piece.kind === 'invoice' ? 'invoice' : 'label';
      const ext = m.piece.kind === 'invoice' ? '.pdf' : '.zpl';
      let name = `${m.order}-${what}${ext}`;
      for (let n = 2; taken.has(name); n += 1) name = `${m.order}-${what}-${n}${ext}`;
      taken.add(name);
      file = join(options.out, name.replace(/[\\/]/g, '_'));
      writeFileSync(file, m.piece.bytes);
    }
    return {
      ...pieceJson(m.piece, file),
      status: m.status,
      order: m.order,
      candidates: m.candidates,
      evidence: m.evidence,
      ...(m.duplicateOf ? { duplicateOf: m.duplicateOf } : {}),
      ...(m.deliveredAs ? { deliveredAs: m.deliveredAs } : {}),
    };
  });
  if (options.json) io.out(JSON.stringify({ pieces: printed }));
  else
    for (const p of printed)
      io.out(
        `${p.source}: ${p.kind}${p.index === null ? '' : ` ${p.index}`} ${p.status}${
          p.order ? ` ${p.order}` : p.candidates.length > 0 ? ` (${p.candidates.join(', ')})` : ''
        }${p.evidence.length > 0 ? `: ${p.evidence.map((e) => `${e.key} ${e.value}`).join(', ')}` : ''}${
          p.error ? `: ${p.error}` : ''
        }`,
      );
  const left = printed.filter((p) => p.status !== 'matched');
  if (left.length > 0)
    io.err(`${left.length} of ${printed.length} piece(s) not matched to one order.`);
  return left.length === 0 ? 0 : 3;
}
