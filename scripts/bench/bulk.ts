// Issue #39 at the bench: a seller's day in one drop. 500 labels in one ZPL file (a ~DG logo and
// a ^DF format every label recalls, the tracking code in a Code 128) and 500 invoices in one PDF,
// against 5,000 candidate orders: from the drop to a full board (every piece split and matched),
// the first piece ready, matching one piece, and how much the process grew.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { labelContent } from '../../src/main/bulk/label-content.ts';
import { loadPdfJs } from '../../src/main/bulk/load-pdfjs.ts';
import { matchDrop, type MatchOrder } from '../../src/main/bulk/match-drop.ts';
import { pdfPageTexts } from '../../src/main/bulk/pdf-text.ts';
import { readInputs } from '../../src/main/bulk/read-inputs.ts';
import { eachPiece, splitDrop, type DropPiece } from '../../src/main/bulk/split-drop.ts';
import { systemElapsed } from '../../src/main/platform/clock.ts';
import {
  buildCandidateIndex,
  extractEvidence,
  matchPiece,
  type PieceContent,
} from '../../src/shared/bulk/index.ts';
import { danfeAccessKey, groupedByFour } from '../../src/shared/bulk/test-fixtures.ts';
import { percentile, type BenchSection } from './context.ts';

const LABELS = 500;
const INVOICES = 500;
const CANDIDATES = 5_000;
const RUNS = 3;

const orderId = (n: number) => `PB-${20000 + n}`;
const tracking = (n: number) => `QB${String(700000000 + n)}BR`;

function orders(): MatchOrder[] {
  return Array.from({ length: CANDIDATES }, (_, n) => ({
    id: orderId(n),
    customer: { name: `Cliente ${n}`, document: null },
    shipping_address: { postal_code: String(10_000_000 + n) },
    invoice: null,
    labels: [],
  })) as unknown as MatchOrder[];
}

function labelDay(): string {
  const logo = `~DGR:LOGO.GRF,512,8,${'F0'.repeat(512)}\n`;
  const format =
    '^XA^DFR:SHIP.ZPL^FS^CI28^FO20,20^XGR:LOGO.GRF,1,1^FS^FO120,20^A0N,36,36^FN1^FS' +
    '^FO20,80^A0N,30,30^FN2^FS^FO20,130^BY2^BCN,90,Y,N^FN3^FS^XZ\n';
  const labels = Array.from(
    { length: LABELS },
    (_, n) =>
      `^XA^XFR:SHIP.ZPL^FN1^FDPedido ${orderId(n * 7)}^FS^FN2^FDCliente ${n * 7}^FS^FN3^FD>:${tracking(n * 7)}^FS^XZ\n`,
  );
  return logo + format + labels.join('');
}

async function invoiceDay(): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (let n = 0; n < INVOICES; n += 1) {
    const page = pdf.addPage([595, 842]);
    const lines = [
      'DANFE',
      'CHAVE DE ACESSO',
      groupedByFour(danfeAccessKey(n)),
      `Pedido ${orderId(n * 7 + 3)}`,
      'FOLHA 1/1',
    ];
    lines.forEach((text, i) => page.drawText(text, { x: 40, y: 780 - i * 24, size: 12, font }));
  }
  return pdf.save({ updateFieldAppearances: false });
}

export const section: BenchSection = async ({ rows, results }) => {
  const dir = mkdtempSync(join(tmpdir(), 'packbench-bench-bulk-'));
  try {
    writeFileSync(join(dir, 'labels.zpl'), labelDay());
    writeFileSync(join(dir, 'invoices.pdf'), await invoiceDay());
    const pdfjs = await loadPdfJs();
    const candidates = orders();
    const contentOf = async (piece: DropPiece): Promise<PieceContent> =>
      piece.kind === 'invoice' && piece.bytes
        ? { texts: await pdfPageTexts(pdfjs, piece.bytes), barcodes: [] }
        : labelContent(piece);

    const rssBefore = process.memoryUsage().rss;
    const boards: number[] = [];
    const firsts: number[] = [];
    let matched = 0;
    let pieces = 0;
    for (let run = 0; run < RUNS; run += 1) {
      const started = systemElapsed();
      const read = readInputs([join(dir, 'labels.zpl'), join(dir, 'invoices.pdf')]);
      // The first row: the first label of the drop split and matched, as a board shows it
      // while the rest is still being split.
      for await (const piece of eachPiece(read, async () => pdfjs)) {
        if (piece.kind !== 'label') continue;
        await matchDrop([piece], candidates, [], contentOf);
        break;
      }
      firsts.push(systemElapsed() - started);
      const split = await splitDrop(read, async () => pdfjs);
      const board = await matchDrop(split, candidates, [], contentOf);
      boards.push(systemElapsed() - started);
      matched = board.filter((p) => p.status === 'matched').length;
      pieces = board.length;
    }
    const rssGrowthMb = (process.memoryUsage().rss - rssBefore) / 1024 ** 2;

    // Matching alone: one piece's evidence against the 5,000 candidates, index built once.
    const index = buildCandidateIndex(candidates, []);
    const perPiece: number[] = [];
    for (let n = 0; n < LABELS; n += 1) {
      const content = {
        texts: [`Pedido ${orderId(n * 7)}`, `Cliente ${n * 7}`],
        barcodes: [tracking(n * 7)],
      };
      const t = systemElapsed();
      matchPiece(extractEvidence(content, index), index);
      perPiece.push((systemElapsed() - t) * 1000);
    }

    const boardP50 = percentile(boards, 50);
    const firstP50 = percentile(firsts, 50);
    const matchP50 = percentile(perPiece, 50);
    results['bulk'] = {
      labels: LABELS,
      invoices: INVOICES,
      candidates: CANDIDATES,
      runs: RUNS,
      pieces,
      matched,
      boardMs: boards,
      firstRowMs: firsts,
      matchP50Us: matchP50,
      matchP95Us: percentile(perPiece, 95),
      rssGrowthMb,
    };
    rows.push({
      measure: `20. bulk drop, ${LABELS} labels in one ZPL + ${INVOICES} invoices in one PDF: full board (ms p50; ${matched}/${pieces} matched)`,
      figure: boardP50.toFixed(0),
      goal: '≤ 3000 ms',
      ok: boardP50 <= 3000 && matched === LABELS + INVOICES,
    });
    rows.push({
      measure:
        '20. bulk drop: first row ready, the drop split and its first piece matched (ms p50)',
      figure: firstP50.toFixed(0),
      goal: '≤ 500 ms',
      ok: firstP50 <= 500,
    });
    rows.push({
      measure: `20. bulk match: one piece against ${CANDIDATES} candidates (µs p50/p95)`,
      figure: `${matchP50.toFixed(0)} / ${percentile(perPiece, 95).toFixed(0)}`,
      goal: '≤ 1000 µs',
      ok: matchP50 <= 1000,
    });
    rows.push({
      measure: '20. bulk drop: resident memory growth over the runs (MB)',
      figure: rssGrowthMb.toFixed(0),
      goal: 'reported',
      ok: true,
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
};
