import { describe, expect, it } from 'vitest';
import { bandFromRgba, blendBand, isPlanarFormat, type Plane } from './overlay-band.ts';

// The band blended into a camera's YUV planes (the overlay worker's fast path): judged against
// the BT.601 arithmetic by hand, on frames whose every byte is known.

/** A band `width` × `rows` of one RGBA colour. */
function flat(width: number, rows: number, rgba: [number, number, number, number]) {
  const pixels = new Uint8ClampedArray(width * rows * 4);
  for (let i = 0; i < width * rows; i += 1) pixels.set(rgba, i * 4);
  return pixels;
}

/** An I420 frame of one colour, each row padded by `pad` bytes set to 7. */
function i420(width: number, height: number, yuv: [number, number, number], pad = 0) {
  const cw = Math.ceil(width / 2);
  const ch = Math.ceil(height / 2);
  const planes: Plane[] = [
    { offset: 0, stride: width + pad },
    { offset: (width + pad) * height, stride: cw + pad },
    { offset: (width + pad) * height + (cw + pad) * ch, stride: cw + pad },
  ];
  const data = new Uint8Array((width + pad) * height + 2 * (cw + pad) * ch).fill(7);
  const fill = (plane: Plane, w: number, h: number, value: number) => {
    for (let y = 0; y < h; y += 1)
      data.fill(value, plane.offset + y * plane.stride, plane.offset + y * plane.stride + w);
  };
  fill(planes[0] as Plane, width, height, yuv[0]);
  fill(planes[1] as Plane, cw, ch, yuv[1]);
  fill(planes[2] as Plane, cw, ch, yuv[2]);
  return { data, planes };
}

const at = (data: Uint8Array, plane: Plane | undefined, x: number, y: number) =>
  data[(plane?.offset ?? 0) + y * (plane?.stride ?? 0) + x];

describe('the overlay band on YUV planes', () => {
  it('knows the layouts it blends', () => {
    expect(isPlanarFormat('I420')).toBe(true);
    expect(isPlanarFormat('NV12')).toBe(true);
    expect(isPlanarFormat('RGBA')).toBe(false);
    expect(isPlanarFormat(null)).toBe(false);
  });

  it('paints opaque white as video white, limited or full range, and leaves colour neutral', () => {
    const limited = i420(4, 4, [100, 60, 200]);
    blendBand(
      limited.data,
      'I420',
      limited.planes,
      4,
      bandFromRgba(flat(4, 2, [255, 255, 255, 255]), 4, 2, false),
    );
    expect(at(limited.data, limited.planes[0], 0, 0)).toBe(235);
    expect(at(limited.data, limited.planes[0], 3, 1)).toBe(235);
    expect(at(limited.data, limited.planes[1], 0, 0)).toBe(128);
    expect(at(limited.data, limited.planes[2], 1, 0)).toBe(128);
    // Below the band, nothing changed.
    expect(at(limited.data, limited.planes[0], 0, 2)).toBe(100);
    expect(at(limited.data, limited.planes[1], 0, 1)).toBe(60);

    const full = i420(4, 4, [100, 60, 200]);
    blendBand(
      full.data,
      'I420',
      full.planes,
      4,
      bandFromRgba(flat(4, 2, [255, 255, 255, 255]), 4, 2, true),
    );
    expect(at(full.data, full.planes[0], 2, 1)).toBe(255);
  });

  it("darkens the picture under the 78 % black strip by the strip's weight", () => {
    const frame = i420(6, 4, [200, 90, 170]);
    // rgba(0, 0, 0, 0.78) as a canvas stores it: alpha 199 of 255.
    blendBand(
      frame.data,
      'I420',
      frame.planes,
      4,
      bandFromRgba(flat(6, 2, [0, 0, 0, 199]), 6, 2, false),
    );
    const a = Math.round((199 * 256) / 255);
    expect(at(frame.data, frame.planes[0], 5, 1)).toBe((200 * (256 - a) + Math.round(16 * a)) >> 8);
    expect(at(frame.data, frame.planes[1], 2, 0)).toBe((90 * (256 - a) + Math.round(128 * a)) >> 8);
    expect(at(frame.data, frame.planes[2], 2, 0)).toBe(
      (170 * (256 - a) + Math.round(128 * a)) >> 8,
    );
  });

  it('leaves transparent pixels, row padding and rows past the frame alone', () => {
    const frame = i420(5, 3, [50, 100, 150], 3);
    const band = flat(5, 6, [255, 255, 255, 255]);
    // The band's second column is see-through.
    for (let y = 0; y < 6; y += 1) band[(y * 5 + 1) * 4 + 3] = 0;
    blendBand(frame.data, 'I420', frame.planes, 3, bandFromRgba(band, 5, 6, false));
    expect(at(frame.data, frame.planes[0], 0, 2)).toBe(235);
    expect(at(frame.data, frame.planes[0], 1, 2)).toBe(50);
    // Odd width: the last chroma column covers one luma column and is blended whole.
    expect(at(frame.data, frame.planes[1], 2, 1)).toBe(128);
    // The padding after each row is untouched in every plane.
    for (const [plane, width, rows] of [
      [frame.planes[0], 5, 3],
      [frame.planes[1], 3, 2],
      [frame.planes[2], 3, 2],
    ] as const)
      for (let y = 0; y < rows; y += 1)
        for (let x = width; x < width + 3; x += 1) expect(at(frame.data, plane, x, y)).toBe(7);
  });

  it("blends NV12's interleaved chroma, U then V", () => {
    const width = 4;
    const height = 2;
    const planes: Plane[] = [
      { offset: 0, stride: width },
      { offset: width * height, stride: width },
    ];
    const data = new Uint8Array(width * height + width).fill(0);
    data.fill(80, 0, width * height);
    for (let x = 0; x < width; x += 2) {
      data[width * height + x] = 40;
      data[width * height + x + 1] = 220;
    }
    // Opaque pure red: its own U and V, not the neutral 128.
    blendBand(
      data,
      'NV12',
      planes,
      height,
      bandFromRgba(flat(4, 2, [255, 0, 0, 255]), 4, 2, false),
    );
    expect(data[0]).toBe(Math.round(16 + 65.481));
    expect(data[width * height]).toBe(Math.round(128 - 37.797));
    expect(data[width * height + 1]).toBe(Math.round(128 + 112));
    expect(data[width * height + 3]).toBe(Math.round(128 + 112));
  });
});
