// `npm run -s printer -- status|print|test …`: the station's printers from a terminal. IT
// staff script it and tests outside the app rely on it (issue #20), so the options, the JSON
// and the exit codes are a contract:
//   0 done (for status: the printer is ready)
//   1 bad input (a missing file, not ZPL, a bad target, an unknown option) — nothing sent
//   2 the printer is unreachable, not answering within the timeout, or a job failed after
//     its one retry
//   3 the printer reports paper out, head open, paused or ribbon out — for print and test,
//     nothing was sent (unless --force)
// Errors are one sentence on stderr, never a stack trace; with --json the status still goes
// to stdout whenever the printer reported one.
//
// Copies of a label are made by repeating the file, each copy a job of its own: byte-exact
// whatever the file holds (raw files are not ours to edit with ^PQ), and a reset during copy 3
// resends copy 3 only. The JSON lists every job sent, in the order given, a file's copies
// together.
//
// A PDF (issue #30) is a document: it goes to a document printer (a CUPS queue with a driver,
// or windows:PRINTER) through the driver, as ONE job of --copies N on the --media paper, and
// its JSON entry says so ("copies", "media"). To a label printer (tcp://) it is refused, exit 1,
// nothing sent — unless --raw, which sends any file as it is, as before. --media with a ZPL
// file is refused rather than ignored: a label's size is in the label.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { hostname } from 'node:os';
import { pdfHeaderAt } from '../../shared/files/file-rules.ts';
import { parseMedia, type DocumentMedia } from './document.ts';
import { PrintError, exitCodeFor } from './errors.ts';
import type { JobResult, PrintJob } from './job.ts';
import { DEFAULT_TIMEOUT_MS, openPrinter, type PrinterOptions } from './printer.ts';
import { describeStatus, isReady, type PrinterStatus } from './status.ts';
import { testLabelZpl, stationTime } from './test-label.ts';
import { toTarget } from './target.ts';
import { checkZpl } from './zpl-check.ts';
import { systemClock } from '../platform/clock.ts';
import { messageOf } from '../platform/guards.ts';

class UsageError extends Error {}

const USAGE = `Usage:
  npm run -s printer -- status TARGET [--json] [--timeout-ms N]
  npm run -s printer -- print FILE... --to TARGET [--copies N] [--media A4|Letter] [--force] [--raw] [--json] [--timeout-ms N]
  npm run -s printer -- test --to TARGET [--json] [--timeout-ms N] [--force] [--station NAME]
TARGET is tcp://HOST[:PORT] (a raw port, 9100 unless given), cups:QUEUE (a CUPS queue;
CUPS_SERVER is honoured) or windows:PRINTER (a Windows printer, documents only).
A ZPL file is sent as it is; --copies repeats it. A PDF is printed as a document by the queue's
driver: one job of --copies N on --media paper (the queue's default paper unless given); a
label printer (tcp://, a CUPS queue without a driver) refuses it. --raw sends any file as it is.
Exit: 0 done or ready, 1 bad input, 2 unreachable, not answering or failed after one retry,
3 paper out, head open, paused or ribbon out (nothing sent).
`;

type Command = 'status' | 'print' | 'test';

export interface Options {
  command: Command;
  target: string;
  files: string[];
  copies: number;
  /** The paper for PDF documents (--media); undefined: the printer's default. */
  media: DocumentMedia | undefined;
  force: boolean;
  raw: boolean;
  json: boolean;
  timeoutMs: number;
  station: string | undefined;
}

/** Which options each command takes; anything else is refused rather than ignored. */
const ALLOWED: Record<Command, readonly string[]> = {
  status: ['--json', '--timeout-ms'],
  print: ['--to', '--copies', '--media', '--force', '--raw', '--json', '--timeout-ms'],
  test: ['--to', '--json', '--timeout-ms', '--force', '--station'],
};
const TAKES_VALUE = new Set(['--to', '--copies', '--media', '--timeout-ms', '--station']);

function count(flag: string, value: string | undefined, max: number): number {
  const n = value !== undefined && /^\d+$/.test(value) ? Number(value) : NaN;
  if (!(n >= 1 && n <= max))
    throw new UsageError(`${flag} needs a whole number from 1 to ${max}, got "${value ?? ''}".`);
  return n;
}

