import type { Orientation } from '../painter.ts';

/**
 * Where a field's turned box goes so that one point of its upright frame (the anchor: the
 * frame's top-left for ^FO, the first baseline for ^FT text, the bars' bottom-left for ^FT
 * barcodes) lands on the label point (x, y). Points here sit between dots, so the same rule
 * holds for every orientation.
 */
export function boxOrigin(
  orientation: Orientation,
  frame: { width: number; height: number },
  anchor: { x: number; y: number },
  at: { x: number; y: number },
): { x: number; y: number } {
  const { width: w, height: h } = frame;
  const { x: ax, y: ay } = anchor;
  // Where the anchor ends up inside the turned box (see painter.ts for the turns).
  const inBox =
    orientation === 'N'
      ? { x: ax, y: ay }
      : orientation === 'R'
        ? { x: h - ay, y: ax }
        : orientation === 'I'
          ? { x: w - ax, y: h - ay }
          : { x: ay, y: w - ax };
  return { x: Math.round(at.x - inBox.x), y: Math.round(at.y - inBox.y) };
}

const ORIENTATIONS: readonly Orientation[] = ['N', 'R', 'I', 'B'];

/** An orientation parameter, or the fallback when it is empty or not one of N, R, I, B. */
export function orientationOf(raw: string | undefined, fallback: Orientation): Orientation {
  const letter = raw?.trim().toUpperCase() ?? '';
  return (ORIENTATIONS as readonly string[]).includes(letter) ? (letter as Orientation) : fallback;
}
