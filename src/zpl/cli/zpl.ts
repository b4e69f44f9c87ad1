// `npm run -s zpl -- render|lint FILE…`: the ZPL engine from a terminal. Scripts and tests
// outside the app rely on this contract (issue #19): the options, the file names it writes and
// the JSON it prints. Exit codes: 0 done (warnings do not fail a run), 1 bad input (a missing
// file, an unknown option), with one sentence on stderr and never a stack trace.
import { mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, extname, join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { DENSITIES, ZplEngine, stockDots, type Dpmm, type ZplWarning } from '../engine.ts';
import { encodePng } from '../png/encode-png.ts';
import { loadFontsFromPackages } from './fonts.ts';

class UsageError extends Error {}

const NO_LABEL = 'holds no label (^XA … ^XZ)';

const USAGE = `Usage:
  npm run -s zpl -- render FILE... [--dpmm 6|8|12|24] [--width MM] [--height MM] [--out DIR] [--json]
  npm run -s zpl -- lint FILE... [--json]`;

interface Options {
  command: 'render' | 'lint';
  files: string[];
  dpmm: Dpmm;
  widthMm: number;
  heightMm: number;
  out: string;
  json: boolean;
}

function positive(flag: string, value: string | undefined): number {
  const n = Number(value);
  if (value === undefined || !Number.isFinite(n) || n <= 0)
    throw new UsageError(`${flag} needs a positive number of millimetres, got "${value ?? ''}".`);
  return n;
}

export function parseArgs(argv: readonly string[]): Options {
  const [command, ...rest] = argv;
  if (command !== 'render' && command !== 'lint')
    throw new UsageError(`Unknown command "${command ?? ''}".\n${USAGE}`);
  const options: Options = {
    command,
    files: [],
    dpmm: 8,
    widthMm: 101.6,
    heightMm: 152.4,
    out: '.',
    json: false,
  };
  for (let i = 0; i < rest.length; i++) {
    const arg = rest[i] ?? '';
    const value = () => {
      const next = rest[i + 1];
      i += 1;
      return next;
    };
    if (arg === '--json') options.json = true;
    else if (arg === '--dpmm') {
      const v = value();
      const n = Number(v);
      if (!(DENSITIES as readonly number[]).includes(n))
        throw new UsageError(`--dpmm must be 6, 8, 12 or 24, got "${v ?? ''}".`);
      options.dpmm = n as Dpmm;
    } else if (arg === '--width') options.widthMm = positive('--width', value());
    else if (arg === '--height') options.heightMm = positive('--height', value());
    else if (arg === '--out') {
      const v = value();
      if (!v) throw new UsageError('--out needs a folder.');
      options.out = v;
    } else if (arg.startsWith('--')) throw new UsageError(`Unknown option ${arg}.\n${USAGE}`);
    else options.files.push(arg);
  }
  if (options.files.length === 0) throw new UsageError(`Name at least one ZPL file.\n${USAGE}`);
  return options;
}

/** npm runs scripts in the project folder; a relative path is the caller's (INIT_CWD). */
const callers = (path: string) => resolve(process.env['INIT_CWD'] ?? process.cwd(), path);

function read(file: string): Uint8Array {
  try {
    return readFileSync(callers(file));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new UsageError(
      code === 'ENOENT'
        ? `${file}: no such file.`
        : code === 'EISDIR'
          ? `${file} is a folder, not a ZPL file.`
          : `${file} cannot be read (${code ?? 'error'}).`,
    );
  }
}

/**
 * Makes the output folder and its parents, one level at a time: Node's recursive mkdir never
 * returns where a parent refuses children with ENOENT (/proc), and the run must say so instead.
 */
function makeOutFolder(folder: string): void {
  try {
    mkdirSync(folder);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST' && statSync(folder).isDirectory()) return;
    if (code !== 'ENOENT' || dirname(folder) === folder) throw error;
    makeOutFolder(dirname(folder));
    mkdirSync(folder);
  }
}

/** The contract's warning: command, line, column and message, nothing else. */
const contract = ({ command, line, column, message }: ZplWarning): ZplWarning => ({
  command,
  line,
  column,
  message,
});

const describe = (w: ZplWarning) =>
  `${w.line}:${w.column} ${w.command ? `${w.command}: ` : ''}${w.message}`;

export function run(argv: readonly string[], out = process.stdout, err = process.stderr): number {
  let options: Options;
  try {
    options = parseArgs(argv);
    // Every file is read before anything is written: a missing one fails the run whole.
    const inputs = options.files.map((file) => ({ file, bytes: read(file) }));
    const engine = new ZplEngine(loadFontsFromPackages());
    const stock = { dpmm: options.dpmm, widthMm: options.widthMm, heightMm: options.heightMm };
    if (options.command === 'lint') {
      const files = inputs.map(({ file, bytes }) => {
        const linted = engine.lint(bytes, stock);
        const warnings = linted.warnings.map(contract);
        // A file without a single label is the one thing a lint of labels must not pass quietly.
        if (linted.labels === 0)
          warnings.unshift({ command: '', line: 1, column: 1, message: NO_LABEL });
        return { file, labels: linted.labels, warnings };
      });
      if (options.json) out.write(`${JSON.stringify({ files })}\n`);
      else
        for (const f of files) {
          out.write(`${f.file}: ${f.labels} label(s), ${f.warnings.length} warning(s)\n`);
          for (const w of f.warnings) out.write(`  ${describe(w)}\n`);
        }
      return 0;
    }
    const { width, height } = stockDots(stock);
    const rendered = inputs.map(({ file, bytes }) => {
      const started = performance.now();
      const result = engine.render(bytes, stock);
      return { file, result, ms: performance.now() - started };
    });
    // Nothing is written when a file holds no label: the run is refused whole, like a missing file.
    const empty = rendered.find((r) => r.result.labels.length === 0);
    if (empty) throw new UsageError(`${empty.file}: ${NO_LABEL}.`);
    const outFolder = callers(options.out);
    try {
      makeOutFolder(outFolder);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? 'error';
      throw new UsageError(`--out: the folder ${outFolder} cannot be made (${code}).`);
    }
    const labels = [];
    for (const { file, result, ms } of rendered) {
      const perLabel = ms / result.labels.length;
      const stem = basename(file, extname(file));
      for (const label of result.labels) {
        const output = join(outFolder, `${stem}-${label.index}.png`);
        writeFileSync(output, encodePng(label.bitmap, { dotsPerMm: options.dpmm }));
        labels.push({
          file,
          index: label.index,
          output,
          widthPx: width,
          heightPx: height,
          ms: Math.round(perLabel * 100) / 100,
          warnings: [...result.warnings, ...label.warnings].map(contract),
        });
      }
    }
    if (options.json) out.write(`${JSON.stringify({ labels })}\n`);
    else
      for (const l of labels) {
        out.write(`${l.output} (${l.widthPx}×${l.heightPx}, ${l.ms} ms)\n`);
        for (const w of l.warnings) out.write(`  ${describe(w)}\n`);
      }
    return 0;
  } catch (error) {
    if (error instanceof UsageError) {
      err.write(`${error.message}\n`);
      return 1;
    }
    err.write(`zpl: ${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  }
}

if (import.meta.main) process.exitCode = run(process.argv.slice(2));
