// What every bench section shares: its rows for the table, its figures for bench-results.json,
// the run's parameters, and a few measuring helpers. Sections get it as an argument; none keeps
// state of its own between sections.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

export const ROOT = join(import.meta.dirname, '../..');

export interface BenchRow {
  measure: string;
  figure: string;
  goal: string;
  ok: boolean;
}

export interface BenchContext {
  rows: BenchRow[];
  results: Record<string, unknown>;
  /** Jobs each budget run submits. */
  submissions: number;
  /** The sandbox's rate-limit window (time-scaled below 60 s). */
  windowMs: number;
  /** Requests per window. */
  limit: number;
  /** The Labelary corpus for the zpl section, when given. */
  labelary: string | undefined;
}

export type BenchSection = (context: BenchContext) => Promise<void> | void;

/** The value at percentile p (nearest rank, rounding down). */
export const percentile = (xs: number[], p: number) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};

/** A file of the renderer build, gzipped at level 9, in bytes. */
export const gzipped = (file: string) =>
  gzipSync(readFileSync(join(ROOT, 'out/renderer', file)), { level: 9 }).length;

export const kb = (bytes: number) => (bytes / 1024).toFixed(0);
