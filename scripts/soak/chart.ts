// The soak's chart: one PNG, a small panel per measure over the shift. The frames and words are
// a ZPL label drawn by our own label engine (src/zpl, its bundled fonts), the series are plotted
// into that label's bitmap, and the engine's PNG encoder writes it: no charting dependency. In
// each panel the dotted vertical line ends the warm-up (not judged), the dashed horizontal one is
// the bound (the reference + 5 %), and the title says the growth and the verdict.
import { writeFileSync } from 'node:fs';
import type { Bitmap } from '../../src/zpl/bitmap.ts';
import { loadFontsFromPackages } from '../../src/zpl/cli/fonts.ts';
import { ZplEngine } from '../../src/zpl/engine.ts';
import { encodePng } from '../../src/zpl/png/encode-png.ts';
import { BOUND, WARM_UP, type Verdict } from './judge.ts';

export interface ChartPanel {
  title: string;
  unit: string;
  series: readonly number[];
  verdict: Verdict | null;
}

const DPMM = 8;
const PANEL_W = 600;
const PANEL_H = 250;
const COLUMNS = 2;
/** The plot inside a panel: left margin for the axis numbers, top for the title. */
const PLOT = { left: 90, top: 50, width: 490, height: 160 };

const figure = (n: number) =>
  Math.abs(n) >= 100 ? n.toFixed(0) : Math.abs(n) >= 10 ? n.toFixed(1) : n.toFixed(2);

/** Text safe inside ^FD (no ^ or ~). */
const fd = (text: string) => text.replace(/[\^~]/g, ' ');

function line(bitmap: Bitmap, x0: number, y0: number, x1: number, y1: number): void {
  // Bresenham, two dots thick so a flat series is visible.
  const dx = Math.abs(x1 - x0);
  const dy = -Math.abs(y1 - y0);
  const sx = x0 < x1 ? 1 : -1;
  const sy = y0 < y1 ? 1 : -1;
  let error = dx + dy;
  for (let x = x0, y = y0; ;) {
    bitmap.fillRect(x, y, 2, 2);
    if (x === x1 && y === y1) return;
    const twice = 2 * error;
    if (twice >= dy) {
      error += dy;
      x += sx;
    }
    if (twice <= dx) {
      error += dx;
      y += sy;
    }
  }
}

function panelZpl(
  panel: ChartPanel,
  x: number,
  y: number,
  low: number,
  high: number,
  hours: number,
) {
  const verdict = panel.verdict;
  const judged = verdict
    ? `${verdict.growth >= 0 ? '+' : ''}${(verdict.growth * 100).toFixed(1)} % ${verdict.grew ? 'GREW' : 'ok'}`
    : 'reported';
  const unit = panel.unit ? ` (${panel.unit})` : '';
  const px = x + PLOT.left;
  const py = y + PLOT.top;
  return [
    `^FO${x + 10},${y + 12}^A0N,26,22^FD${fd(`${panel.title}${unit}: ${judged}`)}^FS`,
    `^FO${px},${py}^GB${PLOT.width},${PLOT.height},2^FS`,
    `^FO${x + 5},${py - 4}^A0N,20,16^FD${fd(figure(high))}^FS`,
    `^FO${x + 5},${py + PLOT.height - 18}^A0N,20,16^FD${fd(figure(low))}^FS`,
    `^FO${px},${py + PLOT.height + 8}^A0N,20,16^FD0 h^FS`,
    `^FO${px + PLOT.width - 40},${py + PLOT.height + 8}^A0N,20,16^FD${fd(`${hours} h`)}^FS`,
  ].join('');
}

/** Draws every panel and writes the PNG to `file`. */
export function writeChart(file: string, panels: readonly ChartPanel[], hours: number): void {
  const rows = Math.ceil(panels.length / COLUMNS);
  const width = PANEL_W * COLUMNS;
  const height = PANEL_H * rows;
  const ranges = panels.map((panel) => {
    const values = [
      ...panel.series,
      ...(panel.verdict ? [panel.verdict.reference * (1 + BOUND)] : []),
    ];
    let low = Math.min(...values);
    let high = Math.max(...values);
    if (high - low < 1e-9) {
      low -= 1;
      high += 1;
    }
    return { low, high };
  });
  const zpl = `^XA^PW${width}^LL${height}${panels
    .map((panel, i) => {
      const range = ranges[i] ?? { low: 0, high: 1 };
      return panelZpl(
        panel,
        (i % COLUMNS) * PANEL_W,
        Math.floor(i / COLUMNS) * PANEL_H,
        range.low,
        range.high,
        hours,
      );
    })
    .join('')}^XZ`;
  const engine = new ZplEngine(loadFontsFromPackages());
  const rendered = engine.render(zpl, {
    dpmm: DPMM,
    widthMm: width / DPMM,
    heightMm: height / DPMM,
  });
  const bitmap = rendered.labels[0]?.bitmap;
  if (!bitmap) throw new Error('the chart label drew nothing');
  panels.forEach((panel, i) => {
    const range = ranges[i] ?? { low: 0, high: 1 };
    const px = (i % COLUMNS) * PANEL_W + PLOT.left;
    const py = Math.floor(i / COLUMNS) * PANEL_H + PLOT.top;
    const n = panel.series.length;
    const toX = (k: number) => px + 3 + Math.round((k / Math.max(1, n - 1)) * (PLOT.width - 8));
    const toY = (v: number) =>
      py + 3 + Math.round(((range.high - v) / (range.high - range.low)) * (PLOT.height - 8));
    // The end of the warm-up: a dotted vertical line.
    const warm = toX(Math.floor(n * WARM_UP));
    for (let y = py; y < py + PLOT.height; y += 6) bitmap.fillRect(warm, y, 2, 3);
    // The bound: a dashed horizontal line.
    if (panel.verdict) {
      const bound = toY(panel.verdict.reference * (1 + BOUND));
      for (let x = px; x < px + PLOT.width; x += 12) bitmap.fillRect(x, bound, 7, 2);
    }
    for (let k = 1; k < n; k += 1)
      line(bitmap, toX(k - 1), toY(panel.series[k - 1] ?? 0), toX(k), toY(panel.series[k] ?? 0));
  });
  writeFileSync(file, encodePng(bitmap, { dotsPerMm: DPMM }));
}
