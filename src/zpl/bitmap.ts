// A 1-bit label image: one bit per printer dot, rows packed MSB-first, 1 = black (ink).
// Everything the engine draws ends here; the PNG encoder and the printer read it as is.

export class Bitmap {
  readonly width: number;
  readonly height: number;
  /** Bytes per row. */
  readonly stride: number;
  readonly data: Uint8Array;

  constructor(width: number, height: number, data?: Uint8Array) {
    if (!Number.isInteger(width) || !Number.isInteger(height) || width < 0 || height < 0) {
      throw new RangeError(`bitmap size must be whole dots, got ${width}×${height}`);
    }
    this.width = width;
    this.height = height;
    this.stride = (width + 7) >> 3;
    this.data = data ?? new Uint8Array(this.stride * height);
    if (this.data.length !== this.stride * height) {
      throw new RangeError(
        `bitmap data holds ${this.data.length} bytes, expected ${this.stride * height}`,
      );
    }
  }

  get(x: number, y: number): 0 | 1 {
    if (x < 0 || y < 0 || x >= this.width || y >= this.height) return 0;
    return (((this.data[y * this.stride + (x >> 3)] ?? 0) >> (7 - (x & 7))) & 1) as 0 | 1;
  }

  /** Paints one dot; outside the bitmap is ignored (labels clip at the stock's edge). */
  set(x: number, y: number, mode: DrawMode = 'black'): void {
    if (x < 0 || y < 0 || x >= this.width || y >= this.height) return;
    this.apply(y * this.stride + (x >> 3), 0x80 >> (x & 7), mode);
  }

  /** Paints the dots x0 ≤ x < x1 of row y, clipped; whole bytes at a time in the middle. */
  span(y: number, x0: number, x1: number, mode: DrawMode = 'black'): void {
    if (y < 0 || y >= this.height) return;
    if (x0 < 0) x0 = 0;
    if (x1 > this.width) x1 = this.width;
    if (x1 <= x0) return;
    const row = y * this.stride;
    const first = x0 >> 3;
    const last = (x1 - 1) >> 3;
    const headMask = 0xff >> (x0 & 7);
    const tailMask = (0xff << (7 - ((x1 - 1) & 7))) & 0xff;
    if (first === last) {
      this.apply(row + first, headMask & tailMask, mode);
      return;
    }
    this.apply(row + first, headMask, mode);
    for (let b = first + 1; b < last; b++) this.apply(row + b, 0xff, mode);
    this.apply(row + last, tailMask, mode);
  }

  /** Paints a rectangle of w×h dots whose top-left dot is (x, y), clipped. */
  fillRect(x: number, y: number, w: number, h: number, mode: DrawMode = 'black'): void {
    const y0 = Math.max(0, y);
    const y1 = Math.min(this.height, y + h);
    for (let row = y0; row < y1; row++) this.span(row, x, x + w, mode);
  }

  /** Paints every black dot of `ink` onto this bitmap with its top-left at (x, y). */
  stamp(ink: Bitmap, x: number, y: number, mode: DrawMode = 'black'): void {
    for (let sy = 0; sy < ink.height; sy++) {
      const ty = y + sy;
      if (ty < 0 || ty >= this.height) continue;
      let runStart = -1;
      for (let sx = 0; sx <= ink.width; sx++) {
        const on = sx < ink.width && ink.get(sx, sy) === 1;
        if (on && runStart < 0) runStart = sx;
        else if (!on && runStart >= 0) {
          this.span(ty, x + runStart, x + sx, mode);
          runStart = -1;
        }
      }
    }
  }

  /** Inverts every dot (^LR, ^POI helpers and tests). */
  invert(): void {
    for (let i = 0; i < this.data.length; i++) this.data[i] = ~(this.data[i] ?? 0) & 0xff;
    this.clearPadding();
  }

  /** Number of black dots (tests and ink checks). */
  countInk(): number {
    let n = 0;
    for (let y = 0; y < this.height; y++) {
      for (let x = 0; x < this.width; x++) n += this.get(x, y);
    }
    return n;
  }

  private apply(i: number, mask: number, mode: DrawMode): void {
    const byte = this.data[i] ?? 0;
    this.data[i] = mode === 'black' ? byte | mask : mode === 'white' ? byte & ~mask : byte ^ mask;
  }

  /** Keeps the bits past `width` in each row's last byte at 0, so bytes compare exactly. */
  private clearPadding(): void {
    const extra = this.stride * 8 - this.width;
    if (extra === 0) return;
    const mask = (0xff << extra) & 0xff;
    for (let y = 0; y < this.height; y++) {
      const i = y * this.stride + this.stride - 1;
      this.data[i] = (this.data[i] ?? 0) & mask;
    }
  }
}

/** How ink meets the label: ZPL draws black, `W` colour draws white, `^FR`/`^LR` invert. */
export type DrawMode = 'black' | 'white' | 'xor';
