// `npm run -s documents -- packing-slip …`: the packing slip from a terminal (issue #30). IT
// scripts rely on it, so the options, the JSON and the exit codes are a contract:
//   0 the PDF was written (with --json: {"file", "pages", "bytes", "ms"} on stdout)
//   1 an input is missing or invalid (--order or --out not given, a bad --lang, --paper or
//     --time-zone, ORDER.json or PACK.json wrong), or FILE.pdf cannot be written: one sentence
//     on stderr naming the file or option and the field, and nothing written
//   2 bad usage (no command, an unknown command or option, an option given twice): the usage
// The PDF is written to a temporary file beside FILE.pdf and renamed only once it is complete,
// so a refusal or a crash never leaves a half slip where a script looks for one.
import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import { hostname, userInfo } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { systemClock, systemElapsed } from '../platform/clock.ts';
import { loadFontsFromPackages } from './package-fonts.ts';
import { PAPERS, type Paper } from './pdf-document.ts';
import { checkOrderFile, checkPackFile } from './slip-files.ts';
import { renderPackingSlip } from './slip-pdf.ts';
import { DOCUMENT_LANGUAGES, type DocumentLanguage } from './words.ts';

const USAGE = `Usage: npm run -s documents -- packing-slip --order ORDER.json [--pack PACK.json]
         [--lang en|pt-BR|es] [--paper a4|letter] [--station NAME] [--packer NAME]
         [--time-zone ZONE] --out FILE.pdf [--json]
ORDER.json is an order as the API returns it (GET /orders/{id}), optionally with "products"
([{"sku", "name"}]) for the lines' names; PACK.json a pack record as the station exports it.
Station and packer default to the pack record's, then to this host's name and user.
Exit: 0 written, 1 a missing or invalid input or option (nothing written), 2 bad usage.`;

class UsageError extends Error {}
/** An input the slip cannot be made from: its message is the one sentence the caller sees. */
class InputError extends Error {}

interface SlipArgs {
  order: string;
  pack: string | null;
  lang: DocumentLanguage;
  paper: Paper;
  station: string | null;
  packer: string | null;
  timeZone: string | undefined;
  out: string;
  json: boolean;
}

const VALUED = [
  '--order',
  '--pack',
  '--lang',
  '--paper',
  '--station',
  '--packer',
  '--time-zone',
  '--out',
];

const isOneOf = <T extends string>(list: readonly T[], value: string): value is T =>
  (list as readonly string[]).includes(value);

function parseSlipArgs(args: readonly string[]): SlipArgs {
  const given = new Map<string, string>();
  let json = false;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] ?? '';
    const eq = arg.indexOf('=');
    const flag = arg.startsWith('--') && eq !== -1 ? arg.slice(0, eq) : arg;
    if (flag === '--json' && eq === -1) {
      json = true;
      continue;
    }
    if (!VALUED.includes(flag))
      throw new UsageError(
        arg.startsWith('-') ? `Unknown option ${flag}.` : `Unexpected argument "${arg}".`,
      );
    const value = eq === -1 ? args[++i] : arg.slice(eq + 1);
    if (value === undefined || value === '') throw new InputError(`${flag} needs a value.`);
    if (given.has(flag)) throw new UsageError(`${flag} is given twice.`);
    given.set(flag, value);
  }
  const order = given.get('--order');
  const out = given.get('--out');
  if (order === undefined) throw new InputError('--order ORDER.json is required.');
  if (out === undefined) throw new InputError('--out FILE.pdf is required.');
  const lang = given.get('--lang') ?? 'en';
  if (!isOneOf(DOCUMENT_LANGUAGES, lang))
    throw new InputError(`--lang is en, pt-BR or es, not "${lang}".`);
  const paper = (given.get('--paper') ?? 'a4').toLowerCase();
  if (!isOneOf(PAPERS, paper)) throw new InputError(`--paper is a4 or letter, not "${paper}".`);
  const timeZone = given.get('--time-zone');
  if (timeZone !== undefined && !validTimeZone(timeZone))
    throw new InputError(
      `--time-zone is an IANA zone such as America/Sao_Paulo, not "${timeZone}".`,
    );
  return {
    order,
    pack: given.get('--pack') ?? null,
    lang,
    paper,
    station: given.get('--station') ?? null,
    packer: given.get('--packer') ?? null,
    timeZone,
    out,
    json,
  };
}

function validTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** The file's JSON, or an InputError that says why it has none. */
async function readJson(file: string, cwd: string): Promise<unknown> {
  let text: string;
  try {
    text = await readFile(resolve(cwd, file), 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw new InputError(`${file} does not exist.`);
    if (code === 'EISDIR') throw new InputError(`${file} is a folder, not a file.`);
    throw new InputError(`${file} cannot be read (${code ?? (error as Error).message}).`);
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new InputError(`${file} is not valid JSON: ${(error as Error).message}.`);
  }
}

export interface DocumentsIo {
  out: (line: string) => void;
  err: (line: string) => void;
  /** Where relative paths start: the caller's folder, not the one npm runs scripts in. */
  cwd: string;
}

async function packingSlip(args: SlipArgs, io: DocumentsIo): Promise<void> {
  const started = systemElapsed();
  const orderFile = checkOrderFile(args.order, await readJson(args.order, io.cwd));
  if (!orderFile.ok) throw new InputError(orderFile.sentence);
  const { order, productNames } = orderFile.value;
  let pack;
  if (args.pack !== null) {
    const packFile = checkPackFile(args.pack, await readJson(args.pack, io.cwd), order.id);
    if (!packFile.ok) throw new InputError(packFile.sentence);
    pack = packFile.value;
  }
  const { bytes, pages } = await renderPackingSlip(
    { order, productNames, ...(pack ? { pack } : {}) },
    {
      fonts: await loadFontsFromPackages(),
      // The command line is an adapter: it hands the renderer the system's own clock.
      at: systemClock.now(),
      ...(args.timeZone === undefined ? {} : { timeZone: args.timeZone }),
      station: args.station ?? pack?.station ?? hostname(),
      packer: args.packer ?? pack?.account ?? userInfo().username,
      lang: args.lang,
      paper: args.paper,
    },
  );
  const file = resolve(io.cwd, args.out);
  const temporary = join(dirname(file), `.${basename(file)}.${process.pid}.tmp`);
  try {
    await writeFile(temporary, bytes, { flag: 'wx' });
    await rename(temporary, file);
  } catch (error) {
    await rm(temporary, { force: true });
    const code = (error as NodeJS.ErrnoException).code;
    throw new InputError(`${args.out} cannot be written (${code ?? (error as Error).message}).`);
  }
  const ms = Math.round(systemElapsed() - started);
  io.out(
    args.json
      ? JSON.stringify({ file, pages, bytes: bytes.byteLength, ms })
      : `${file}: ${pages} ${pages === 1 ? 'page' : 'pages'}, ${bytes.byteLength} bytes, ${ms} ms`,
  );
}

export async function run(argv: readonly string[], io: DocumentsIo): Promise<number> {
  const [command, ...rest] = argv;
  try {
    if (argv.some((arg) => arg === '--help' || arg === '-h') || command === 'help') {
      io.out(USAGE);
      return 0;
    }
    if (command === undefined) throw new UsageError('Name a command: packing-slip.');
    if (command !== 'packing-slip')
      throw new UsageError(`Unknown command "${command}": the only command is packing-slip.`);
    await packingSlip(parseSlipArgs(rest), io);
    return 0;
  } catch (error) {
    if (error instanceof UsageError) {
      io.err(`${error.message}\n${USAGE}`);
      return 2;
    }
    if (error instanceof InputError) {
      io.err(error.message);
      return 1;
    }
    io.err(`The packing slip could not be made: ${(error as Error).message}`);
    return 1;
  }
}

if (import.meta.main) {
  // A reader that stops early (`| head -1`) closes the pipe: that is not the slip's failure.
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE') throw error;
  });
  process.exitCode = await run(process.argv.slice(2), {
    out: (line) => process.stdout.write(`${line}\n`),
    err: (line) => process.stderr.write(`${line}\n`),
    // npm runs a script from the package's folder and says where it was called in INIT_CWD;
    // only when npm started this very script (a script of ours calling node directly, from
    // inside another npm script, inherits an INIT_CWD that is not its own folder).
    cwd:
      process.env['npm_lifecycle_event'] === 'documents'
        ? (process.env['INIT_CWD'] ?? process.cwd())
        : process.cwd(),
  });
}