export function parseArgs(argv: readonly string[]): Options | 'help' {
  const [command, ...rest] = argv;
  if (command === '--help' || command === '-h' || command === 'help') return 'help';
  if (command !== 'status' && command !== 'print' && command !== 'test')
    throw new UsageError(
      command === undefined
        ? 'Name a command: status, print or test (npm run -s printer -- --help).'
        : `Unknown command "${command}": use status, print or test (npm run -s printer -- --help).`,
    );
  const options: Options = {
    command,
    target: '',
    files: [],
    copies: 1,
    media: undefined,
    force: false,
    raw: false,
    json: false,
    timeoutMs: DEFAULT_TIMEOUT_MS,
    station: undefined,
  };
  const positionals: string[] = [];
  let to: string | undefined;
  for (let i = 0; i < rest.length; i++) {
    const arg = rest[i] ?? '';
    if (!arg.startsWith('--') || arg === '--') {
      positionals.push(arg);
      continue;
    }
    const eq = arg.indexOf('=');
    const flag = eq === -1 ? arg : arg.slice(0, eq);
    if (!ALLOWED[command].includes(flag))
      throw new UsageError(`${command} takes no option ${flag} (npm run -s printer -- --help).`);
    let value: string | undefined;
    if (TAKES_VALUE.has(flag)) {
      value = eq === -1 ? rest[++i] : arg.slice(eq + 1);
      if (value === undefined) throw new UsageError(`${flag} needs a value.`);
    } else if (eq !== -1) throw new UsageError(`${flag} takes no value.`);
    if (flag === '--to') to = value;
    else if (flag === '--copies') options.copies = count('--copies', value, 999);
    else if (flag === '--media') {
      options.media = parseMedia(value ?? '') ?? undefined;
      if (!options.media) throw new UsageError(`--media needs A4 or Letter, got "${value ?? ''}".`);
    } else if (flag === '--timeout-ms') options.timeoutMs = count('--timeout-ms', value, 600_000);
    else if (flag === '--station') options.station = value;
    else if (flag === '--force') options.force = true;
    else if (flag === '--raw') options.raw = true;
    else if (flag === '--json') options.json = true;
  }
  if (command === 'status') {
    if (positionals.length !== 1)
      throw new UsageError('status takes one printer target: tcp://HOST[:PORT] or cups:QUEUE.');
    options.target = positionals[0] ?? '';
  } else {
    if (to === undefined)
      throw new UsageError(`${command} needs --to TARGET (tcp://HOST[:PORT] or cups:QUEUE).`);
    options.target = to;
    if (command === 'print' && positionals.length === 0)
      throw new UsageError('Name at least one file to print.');
    if (options.raw && options.media)
      throw new UsageError(
        '--media sets the paper of a PDF printed as a document, and --raw sends files as they are: use one or the other.',
      );
    if (command === 'test' && positionals.length > 0)
      throw new UsageError(
        `test takes no files (it makes its own label), got "${positionals[0]}".`,
      );
    options.files = positionals;
  }
  return options;
}

/** npm runs scripts from the package's folder: a relative FILE is the caller's (INIT_CWD). */
const callersPath = (file: string) => resolve(process.env.INIT_CWD ?? process.cwd(), file);

function read(file: string): Uint8Array {
  try {
    return readFileSync(callersPath(file));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new PrintError(
      'file-unreadable',
      code === 'ENOENT'
        ? `${file}: no such file; nothing was sent.`
        : code === 'EISDIR'
          ? `${file} is a folder, not a label; nothing was sent.`
          : `${file} cannot be read (${code ?? 'error'}); nothing was sent.`,
    );
  }
}

/** The contract's status JSON, in the contract's key order. */
const statusJson = (s: PrinterStatus) => ({
  online: s.online,
  paperOut: s.paperOut,
  paused: s.paused,
  headOpen: s.headOpen,
  ribbonOut: s.ribbonOut,
  bufferFull: s.bufferFull,
  labelsRemaining: s.labelsRemaining,
});

/** A label's `{file, bytes, ms}` as in #20; a document's adds its copies and paper (#30). */
const jobJson = ({ file, bytes, ms }: JobResult, job?: PrintJob) =>
  job?.document
    ? { file, bytes, ms, copies: job.document.copies ?? 1, media: job.document.media ?? null }
    : { file, bytes, ms };

export interface Io {
  out: { write(text: string): unknown };
  err: { write(text: string): unknown };
  env?: NodeJS.ProcessEnv;
  /** Wall clock for the test label. */
  now?: () => Date;
  printer?: Omit<PrinterOptions, 'timeoutMs' | 'env'>;
}

