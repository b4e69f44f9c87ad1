// Issue #32's measure: how far the engine's pictures are from Labelary's on the reference corpus
// (../shared/labelary, or --labelary DIR), by labelize's metric, with labelize's and zebrash's
// own renders of the same files scored in the same run. The corpus never enters the repository:
// without it this prints one line and does nothing.
//
//   node scripts/bench/labelary.ts [--labelary DIR] [--only NAME,…] [--out DIR] [--worst N]
//
// `npm run bench` runs it as part of its zpl section (labelarySection) and keeps the figures in
// bench-results.json under `labelary`.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { ZplEngine } from '../../src/zpl/engine.ts';
import type { Dpmm } from '../../src/zpl/engine.ts';
import { loadFontsFromPackages } from '../../src/zpl/cli/fonts.ts';
import { encodePng } from '../../src/zpl/png/encode-png.ts';
import { Bitmap } from '../../src/zpl/bitmap.ts';
import { decodeGrey, type GreyImage } from './grey-png.ts';
import { makeFolders } from '../../src/main/platform/make-folders.ts';

export const DEFAULT_CORPUS = resolve(import.meta.dirname, '../../../shared/labelary');
const COMPETITORS = ['labelize', 'zebrash'] as const;
type Competitor = (typeof COMPETITORS)[number];
type Set = 'carrier' | 'small';

interface Fixture {
  id: string;
  zpl: string;
  reference: string;
  dpmm: number;
  widthMm: number;
  heightMm: number;
  labelIndex: number;
  competitors?: Partial<Record<Competitor, { render: string }>>;
}

export interface LabelScore {
  id: string;
  set: Set;
  ours: number;
  labelize: number | null;
  zebrash: number | null;
  /** Labels the engine made of the file (the reference is label `labelIndex`). */
  labels: number;
  ms: number;
}

export interface LabelaryFigures {
  corpus: string;
  labels: LabelScore[];
  /** Median diff % per set and overall, for us and each competitor (over the labels it has). */
  medians: Record<'ours' | Competitor, Record<Set | 'all', number | null>>;
  /** Labels where ours is at most the better competitor's figure. */
  bestOn: number;
  /** Labels more than one point worse than the better competitor. */
  behindByMoreThanOne: string[];
  msMedian: number;
}

/**
 * labelize's compare_images: a pixel differs when any RGBA channel differs by more than 32;
 * pixels outside the overlap count as differing; % of max width × max height. `crop` takes the
 * candidate's top-left corner at the reference's size first (the competitors' renders are a
 * few dots larger than the small cases' references).
 */
export function diffPercent(
  reference: GreyImage,
  candidate: GreyImage,
  crop = false,
): { percent: number; mask: Uint8Array } {
  const width = crop ? reference.width : Math.max(reference.width, candidate.width);
  const height = crop ? reference.height : Math.max(reference.height, candidate.height);
  const mask = new Uint8Array(width * height);
  let differing = 0;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const inRef = x < reference.width && y < reference.height;
      const inCand = x < candidate.width && y < candidate.height;
      const a = inRef ? (reference.grey[y * reference.width + x] ?? 0) : -1;
      const b = inCand ? (candidate.grey[y * candidate.width + x] ?? 0) : -1;
      if (a < 0 || b < 0 || Math.abs(a - b) > 32) {
        differing++;
        mask[y * width + x] = 1;
      }
    }
  }
  return { percent: (differing / (width * height)) * 100, mask };
}

function bitmapGrey(bitmap: Bitmap): GreyImage {
  const grey = new Uint8Array(bitmap.width * bitmap.height);
  for (let y = 0; y < bitmap.height; y++)
    for (let x = 0; x < bitmap.width; x++) grey[y * bitmap.width + x] = bitmap.get(x, y) ? 0 : 255;
  return { width: bitmap.width, height: bitmap.height, grey };
}

const median = (xs: number[]): number | null => {
  if (xs.length === 0) return null;
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? (s[mid] ?? 0) : ((s[mid - 1] ?? 0) + (s[mid] ?? 0)) / 2;
};

