// `npm run -s files -- split PATH... --out DIR [--json]` (issue #39): a day's labels and invoices
// split from a terminal. IT scripts and integrators rely on it, so the options, the JSON and the
// exit codes are a contract:
//   0 every input was split into labels and invoices
//   1 no input could be read at all (a missing path), or DIR cannot be written
//   2 bad usage
//   3 some pieces were refused or are `other` (a block of printer settings, a stored format)
// A PATH is a file, a ZIP or a folder (read one level deep). Each piece is written to DIR and
// printed as {"source", "kind", "index", "pages", "file", "sha256", "error"}; an error is the
// English catalogue's sentence. Never a stack trace.
import { mkdirSync, statSync, writeFileSync } from 'node:fs';
import { basename, extname, join, resolve } from 'node:path';
import { translate } from '../../shared/i18n/translate.ts';
import type { PdfJsLike } from '../../shared/files/pdf-probe.ts';
import { readInputs } from './read-inputs.ts';
import { splitDrop, type DropPiece } from './split-drop.ts';

const USAGE = `Usage: npm run -s files -- split PATH... --out DIR [--json]
A PATH is a label or invoice file, a ZIP of them or a folder (read one level deep).
Exit: 0 every input split into labels and invoices, 1 no input could be read, 2 bad usage,
3 some pieces refused or not labels (printer settings, a stored format).`;

interface Options {
  paths: string[];
  out: string;
  json: boolean;
}

export interface FilesCliIo {
  out: (line: string) => void;
  err: (line: string) => void;
  cwd: string;
  pdfjs: () => Promise<PdfJsLike>;
}

function parse(args: readonly string[]): Options | string {
  const [command, ...rest] = args;
  if (command !== 'split')
    return command === undefined
      ? 'Name a command: split.'
      : `Unknown command "${command}": use split.`;
  const options: Options = { paths: [], out: '', json: false };
  for (let i = 0; i < rest.length; i += 1) {
    const arg = rest[i] ?? '';
    if (arg === '--json') options.json = true;
    else if (arg === '--out' || arg.startsWith('--out=')) {
      const value = arg === '--out' ? rest[(i += 1)] : arg.slice('--out='.length);
      if (!value) return '--out needs the folder to write the pieces to.';
      options.out = value;
    } else if (arg === '--') continue;
    else if (arg.startsWith('--')) return `split takes no option ${arg}.`;
    else options.paths.push(arg);
  }
  if (options.paths.length === 0) return 'Name at least one file, ZIP or folder to split.';
  if (!options.out) return 'Name the folder to write the pieces to with --out DIR.';
  return options;
}

/** A file name for each piece: its source's name, what it is and its place, never twice. */
function namer(): (piece: DropPiece) => string {
  const taken = new Set<string>();
  return (piece) => {
    const inner = piece.source.slice(piece.source.lastIndexOf('!') + 1);
    const stem = basename(inner, extname(inner)).replace(/[^\p{L}\p{N}._-]+/gu, '_') || 'file';
    const what =
      piece.kind === 'invoice'
        ? 'invoice'
        : piece.kind === 'label'
          ? `label-${piece.index}`
          : 'other';
    const ext = piece.kind === 'invoice' ? '.pdf' : '.zpl';
    let name = `${stem}-${what}${ext}`;
    for (let n = 2; taken.has(name); n += 1) name = `${stem}-${what}-${n}${ext}`;
    taken.add(name);
    return name;
  };
}

export async function runFilesCli(args: readonly string[], io: FilesCliIo): Promise<number> {
  if (args[0] === '--help' || args[0] === 'help' || args[0] === '-h') {
    io.out(USAGE);
    return 0;
  }
  const options = parse(args);
  if (typeof options === 'string') {
    io.err(options);
    io.err(USAGE);
    return 2;
  }
  const paths = options.paths.map((p) => resolve(io.cwd, p));
  const out = resolve(io.cwd, options.out);
  const read = readInputs(paths);
  if (read.inputs.length === 0 && read.missing.length === paths.length) {
    for (const path of read.missing)
      io.err(translate('en', 'bulk.refused.missing', { source: path }));
    return 1;
  }
  try {
    mkdirSync(out, { recursive: true });
    if (!statSync(out).isDirectory()) throw new Error('not a folder');
  } catch {
    io.err(
      `Cannot write into ${out}: it is not a folder that can be made or written. Nothing was written.`,
    );
    return 1;
  }
  const pieces = await splitDrop(read, io.pdfjs);
  const nameOf = namer();
  const printed = pieces.map((piece) => {
    let file: string | null = null;
    if (piece.bytes) {
      file = join(out, nameOf(piece));
      writeFileSync(file, piece.bytes);
    }
    return {
      source: piece.source,
      kind: piece.kind,
      index: piece.index,
      pages: piece.pages,
      file,
      sha256: piece.sha256,
      error: piece.note ? translate('en', piece.note.key, piece.note.params) : null,
    };
  });
  if (options.json) io.out(JSON.stringify({ pieces: printed }));
  else
    for (const piece of printed)
      io.out(
        `${piece.source}: ${piece.kind}${piece.index === null ? '' : ` ${piece.index}`}${
          piece.pages ? ` (pages ${piece.pages.join(', ')})` : ''
        }${piece.file ? ` → ${piece.file}` : ''}${piece.error ? `: ${piece.error}` : ''}`,
      );
  const clean = printed.every((p) => p.error === null && p.kind !== 'other');
  // Every non-zero exit says why on stderr, with --json as without (stdout keeps the pieces).
  if (!clean)
    io.err(
      `${printed.filter((p) => p.error !== null || p.kind === 'other').length} piece(s) refused or not labels.`,
    );
  return clean ? 0 : 3;
}

/**
 * pdf.js's Node build, loaded once. At load it warns (console.warn) that it has no Node canvas:
 * it needs none to read pages, and the warning must not reach the CLI's one-sentence stderr.
 */
let pdfjsLoaded: Promise<PdfJsLike> | null = null;
function loadPdfJs(): Promise<PdfJsLike> {
  pdfjsLoaded ??= (async () => {
    const warn = console.warn;
    console.warn = () => undefined;
    try {
      return (await import('pdfjs-dist/legacy/build/pdf.mjs')) as unknown as PdfJsLike;
    } finally {
      console.warn = warn;
    }
  })();
  return pdfjsLoaded;
}

if (import.meta.main) {
  const lastResort = (error: unknown) => {
    process.stderr.write(`The files could not be split: ${(error as Error)?.message ?? error}\n`);
    process.exit(1);
  };
  process.on('uncaughtException', lastResort);
  process.on('unhandledRejection', lastResort);
  process.exitCode = await runFilesCli(process.argv.slice(2), {
    out: (line) => process.stdout.write(`${line}\n`),
    err: (line) => process.stderr.write(`${line}\n`),
    // npm runs scripts in the project folder; the caller's own folder is INIT_CWD.
    cwd: process.env['INIT_CWD'] ?? process.cwd(),
    pdfjs: loadPdfJs,
  });
}