export async function run(
  argv: readonly string[],
  io: Io = { out: process.stdout, err: process.stderr },
): Promise<number> {
  const { out, err } = io;
  let options: Options | 'help';
  try {
    options = parseArgs(argv);
  } catch (error) {
    err.write(`${messageOf(error)}\n`);
    return 1;
  }
  if (options === 'help') {
    out.write(USAGE);
    return 0;
  }
  const { json } = options;
  let jobs: PrintJob[] = [];
  const emit = (value: unknown) => out.write(`${JSON.stringify(value)}\n`);
  try {
    const target = toTarget(options.target);
    const printer = openPrinter(target, {
      ...io.printer,
      timeoutMs: options.timeoutMs,
      env: io.env ?? process.env,
    });

    if (options.command === 'status') {
      const status = await printer.status();
      if (json) emit(statusJson(status));
      else out.write(`${describeStatus(status)}\n`);
      return isReady(status) ? 0 : 3;
    }

    if (options.command === 'test') {
      const station = options.station ?? hostname();
      const at = io.now?.() ?? new Date(systemClock.now());
      const outcome = await printer.print(
        (status): PrintJob[] => [
          {
            name: 'test label',
            bytes: new TextEncoder().encode(
              testLabelZpl({ station, target: printer.name, status, at }),
            ),
          },
        ],
        { force: options.force },
      );
      if (json)
        emit({
          station,
          time: stationTime(at),
          status: statusJson(outcome.status),
          jobs: outcome.jobs.map((result) => jobJson(result)),
        });
      else
        out.write(
          `Test label sent to ${printer.name}: station ${station}, ${stationTime(at)}, ` +
            `printer ${describeStatus(outcome.status)}.\n`,
        );
      return 0;
    }

    // print: every file is read and checked before anything is sent (the PDFs, and whether
    // the target takes documents, by openPrinter's checks before it asks the printer).
    jobs = printJobs(
      options.files.map((file) => ({ file, bytes: read(file) })),
      options,
    );
    const outcome = await printer.print(jobs, { force: options.force });
    if (json) emit({ jobs: outcome.jobs.map((result, i) => jobJson(result, jobs[i])) });
    else
      outcome.jobs.forEach((result, i) => {
        const document = jobs[i]?.document;
        const as = document
          ? ` as a document (${document.copies ?? 1} ${document.copies === 1 ? 'copy' : 'copies'}` +
            `${document.media ? `, ${document.media}` : ''})`
          : '';
        out.write(
          `${result.file}: ${result.bytes} bytes to ${printer.name}${as} in ${result.ms} ms\n`,
        );
      });
    return 0;
  } catch (error) {
    if (error instanceof PrintError) {
      if (json && error.status) {
        if (options.command === 'status') emit(statusJson(error.status));
        else
          emit({
            jobs: error.completed.map((result, i) => jobJson(result, jobs[i])),
            status: statusJson(error.status),
          });
      }
      err.write(`${oneLine(error.message)}\n`);
      return exitCodeFor(error.code);
    }
    err.write(`printer: ${oneLine(messageOf(error))}\n`);
    return 2;
  }
}

/**
 * The jobs for `print`: a PDF is one document job of all its copies; anything else must be a
 * whole ZPL label (unless --raw) and is sent once per copy. --media with a label is refused.
 */
function printJobs(inputs: { file: string; bytes: Uint8Array }[], options: Options): PrintJob[] {
  return inputs.flatMap(({ file, bytes }): PrintJob[] => {
    if (!options.raw && pdfHeaderAt(bytes) >= 0)
      return [
        {
          name: file,
          bytes,
          document: {
            copies: options.copies,
            ...(options.media ? { media: options.media } : {}),
          },
        },
      ];
    if (options.media)
      throw new PrintError(
        'not-pdf',
        `${file} is not a PDF, and --media sets the paper of a PDF document (a label's size is ` +
          `in the label, ^PW and ^LL); nothing was sent.`,
      );
    if (!options.raw) {
      const check = checkZpl(bytes, file);
      if (!check.ok)
        throw new PrintError('not-zpl', `${check.message.replace(/\.$/, '')}; nothing was sent.`);
    }
    return Array.from({ length: options.copies }, () => ({ name: file, bytes }));
  });
}

const oneLine = (text: string) => text.replace(/\s*\n\s*/g, ' ').trim();

if (import.meta.main) process.exitCode = await run(process.argv.slice(2));