/** Scores every fixture (or those whose id contains one of `only`); null when there is no corpus. */
export function runLabelary(
  corpus: string,
  options: { only?: string[]; out?: string } = {},
): LabelaryFigures | null {
  const manifestPath = join(corpus, 'manifest.json');
  if (!existsSync(manifestPath)) return null;
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as { fixtures: Fixture[] };
  const engine = new ZplEngine(loadFontsFromPackages());
  engine.warmUp();
  const fixtures = manifest.fixtures.filter(
    (f) => !options.only?.length || options.only.some((o) => f.id.includes(o)),
  );
  if (options.out) makeFolders(options.out);
  const labels: LabelScore[] = [];
  for (const f of fixtures) {
    const zpl = readFileSync(join(corpus, f.zpl));
    const reference = decodeGrey(readFileSync(join(corpus, f.reference)));
    const stock = { dpmm: f.dpmm as Dpmm, widthMm: f.widthMm, heightMm: f.heightMm };
    // Timed warm (the second render): glyphs and code compiled, as at a station mid-shift.
    engine.render(zpl, stock);
    const started = performance.now();
    const result = engine.render(zpl, stock);
    const ms = performance.now() - started;
    const label = result.labels[f.labelIndex - 1];
    // No label at all is a blank sheet of the stock's size, as a printer would feed nothing.
    const ours: GreyImage = label
      ? bitmapGrey(label.bitmap)
      : {
          width: reference.width,
          height: reference.height,
          grey: new Uint8Array(reference.width * reference.height).fill(255),
        };
    const scored = diffPercent(reference, ours);
    const competitor = (name: Competitor): number | null => {
      const render = f.competitors?.[name]?.render;
      if (!render || !existsSync(join(corpus, render))) return null;
      return diffPercent(reference, decodeGrey(readFileSync(join(corpus, render))), true).percent;
    };
    const name = f.id.replace(/^lzu?-/, '');
    labels.push({
      id: name,
      set: f.zpl.includes('/unit/') ? 'small' : 'carrier',
      ours: scored.percent,
      labelize: competitor('labelize'),
      zebrash: competitor('zebrash'),
      labels: result.labels.length,
      ms,
    });
    if (options.out && label) {
      writeFileSync(join(options.out, `${name}.png`), encodePng(label.bitmap));
      writeFileSync(join(options.out, `${name}.diff.png`), diffPicture(reference, ours));
    }
  }
  const sets: (Set | 'all')[] = ['carrier', 'small', 'all'];
  const pick = (who: 'ours' | Competitor, set: Set | 'all') =>
    median(
      labels
        .filter((l) => set === 'all' || l.set === set)
        .map((l) => l[who])
        .filter((v): v is number => v !== null),
    );
  const medians = Object.fromEntries(
    (['ours', ...COMPETITORS] as const).map((who) => [
      who,
      Object.fromEntries(sets.map((s) => [s, pick(who, s)])),
    ]),
  ) as LabelaryFigures['medians'];
  const best = (l: LabelScore) =>
    Math.min(...[l.labelize, l.zebrash].filter((v): v is number => v !== null));
  return {
    corpus,
    labels,
    medians,
    bestOn: labels.filter((l) => l.ours <= best(l)).length,
    behindByMoreThanOne: labels.filter((l) => l.ours > best(l) + 1).map((l) => l.id),
    msMedian: median(labels.map((l) => l.ms)) ?? 0,
  };
}

/** The reference in light grey with our differing dots in black: where to look. */
function diffPicture(reference: GreyImage, ours: GreyImage): Uint8Array {
  const { mask } = diffPercent(reference, ours);
  const width = Math.max(reference.width, ours.width);
  const height = Math.max(reference.height, ours.height);
  // 1-bit: reference ink every other dot (a checker, so it reads as grey), differences solid.
  const picture = new Bitmap(width, height);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const refInk =
        x < reference.width &&
        y < reference.height &&
        (reference.grey[y * reference.width + x] ?? 255) < 128;
      if (mask[y * width + x] || (refInk && (x + y) % 2 === 0)) picture.set(x, y);
    }
  return encodePng(picture);
}

const pct = (v: number | null) => (v === null ? '—' : `${v.toFixed(2)} %`);

