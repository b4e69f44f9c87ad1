// The label stocks the Labels screen offers, and the limits of a custom one.

export const STOCK_PRESETS = {
  '4x6in': { widthMm: 101.6, heightMm: 152.4 },
  '100x150mm': { widthMm: 100, heightMm: 150 },
  '4x4in': { widthMm: 101.6, heightMm: 101.6 },
} as const;

export { DENSITIES } from '@zpl/engine.ts';

/** Keeps custom sizes within what label printers take (and what the preview can render fast). */
export const clampMm = (value: number) =>
  Math.min(300, Math.max(10, Number.isFinite(value) ? value : 100));
