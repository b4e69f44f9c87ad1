import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { zipSync } from 'fflate';
import { afterAll, describe, expect, it } from 'vitest';
import { loadFontsFromPackages } from '@zpl/cli/fonts.ts';
import { ZplEngine } from '@zpl/engine.ts';
import { tempDir } from '../outbox/helpers.ts';
import { runFiles } from './run-files.ts';
import { realPdf } from '../support/pdf.ts';
import { ownerPasswordPdf, userPasswordPdf } from '../support/pdf-variants.ts';

// `npm run -s files -- split` as IT runs it: a separate process on a folder of a day's files.
// The labels it writes are judged by rendering each alone with the engine against the same
// label inside the original file; the PDFs by their bytes.

const dir = tempDir('packbench-files-cli-');
afterAll(() => dir.remove());

const files = (args: string[]) => runFiles(dir.path, args);

interface Piece {
  source: string;
  kind: string;
  index: number | null;
  pages: number[] | null;
  file: string | null;
  sha256: string | null;
  error: string | null;
}

// A marketplace's day: a logo downloaded once, a stored format recalled by every label, the
// module width set inside the format, and a block of printer settings between two labels.
const LOGO = '~DGR:LOGO.GRF,32,4,' + 'FFFFFFFF'.repeat(8) + '\n';
const FORMAT =
  '^XA^DFR:SHIP.ZPL^FS^BY3^FO20,120^BCN,80,Y,N^FN2^FS^FO20,20^XGR:LOGO.GRF,2,2^FS^FO120,30^A0N,40,40^FN1^FS^XZ\n';
const label = (order: string, tracking: string) =>
  `^XA^XFR:SHIP.ZPL^FN1^FD${order}^FS^FN2^FD${tracking}^FS^XZ\n`;
const DAY = `${LOGO}${FORMAT}${label('PB-1042', 'BR1042')}^XA^MMT^PW600^XZ\n${label('PB-1043', 'BR1043')}`;