export function report(figures: LabelaryFigures, worst = 10): string[] {
  const lines: string[] = [];
  const m = figures.medians;
  lines.push(`Labelary corpus ${figures.corpus}: ${figures.labels.length} labels`);
  lines.push('median diff       all        carrier    small');
  for (const who of ['ours', ...COMPETITORS] as const) {
    // A competitor's medians are over the labels it rendered (zebrash: the ZPL its tests share).
    const n = figures.labels.filter((l) => l[who] !== null).length;
    lines.push(
      `${who.padEnd(16)}  ${pct(m[who].all).padEnd(9)}  ${pct(m[who].carrier).padEnd(9)}  ${pct(m[who].small).padEnd(9)}  (${n} labels)`,
    );
  }
  const shared = figures.labels.filter((l) => l.zebrash !== null);
  const on = (who: 'ours' | 'zebrash') => pct(median(shared.map((l) => l[who] ?? 0)));
  lines.push(`on zebrash's ${shared.length} labels: ours ${on('ours')}, zebrash ${on('zebrash')}`);
  lines.push(
    `ours best (≤ both competitors) on ${figures.bestOn} of ${figures.labels.length}; more than 1 point behind the better on ${figures.behindByMoreThanOne.length}: ${figures.behindByMoreThanOne.join(', ')}`,
  );
  lines.push(`engine ms per file (warm), median ${figures.msMedian.toFixed(1)}`);
  lines.push(`worst ${worst}:`);
  for (const l of [...figures.labels].sort((a, b) => b.ours - a.ours).slice(0, worst))
    lines.push(
      `  ${l.id.padEnd(34)} ${pct(l.ours).padEnd(9)} labelize ${pct(l.labelize).padEnd(9)} zebrash ${pct(l.zebrash)}${l.labels === 1 ? '' : `  (${l.labels} labels)`}`,
    );
  return lines;
}

interface Row {
  measure: string;
  figure: string;
  goal: string;
  ok: boolean;
}

/** `npm run bench`'s rows for issue #32 (or one skip line), and the figures for bench-results.json. */
export function labelarySection(
  rows: Row[],
  results: Record<string, unknown>,
  corpus = DEFAULT_CORPUS,
): void {
  const figures = runLabelary(corpus);
  if (!figures) {
    console.log(`11. Labelary corpus: skipped, no ${join(corpus, 'manifest.json')}`);
    return;
  }
  for (const line of report(figures, 5)) console.log(line);
  const m = figures.medians;
  const goals = { all: 1.0, carrier: 3.0, small: 0.2 } as const;
  for (const set of ['all', 'carrier', 'small'] as const)
    rows.push({
      measure: `11. Labelary diff median, ${set === 'all' ? 'all labels' : set === 'carrier' ? 'carrier labels' : 'small cases'} (ours / labelize / zebrash, %)`,
      figure: `${(m.ours[set] ?? 0).toFixed(2)} / ${(m.labelize[set] ?? 0).toFixed(2)} / ${(m.zebrash[set] ?? 0).toFixed(2)}`,
      goal: `≤ ${goals[set].toFixed(2)}`,
      ok: (m.ours[set] ?? Infinity) <= goals[set],
    });
  rows.push({
    measure: '11. Labelary: ours best of three / more than 1 point behind the better competitor',
    figure: `${figures.bestOn} / ${figures.behindByMoreThanOne.length}`,
    goal: '≥ 80 / 0',
    ok: figures.bestOn >= 80 && figures.behindByMoreThanOne.length === 0,
  });
  results['labelary'] = {
    medians: figures.medians,
    bestOn: figures.bestOn,
    behindByMoreThanOne: figures.behindByMoreThanOne,
    worst: [...figures.labels].sort((a, b) => b.ours - a.ours).slice(0, 5),
    labels: figures.labels,
  };
}

if (import.meta.main) {
  const { values } = parseArgs({
    options: {
      labelary: { type: 'string', default: DEFAULT_CORPUS },
      only: { type: 'string', default: '' },
      out: { type: 'string' },
      worst: { type: 'string', default: '10' },
      json: { type: 'boolean', default: false },
    },
  });
  const corpus = resolve(values.labelary);
  const figures = runLabelary(corpus, {
    only: values.only ? values.only.split(',') : [],
    ...(values.out ? { out: values.out } : {}),
  });
  if (!figures) console.log(`Labelary corpus: skipped, no ${join(corpus, 'manifest.json')}`);
  else if (values.json) console.log(JSON.stringify(figures));
  else for (const line of report(figures, Number(values.worst))) console.log(line);
}
