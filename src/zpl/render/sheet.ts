// The finished sheet: what happens to the whole picture once every field is drawn. ^PW's
// centring and cut, and ^POI's half turn, done byte-wise because every label printed on a
// narrower ^PW or inverted goes through them.
import type { Bitmap } from '../bitmap.ts';

/**
 * ^PW: nothing prints beyond the print width, and a print width narrower than the stock is
 * centred on it (the head's dots are centred on the media), as Labelary shows it: a ^PW800
 * label on 813-dot stock starts 6 dots in. Fields drawn before the ^PW that set `offset` came
 * were drawn `late` dots too far left, and move now. ^POI (`invert`) then turns the whole
 * sheet, margins included (the centred area stays centred).
 */
export function finishSheet(
  bitmap: Bitmap,
  sheet: { printWidth: number; offset: number; late: number; invert: boolean },
): void {
  const { printWidth, offset, late, invert } = sheet;
  if (late > 0) shiftRight(bitmap, late);
  if (printWidth < bitmap.width) {
    bitmap.fillRect(0, 0, offset, bitmap.height, 'white');
    bitmap.fillRect(offset + printWidth, 0, bitmap.width, bitmap.height, 'white');
  }
  if (invert) rotate180(bitmap);
}

/** Moves every row `by` dots to the right, white coming in on the left (byte-wise: it is
 * done on every label printed on a narrower ^PW). */
function shiftRight(bitmap: Bitmap, by: number): void {
  if (by <= 0) return;
  const { data, stride, width } = bitmap;
  const bytes = by >> 3;
  const bits = by & 7;
  const back = 8 - bits;
  const lastMask = (0xff << (stride * 8 - width)) & 0xff;
  for (let row = 0; row < data.length; row += stride) {
    const end = row + stride - 1;
    if (bits === 0) data.copyWithin(row + bytes, row, end + 1 - bytes);
    else {
      // From the right: each byte is the two it straddles, the earlier one's low bits first.
      for (let i = end; i > row + bytes; i--) {
        const j = i - bytes;
        data[i] = (((data[j] as number) >> bits) | ((data[j - 1] as number) << back)) & 0xff;
      }
      data[row + bytes] = (data[row] as number) >> bits;
    }
    data.fill(0, row, row + bytes);
    data[end] = (data[end] as number) & lastMask;
  }
}

/** Each byte with its bits in the opposite order. */
const REVERSED = Uint8Array.from({ length: 256 }, (_, b) => {
  let r = 0;
  for (let i = 0; i < 8; i++) if (b & (1 << i)) r |= 0x80 >> i;
  return r;
});

/** ^POI: the sheet turned half a turn (the label comes out of the printer inverted). Byte-wise:
 * each row's bytes reversed, bit order too, then moved left by the row's padding bits. */
function rotate180(bitmap: Bitmap): void {
  const { data, stride, width, height } = bitmap;
  const pad = stride * 8 - width;
  const out = new Uint8Array(data.length);
  for (let y = 0; y < height; y++) {
    const src = y * stride;
    const dst = (height - 1 - y) * stride;
    for (let i = 0; i < stride; i++) {
      const a = REVERSED[data[src + stride - 1 - i] ?? 0] ?? 0;
      const b = i + 1 < stride ? (REVERSED[data[src + stride - 2 - i] ?? 0] ?? 0) : 0;
      out[dst + i] = pad === 0 ? a : ((a << pad) | (b >> (8 - pad))) & 0xff;
    }
  }
  data.set(out);
}
