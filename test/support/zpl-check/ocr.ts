// Reads text off a label bitmap with Tesseract, so font tests can ask "does this say what it
// should?" of an engine that never saw our glyph tables. The bitmap goes out through our own
// PNG encoder (Tesseract reads it with libpng), in a temp dir removed afterwards.
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Bitmap } from '@zpl/bitmap.ts';
import { encodePng } from '@zpl/png/encode-png.ts';
import { frame, type Region } from './region.ts';

const run = promisify(execFile);

export const DEFAULT_TESSERACT = '/usr/bin/tesseract';

export interface OcrOptions {
  /** Read only this part of the label. */
  region?: Region;
  /**
   * Tesseract page segmentation mode: 7 (default) one line, 8 one word, 6 a block, 13 a raw
   * line without Tesseract's layout heuristics.
   */
  psm?: number;
  /** Whole-number upscale (default 1): Tesseract loses accuracy below ~10 px x-height. */
  scale?: number;
  /** White dots added on every side before scaling (Tesseract wants a margin). Default 10. */
  border?: number;
  /** Tesseract language; default 'eng'. */
  lang?: string;
  /** Only these characters may be read (tessedit_char_whitelist), e.g. '0123456789'. */
  whitelist?: string;
  /** The tesseract binary; default /usr/bin/tesseract. */
  tesseract?: string;
  /** Give up after this long (ms); default 20 000. */
  timeoutMs?: number;
}

/** The text Tesseract reads in the bitmap (or region), trimmed. */
export async function ocr(bitmap: Bitmap, options: OcrOptions = {}): Promise<string> {
  const binary = options.tesseract ?? DEFAULT_TESSERACT;
  const scale = options.scale ?? 1;
  const image = frame(bitmap, { region: options.region, margin: options.border ?? 10, scale });
  const dir = await mkdtemp(join(tmpdir(), 'packbench-ocr-'));
  try {
    const file = join(dir, 'label.png');
    await writeFile(file, encodePng(image));
    const args = [file, 'stdout', '--psm', String(options.psm ?? 7), '-l', options.lang ?? 'eng'];
    // Labels are 203 dpi; saying so (scaled) spares Tesseract a guess and its stderr warning.
    args.push('--dpi', String(203 * scale));
    if (options.whitelist !== undefined) {
      args.push('-c', `tessedit_char_whitelist=${options.whitelist}`);
    }
    try {
      const { stdout } = await run(binary, args, {
        encoding: 'utf8',
        timeout: options.timeoutMs ?? 20_000,
        // One thread: tests run in parallel already, and OpenMP threads only fight them.
        env: { ...process.env, OMP_THREAD_LIMIT: '1' },
      });
      return stdout.trim();
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
        throw new Error(
          `tesseract not found at ${binary}; OCR checks need it: apt-get install tesseract-ocr`,
          { cause: error },
        );
      }
      throw error;
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
