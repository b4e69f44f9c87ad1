// ^BDm,n,t — UPS MaxiCode (ZPL II Programming Guide, ^BD). bwip-js encodes (its `maxicode`
// encoder gives the dark modules of the 30 × 33 grid); the hexagons and the bull's-eye are
// drawn here, because a MaxiCode's size is fixed (about 25 × 24 mm: ^BY has no effect on it)
// and its modules sit on a hexagonal grid no rectangle renderer can give.
//
// The field data of modes 2 and 3 is the guide's: a high priority message (3-digit class of
// service, 3-digit country, then a 9-digit US postal code in mode 2 or a 6-character one in
// mode 3) and the low priority message after it, usually UPS's "[)>RS01GS96…". bwip-js takes
// the structured carrier message the ISO way (postal code GS country GS class GS, after the
// "[)>RS01GSyy" header when there is one), so the data is rearranged, not re-encoded.
//
// Geometry: measured on Labelary's renders (the reference integrators check against) at 8
// dots/mm and scaled with the density: modules 0.84 mm apart across, rows √3/2 of that,
// hexagons about the pitch tall, the bull's-eye's three rings centred on row 16 (fitted to the
// reference dot for dot: 96 % of the symbol's dots agree).
import { asBytes, encode } from './bwip.ts';
import type { Rects } from './draw.ts';
import { paintRects } from './draw.ts';
import type { BarcodeContext, BarcodeLayout } from './types.ts';
import { emptyLayout } from './types.ts';

export interface MaxiCodeParams {
  /** m: 2-6; default 2. */
  mode?: number;
  /** n: this symbol's number in a structured append, 1-8. */
  symbol?: number;
  /** t: how many symbols the structured append has, 1-8. */
  total?: number;
}

const COLUMNS = 30;
const ROWS = 33;
/** Centre-to-centre across a row, in mm (6.72 dots at 8 dots/mm). */
const PITCH_MM = 0.84;
/** The first module's centre from the field origin, in pitches. */
const ORIGIN = { x: 0.36, y: 0.5 };
/** A hexagon's height (point to point) over the pitch, and its width over a regular one's. */
const HEX = { height: 1.01, width: 0.98 };
/** The bull's-eye: centre (in columns, rows) and the radii where ink starts and stops, in pitches. */
const EYE = { column: 14.12, row: 16.1, radii: [0.592, 1.339, 2.101, 2.868, 3.63, 4.388] };

const GS = '\x1d';
const RS = '\x1e';
/** "[)>" RS "01" GS and a two-digit year: the ISO 15434 header UPS messages open with. */
const isHeader = (text: string): boolean =>
  text.startsWith(`[)>${RS}01${GS}`) && /^\d\d$/.test(text.slice(7, 9));

/** ZPL's ^FD for modes 2 and 3 as bwip-js wants it, or an error for the warning. */
function carrierMessage(data: string, mode: 2 | 3): { text: string } | { error: string } {
  const postalLength = mode === 2 ? 9 : 6;
  const hpm = data.slice(0, 6 + postalLength);
  if (hpm.length < 6 + postalLength)
    return { error: `mode ${mode} needs ${6 + postalLength} characters before the message` };
  const service = hpm.slice(0, 3);
  const country = hpm.slice(3, 6);
  // A US ZIP+4 of which only the ZIP is known is sent as the 5 digits.
  let postal = hpm.slice(6).trimEnd();
  if (mode === 2 && /^\d{5}0000$/.test(postal)) postal = postal.slice(0, 5);
  const lpm = data.slice(6 + postalLength);
  const primary = `${postal}${GS}${country}${GS}${service}${GS}`;
  return {
    text: isHeader(lpm) ? `${lpm.slice(0, 9)}${primary}${lpm.slice(9)}` : `${primary}${lpm}`,
  };
}

