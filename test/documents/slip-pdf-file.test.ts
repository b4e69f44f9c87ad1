// The slip and the test page as files: a bar code that an independent decoder reads from a
// rendering (poppler's pdftoppm, zxing), a structure qpdf accepts, the same bytes for the same
// input, and fonts that are ours: Roboto Condensed embedded, never pdfkit's Helvetica.
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';
import type { DocumentFonts } from '../../src/main/documents/fonts.ts';
import { loadFontsFromPackages } from '../../src/main/documents/package-fonts.ts';
import { renderPackingSlip } from '../../src/main/documents/slip-pdf.ts';
import { renderTestPage } from '../../src/main/documents/test-page.ts';
import type { Order } from '../../src/shared/api/schemas.ts';
import { AT, productNames, sampleOrder, samplePack, ZONE } from './fixtures.ts';

const run = promisify(execFile);
let fonts: DocumentFonts;
let dir: string;

beforeAll(async () => {
  fonts = await loadFontsFromPackages();
  dir = await mkdtemp(join(tmpdir(), 'packbench-documents-'));
  const wasm = await readFile(
    join(import.meta.dirname, '../../node_modules/zxing-wasm/dist/reader/zxing_reader.wasm'),
  );
  await prepareZXingModule({
    overrides: {
      wasmBinary: wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength),
    },
    fireImmediately: true,
  });
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const slipOf = (
  order: Order,
  lang: 'en' | 'pt-BR' | 'es' = 'pt-BR',
  paper: 'a4' | 'letter' = 'a4',
) =>
  renderPackingSlip(
    { order, productNames: productNames(order), pack: samplePack },
    { fonts, at: AT, timeZone: ZONE, station: 'bench-3', packer: 'maria', lang, paper },
  );

async function saved(name: string, bytes: Uint8Array): Promise<string> {
  const file = join(dir, name);
  await writeFile(file, bytes);
  return file;
}

/** The Code 128 symbols zxing finds on page 1 rendered at 200 dpi by pdftoppm. */
async function decodedCodes(file: string): Promise<string[]> {
  await run('pdftoppm', ['-r', '200', '-png', '-f', '1', '-l', '1', '-singlefile', file, file]);
  const png = await readFile(`${file}.png`);
  const found = await readBarcodes(new Uint8Array(png), { formats: ['Code128'], tryHarder: true });
  return found.filter((r) => r.isValid).map((r) => r.text);
}

/** The PDF's objects, uncompressed, as text (qpdf --qdf expands every stream). */
async function expanded(file: string): Promise<string> {
  await run('qpdf', ['--qdf', '--object-streams=disable', file, `${file}.qdf`]);
  return (await readFile(`${file}.qdf`)).toString('latin1');
}

describe('the slip as a file', () => {
  it.each([
    ['SO-2027-0042', 'a4'],
    ['pedido_77.b-x', 'letter'],
    ['1234567890123456', 'a4'],
    // The longest id the API allows (64): the symbol takes the page's width under the title.
    ['Order-2027-03-15-warehouse-SP1-customer-000000000000000012345678', 'letter'],
  ] as const)('its bar code decodes to the order number %s (%s)', async (id, paper) => {
    const file = await saved(
      `code-${id.length}-${paper}.pdf`,
      (await slipOf({ ...sampleOrder(3), id }, 'en', paper)).bytes,
    );
    expect(await decodedCodes(file)).toEqual([id]);
  });

  it('qpdf --check passes on the slip (one page and several) and on the test page', async () => {
    const testPage = await renderTestPage({
      station: 'bench-3',
      queue: 'cups:Office',
      at: AT,
      lang: 'es',
      paper: 'letter',
      fonts,
    });
    const files = [
      await saved('short.pdf', (await slipOf(sampleOrder(3))).bytes),
      await saved('long.pdf', (await slipOf(sampleOrder(60), 'en', 'letter')).bytes),
      await saved('test-page.pdf', testPage.bytes),
    ];
    for (const file of files) {
      const { stdout, stderr } = await run('qpdf', ['--check', file]);
      expect(stdout, file).toContain('No syntax or stream encoding errors found');
      expect(stderr, file).toBe('');
    }
  });

  it('the same input gives the same bytes; another time gives other bytes', async () => {
    const order = sampleOrder(20);
    const first = await slipOf(order);
    const again = await slipOf(structuredClone(order));
    expect(Buffer.from(again.bytes).equals(Buffer.from(first.bytes))).toBe(true);
    const later = await renderPackingSlip(
      { order, productNames: productNames(order), pack: samplePack },
      {
        fonts,
        at: AT + 60_000,
        timeZone: ZONE,
        station: 'bench-3',
        packer: 'maria',
        lang: 'pt-BR',
        paper: 'a4',
      },
    );
    expect(Buffer.from(later.bytes).equals(Buffer.from(first.bytes))).toBe(false);
    const tp = () =>
      renderTestPage({
        station: 's',
        queue: 'q',
        at: AT,
        timeZone: ZONE,
        lang: 'en',
        paper: 'a4',
        fonts,
      });
    expect(Buffer.from((await tp()).bytes).equals(Buffer.from((await tp()).bytes))).toBe(true);
  });

  it('embeds Roboto Condensed as subsets, never Helvetica, and draws no picture', async () => {
    const text = await expanded(await saved('fonts.pdf', (await slipOf(sampleOrder(60))).bytes));
    const baseFonts = [...text.matchAll(/\/BaseFont\s*\/([^\s/>\]]+)/g)].map((m) => m[1]);
    expect(baseFonts.length).toBeGreaterThan(0);
    // A subset's name is a six-letter tag, a plus sign and the face's own name.
    for (const name of baseFonts)
      expect(name).toMatch(/^[A-Z]{6}\+RobotoCondensed-(Regular|Bold)$/);
    expect(new Set(baseFonts.map((n) => n?.slice(7)))).toEqual(
      new Set(['RobotoCondensed-Regular', 'RobotoCondensed-Bold']),
    );
    expect(text).toContain('/FontFile2');
    expect(text).not.toMatch(/Helvetica/);
    expect(text).not.toMatch(/\/Subtype\s*\/Image/);
    // The PDF's dates are the injected time (16 March 2027 14:05 UTC), not the machine's.
    expect(text).toContain('(D:20270316140500Z)');
  });
});
