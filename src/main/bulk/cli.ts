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
import { statSync } from 'node:fs';
import { resolve } from 'node:path';
import { translate } from '../../shared/i18n/translate.ts';
import type { PdfJsLike } from '../../shared/files/pdf-probe.ts';
import type { PdfTextReader } from './pdf-text.ts';
import { readInputs } from './read-inputs.ts';
import { loadPdfJs } from './load-pdfjs.ts';
import { runMatch } from './match-command.ts';
import { printSplit } from './split-command.ts';
import { splitDrop } from './split-drop.ts';
import { makeFolders } from '../platform/make-folders.ts';

const USAGE = `Usage: npm run -s files -- split PATH... --out DIR [--json]
       npm run -s files -- match PATH... --orders ORDERS.json [--trackings TRACKINGS.json]
                          [--out DIR] [--json]
A PATH is a label or invoice file, a ZIP of them or a folder (read one level deep).
ORDERS.json is {"data": [order…]} as GET /orders returns it; TRACKINGS.json the trackings list.
split exit: 0 every input split into labels and invoices, 1 no input could be read, 2 bad
usage, 3 some pieces refused or not labels (printer settings, a stored format).
match exit: 0 every piece matched, 1 no input or the orders file could not be read, 2 bad
usage, 3 some piece ambiguous, unmatched, a duplicate, refused or not a label.`;

interface Options {
  command: 'split' | 'match';
  paths: string[];
  out: string;
  orders: string;
  trackings: string;
  json: boolean;
}

export interface FilesCliIo {
  out: (line: string) => void;
  err: (line: string) => void;
  cwd: string;
  /** pdf.js, loaded when a PDF is read: it opens invoices and reads their text. */
  pdfjs: () => Promise<PdfJsLike & PdfTextReader>;
}

function parse(args: readonly string[]): Options | string {
  const [command, ...rest] = args;
  if (command !== 'split' && command !== 'match')
    return command === undefined
      ? 'Name a command: split or match.'
      : `Unknown command "${command}": use split or match.`;
  const options: Options = { command, paths: [], out: '', orders: '', trackings: '', json: false };
  const valued = { '--out': 'out', '--orders': 'orders', '--trackings': 'trackings' } as const;
  for (let i = 0; i < rest.length; i += 1) {
    const arg = rest[i] ?? '';
    const [flag = '', inline] = arg.startsWith('--') ? arg.split(/=(.*)/s, 2) : [arg];
    if (arg === '--json') options.json = true;
    else if (arg === '--') continue;
    else if (flag in valued && (command === 'match' || flag === '--out')) {
      const value = inline ?? rest[(i += 1)];
      if (!value) return `${flag} needs a value.`;
      options[valued[flag as keyof typeof valued]] = value;
    } else if (arg.startsWith('--')) return `${command} takes no option ${flag}.`;
    else options.paths.push(arg);
  }
  if (options.paths.length === 0) return `Name at least one file, ZIP or folder to ${command}.`;
  if (command === 'split' && !options.out)
    return 'Name the folder to write the pieces to with --out DIR.';
  if (command === 'match' && !options.orders)
    return 'Name the orders to match against with --orders ORDERS.json.';
  return options;
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
  const read = readInputs(paths);
  if (read.inputs.length === 0 && read.missing.length === paths.length) {
    for (const path of read.missing)
      io.err(translate('en', 'bulk.refused.missing', { source: path }));
    return 1;
  }
  const out = options.out ? resolve(io.cwd, options.out) : null;
  if (out) {
    try {
      makeFolders(out);
      if (!statSync(out).isDirectory()) throw new Error('not a folder');
    } catch {
      io.err(
        `Cannot write into ${out}: it is not a folder that can be made or written. Nothing was written.`,
      );
      return 1;
    }
  }
  const pieces = await splitDrop(read, io.pdfjs);
  if (options.command === 'split') return printSplit(pieces, out ?? '', options.json, io);
  return runMatch(
    pieces,
    {
      ...options,
      out,
      orders: resolve(io.cwd, options.orders),
      trackings: options.trackings ? resolve(io.cwd, options.trackings) : '',
    },
    io,
  );
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