export function maxicode(data: string, params: MaxiCodeParams, ctx: BarcodeContext): BarcodeLayout {
  const warnings: string[] = [];
  if (data.length === 0) return emptyLayout(['^BD field data is empty; nothing is drawn']);
  let mode = params.mode ?? 2;
  if (!Number.isInteger(mode) || mode < 2 || mode > 6) {
    warnings.push(`^BD mode ${mode} is outside 2 to 6; mode 2 is used`);
    mode = 2;
  }
  let text = asBytes(data);
  if (mode === 2 || mode === 3) {
    const message = carrierMessage(text, mode);
    if ('error' in message) return emptyLayout([...warnings, `^BD ${message.error}`]);
    text = message.text;
  }
  const options: Record<string, number | boolean> = { mode };
  const total = params.total ?? 1;
  if (total > 1 && total <= 8) {
    options['sam'] = (Math.min(Math.max(params.symbol ?? 1, 1), total) - 1) * 10 + total;
  }
  let result = encode('maxicode', text, options);
  // A postal code the symbology cannot hold in mode 2 (letters) is what mode 3 is for; the
  // printer refuses the field, but a preview that shows the symbol mode 3 would make helps more.
  if (!result.ok && mode === 2) {
    const retry = carrierMessage(asBytes(data), 3);
    if ('text' in retry) result = encode('maxicode', retry.text, { ...options, mode: 3 });
  }
  if (!result.ok || result.encoding.kind !== 'hexagons') {
    return emptyLayout([
      ...warnings,
      `^BD cannot encode the field data (${result.ok ? 'unexpected encoding' : result.error}); nothing is drawn`,
    ]);
  }
  const { rects, width, height } = raster(result.encoding.dark, (ctx.dpmm ?? 8) * PITCH_MM);
  return {
    width,
    height,
    symbol: { x: 0, y: 0, width, height },
    draw: (p) => paintRects(p, rects),
    text: [],
    warnings,
  };
}

/**
 * The symbol's dots, as rectangles (one per run in each dot row): a dot is ink when its centre
 * lies in a dark module's hexagon or in one of the bull's-eye's rings.
 */
function raster(
  dark: ReadonlySet<number>,
  pitch: number,
): { rects: Rects; width: number; height: number } {
  const rowPitch = (pitch * Math.sqrt(3)) / 2;
  const r = (HEX.height * pitch) / 2; // centre to point (top and bottom)
  const half = (HEX.width * r * Math.sqrt(3)) / 2; // centre to flat side (left and right)
  const width = Math.ceil((COLUMNS + 1) * pitch);
  const height = Math.ceil((ROWS + 1) * rowPitch);
  const ink = new Uint8Array(width * height);
  for (const index of dark) {
    const row = Math.floor(index / COLUMNS);
    const column = index % COLUMNS;
    const cx = (ORIGIN.x + column + (row % 2 ? 0.5 : 0)) * pitch;
    const cy = ORIGIN.y * pitch + row * rowPitch;
    for (let y = Math.floor(cy - r); y <= Math.ceil(cy + r); y++) {
      const dy = Math.abs(y + 0.5 - cy);
      if (dy > r || y < 0 || y >= height) continue;
      // A pointy-top hexagon: full width within r/2 of the centre, narrowing to the points.
      const reach = dy <= r / 2 ? half : (half * (r - dy)) / (r / 2);
      for (let x = Math.ceil(cx - reach - 0.5); x + 0.5 <= cx + reach; x++)
        if (x >= 0 && x < width) ink[y * width + x] = 1;
    }
  }
  const ex = (ORIGIN.x + EYE.column) * pitch;
  const ey = ORIGIN.y * pitch + EYE.row * rowPitch;
  const radii = EYE.radii.map((k) => k * pitch);
  const outer = radii.at(-1) ?? 0;
  for (let y = Math.floor(ey - outer); y <= Math.ceil(ey + outer); y++) {
    for (let x = Math.floor(ex - outer); x <= Math.ceil(ex + outer); x++) {
      if (x < 0 || y < 0 || x >= width || y >= height) continue;
      const d = Math.hypot(x + 0.5 - ex, y + 0.5 - ey);
      // Radii alternate: ink from the 1st to the 2nd, the 3rd to the 4th, the 5th to the 6th.
      let inside = false;
      for (let i = 0; i + 1 < radii.length; i += 2)
        if (d >= (radii[i] ?? 0) && d < (radii[i + 1] ?? 0)) inside = true;
      if (inside) ink[y * width + x] = 1;
    }
  }
  const out: number[] = [];
  for (let y = 0; y < height; y++) {
    let x = 0;
    while (x < width) {
      if (ink[y * width + x] !== 1) {
        x++;
        continue;
      }
      const start = x;
      while (x < width && ink[y * width + x] === 1) x++;
      out.push(start, y, x - start, 1);
    }
  }
  return { rects: Int32Array.from(out), width, height };
}
