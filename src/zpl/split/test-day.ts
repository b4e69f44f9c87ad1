// Test support for the splitter's tests (never imported by the engine): ZPL files written the
// way a marketplace hands a seller a day of labels, from the ZPL II guide's commands. A ~DG
// logo downloaded once at the top, a ^DF format recalled by ^XF with ^FN fields, ^CI28 UTF-8
// names, Code 128 and QR tracking codes, settings changed between labels and inside the ^DF,
// and printer configuration blocks in the middle.
import type { Bitmap } from '../bitmap.ts';

/** ~DG of a `rows` × `bytesPerRow × 8` dot picture, hex, a pattern that depends on `seed`. */
export function logo(name: string, seed: number, bytesPerRow = 6, rows = 40): string {
  let hex = '';
  for (let r = 0; r < rows; r++)
    for (let b = 0; b < bytesPerRow; b++) {
      const edge = r === 0 || r === rows - 1 ? 0xff : b === 0 ? 0x80 : 0;
      const value = (edge | ((r * 7 + b * 13 + seed * 29) ^ (r << 2))) & 0xff;
      hex += value.toString(16).padStart(2, '0').toUpperCase();
    }
  return `~DGR:${name}.GRF,${bytesPerRow * rows},${bytesPerRow},${hex}\n`;
}

export const NAMES = [
  'José Conceição',
  'Maria Souza',
  'Ana Müller',
  'João Ñuñez',
  'Françoise Lefèvre',
  'Zoë Åström',
];
export const CITIES = ['São Paulo SP 01311-000', 'Curitiba PR', 'Belém PA', 'Niterói RJ'];

export const tracking = (n: number): string => `BR${String(100000 + n * 37).padStart(9, '0')}BR`;

/** The ^DF format the marketplace's labels recall: ^BY and ^CF set inside it. */
export function shipFormat(name = 'SHIP', moduleWidth = 3): string {
  return (
    `^XA^DFR:${name}.ZPL^FS\n` +
    `^BY${moduleWidth},2.5,80^CF0,28\n` +
    '^FO20,20^XGR:LOGO.GRF,2,2^FS\n' +
    '^FO20,120^FDShip to:^FS\n' +
    '^FO20,160^FN1^FS\n' +
    '^FO20,200^FN2^FS\n' +
    '^FO20,260^BCN,,Y,N^FN3^FS\n' +
    '^FO560,250^BQN,2,5^FN4^FS\n' +
    '^XZ\n'
  );
}

/** One label that recalls the stored format and fills its four fields. */
export function recallLabel(n: number, format = 'SHIP'): string {
  const t = tracking(n);
  return (
    `^XA^XFR:${format}.ZPL^FS\n` +
    `^FN1^FD${NAMES[n % NAMES.length] ?? ''} #${n}^FS\n` +
    `^FN2^FD${CITIES[n % CITIES.length] ?? ''}^FS\n` +
    `^FN3^FD${t}^FS\n` +
    `^FN4^FDQA,${t}^FS\n` +
    '^XZ\n'
  );
}

/** One label drawn field by field, relying on the ^BY, ^CF, ^LH… in force before it. */
export function directLabel(n: number): string {
  const t = tracking(n);
  return (
    '^XA\n' +
    '^FO10,10^XGR:LOGO.GRF,1,1^FS\n' +
    `^FO10,90^FD${NAMES[n % NAMES.length] ?? ''}^FS\n` +
    `^FO10,150^BCN^FD${t}^FS\n` +
    `^FO10,420^BQN,2,3^FDQA,${t}^FS\n` +
    '^XZ\n'
  );
}

/**
 * A day of `count` labels: ^CI28 and the print width in a configuration block at the top, the
 * logo (and one no label uses) downloaded once, the ^DF format, then labels recalling it with a
 * direct label and a configuration block changing ^LH/^PW/^CF every `every` labels.
 */
export function marketplaceDay(count: number, every = 7): string {
  let zpl = '^XA^CI28^PW812^LH0,0^MMT^XZ\n' + logo('LOGO', 1) + logo('UNUSED', 2) + shipFormat();
  for (let n = 1; n <= count; n++) {
    if (n % every === 0) {
      zpl += `^XA^LH${n % 40},${n % 30}^PW${700 + (n % 100)}^CF0,${20 + (n % 20)}^MD${n % 10}^XZ\n`;
      zpl += directLabel(n);
    } else zpl += recallLabel(n);
  }
  return zpl;
}

/** Whether two pictures have exactly the same dots (byte for byte: the padding bits stay 0). */
export function sameBitmap(a: Bitmap, b: Bitmap): boolean {
  if (a.width !== b.width || a.height !== b.height) return false;
  const x = a.data;
  const y = b.data;
  for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return false;
  return true;
}

/** Dots that differ, for messages. */
export function differingDots(a: Bitmap, b: Bitmap): number {
  let n = 0;
  for (let i = 0; i < a.data.length; i++) {
    let v = ((a.data[i] ?? 0) ^ (b.data[i] ?? 0)) & 0xff;
    for (; v; v &= v - 1) n++;
  }
  return n;
}
