import { coverCrop } from '@shared/camera.ts';

// One frame of a pack's clip (issue #41): the camera's picture, cropped to the clip's shape,
// with the pack's facts in a dark band on top, large enough to read in any frame. Drawn the
// same in the window (the canvas path) and in the overlay worker, which lays the same band
// straight onto the camera's YUV frames when it can (overlay-band.ts).

type Context2D = CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D;

/** The band's text size in a frame `height` pixels tall. */
const textSize = (height: number) => Math.round(height / 18);

/** How many rows the band covers in a frame `height` pixels tall. */
export function bandRows(height: number, lines: readonly string[]): number {
  const size = textSize(height);
  return Math.ceil(size * 1.35 * lines.length + size * 0.6);
}

/** The band alone, from the context's top: sized for a frame `height` pixels tall. */
export function drawBand(context: Context2D, height: number, lines: readonly string[]): void {
  const size = textSize(height);
  context.fillStyle = 'rgba(0, 0, 0, 0.78)';
  context.fillRect(0, 0, context.canvas.width, bandRows(height, lines));
  context.fillStyle = '#ffffff';
  context.font = `bold ${size}px sans-serif`;
  context.textBaseline = 'top';
  lines.forEach((line, i) => context.fillText(line, size * 0.5, size * 0.4 + i * size * 1.35));
}

export function drawFrame(
  context: Context2D,
  picture: CanvasImageSource,
  source: { width: number; height: number },
  lines: readonly string[],
): void {
  const { width, height } = context.canvas;
  if (source.width > 0 && source.height > 0) {
    const crop = coverCrop(source, { width, height });
    context.drawImage(picture, crop.x, crop.y, crop.width, crop.height, 0, 0, width, height);
  }
  drawBand(context, height, lines);
}