describe('npm run -s files -- split', () => {
  it('splits a day into labels that print alone as in the file, and PDFs byte for byte', async () => {
    const day = join(dir.path, 'day');
    mkdirSync(day);
    writeFileSync(join(day, 'marketplace.txt'), DAY);
    const invoice = realPdf('NF-e 1042', 2);
    writeFileSync(join(day, 'a1b2c3'), invoice);
    writeFileSync(join(dir.path, 'more.zip'), zipSync({ 'NF-1043.pdf': realPdf('NF-e 1043') }));
    const run = await files(['split', 'day', 'more.zip', '--out', 'out', '--json']);
    const { pieces } = JSON.parse(run.out) as { pieces: Piece[] };
    expect(
      pieces.map((p) => [p.source.slice(dir.path.length + 1), p.kind, p.index, p.pages]),
    ).toEqual([
      ['day/a1b2c3', 'invoice', 1, [1, 2]],
      ['day/marketplace.txt', 'other', null, null],
      ['day/marketplace.txt', 'label', 1, null],
      ['day/marketplace.txt', 'other', null, null],
      ['day/marketplace.txt', 'label', 2, null],
      ['more.zip!NF-1043.pdf', 'invoice', 1, [1]],
    ]);
    // A block of settings and a stored format are pieces of their own, said so: exit 3.
    expect(run.code).toBe(3);
    expect(pieces[3]?.error).toBe(
      'A block of printer settings, not a label: its settings still apply to the labels after it.',
    );
    expect(run.err.trim()).toBe('2 piece(s) refused or not labels.');
    expect(readFileSync(pieces[0]?.file ?? '')).toEqual(Buffer.from(invoice));

    const engine = new ZplEngine(loadFontsFromPackages());
    const inFile = engine.render(DAY).labels;
    expect(inFile).toHaveLength(2);
    for (const [i, piece] of pieces.filter((p) => p.kind === 'label').entries()) {
      const alone = engine.render(readFileSync(piece.file ?? '')).labels;
      expect(alone, piece.file ?? '').toHaveLength(1);
      expect(Buffer.from(alone[0]?.bitmap.data ?? [])).toEqual(
        Buffer.from(inFile[i]?.bitmap.data ?? []),
      );
    }
  });

  it('exit 0 when every input is a label or an invoice, with the files named by source', async () => {
    writeFileSync(
      join(dir.path, 'one.zpl'),
      '^XA^FO10,10^A0N,30,30^FDPB-7^FS^XZ^XA^FO10,10^GB20,20,20^FS^XZ',
    );
    const run = await files(['split', 'one.zpl', '--out', 'out-one']);
    expect(run.code).toBe(0);
    expect(run.err).toBe('');
    expect(run.out.trim().split('\n')).toEqual([
      `${join(dir.path, 'one.zpl')}: label 1 → ${join(dir.path, 'out-one', 'one-label-1.zpl')}`,
      `${join(dir.path, 'one.zpl')}: label 2 → ${join(dir.path, 'out-one', 'one-label-2.zpl')}`,
    ]);
  });

  it('refuses what cannot be split in sentences, and splits the rest', async () => {
    writeFileSync(join(dir.path, 'cut.zpl'), '^XA^FO10,10^FDPB-1^FS^XZ\n^XA^FO10,10^FDPB-2^FS');
    writeFileSync(join(dir.path, 'locked.pdf'), userPasswordPdf('NF-e 9', 'secret'));
    // Protected only against editing: it opens, and is accepted as it is.
    writeFileSync(join(dir.path, 'erp.pdf'), ownerPasswordPdf('NF-e 10'));
    const run = await files([
      'split',
      'cut.zpl',
      'locked.pdf',
      'nowhere.zpl',
      '--out',
      'out-bad',
      '--json',
    ]);
    expect(run.code).toBe(3);
    const { pieces } = JSON.parse(run.out) as { pieces: Piece[] };
    const at = (p: Piece) => p.source.slice(dir.path.length + 1);
    expect(pieces.map((p) => [at(p), p.kind, p.file === null, p.error])).toEqual([
      ['cut.zpl', 'label', false, null],
      [
        'cut.zpl',
        'label',
        true,
        `The label that starts at line 2, column 1 of ${join(dir.path, 'cut.zpl')} never ends (no ^XZ): a printer would print nothing, so it was left out.`,
      ],
      [
        'locked.pdf',
        'invoice',
        true,
        `${join(dir.path, 'locked.pdf')} needs a password to open: save it without one and drop it again.`,
      ],
      [
        'nowhere.zpl',
        'other',
        true,
        `There is nothing at ${join(dir.path, 'nowhere.zpl')}: check the path.`,
      ],
    ]);
  });

  it('exit 1 when nothing can be read, 2 for bad usage, each with a sentence', async () => {
    const missing = await files(['split', 'nowhere.zpl', '--out', 'o', '--json']);
    expect([missing.code, missing.out]).toEqual([1, '']);
    expect(missing.err.trim()).toBe(
      `There is nothing at ${join(dir.path, 'nowhere.zpl')}: check the path.`,
    );
    // Node's own recursive mkdir retries /proc's ENOENT for ever: this hung before.
    const unwritable = await files(['split', 'one.zpl', '--out', '/proc/packbench-files/out']);
    expect([unwritable.code, unwritable.out]).toEqual([1, '']);
    expect(unwritable.err.trim()).toBe(
      'Cannot write into /proc/packbench-files/out: it is not a folder that can be made or written. Nothing was written.',
    );
    for (const args of [
      ['split', 'one.zpl'],
      ['split', '--out', 'o'],
      ['cut', 'one.zpl'],
      ['split', 'one.zpl', '--out', 'o', '--pdf'],
    ]) {
      const bad = await files(args);
      expect(bad.code, args.join(' ')).toBe(2);
      expect(bad.err).toContain('Usage: npm run -s files -- split');
    }
  });
});
