// `npm run -s scan -- parse [TEXT...] [--stdin] [--json]`: IT checks its scanners with it
// (issue 27, "Command line"), so the options, the JSON and the exit codes are a contract:
//   0 every scan was read (a text scan, an SKU or an order number, is read, not refused)
//   1 at least one scan was refused (bad check digit, impossible date, …)
//   2 bad usage (an unknown command or option, nothing to read)
// Each argument, or each line of standard input with --stdin, is one scan exactly as a
// keyboard wedge typed it: ASCII 29 is kept, only the line's own \n (or \r\n) is taken off.
// Refusals are the catalogue's English sentences, the ones the packer would see; one per
// refused scan on stderr without --json, inside the JSON with it. Never a stack trace.
import { translate } from '../src/shared/i18n/translate.ts';
import { parseScan, type ParsedScan } from '../src/shared/scan/index.ts';

class UsageError extends Error {}

const USAGE = `Usage: npm run -s scan -- parse [TEXT...] [--stdin] [--json]
Each TEXT, or each line of standard input with --stdin, is one scan as the scanner typed it.
Exit: 0 every scan read, 1 a scan refused, 2 bad usage.`;

interface Options {
  texts: string[];
  stdin: boolean;
  json: boolean;
}

export function parseArgs(argv: readonly string[]): Options | 'help' {
  const [command, ...rest] = argv;
  if (command === '--help' || command === '-h' || command === 'help') return 'help';
  if (command !== 'parse')
    throw new UsageError(
      command === undefined
        ? `Name a command: parse.\n${USAGE}`
        : `Unknown command "${command}": the only command is parse.\n${USAGE}`,
    );
  const options: Options = { texts: [], stdin: false, json: false };
  let onlyTexts = false;
  for (const arg of rest) {
    // After "--" everything is a scan, so a code that starts with "--" can still be given.
    if (onlyTexts) options.texts.push(arg);
    else if (arg === '--') onlyTexts = true;
    else if (arg === '--json') options.json = true;
    else if (arg === '--stdin') options.stdin = true;
    else if (arg.startsWith('--')) throw new UsageError(`Unknown option ${arg}.\n${USAGE}`);
    else options.texts.push(arg);
  }
  if (!options.stdin && options.texts.length === 0)
    throw new UsageError(`Give at least one scan, or --stdin to read one per line.\n${USAGE}`);
  return options;
}

/** Lines as a wedge ends them; a last line without its newline still counts. */
export function scanLines(data: string): string[] {
  if (data === '') return [];
  const lines = data.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  return lines.map((line) => line.replace(/\r$/, ''));
}

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

const message = (scan: ParsedScan) =>
  scan.error ? translate('en', scan.error.messageKey, scan.error.params) : null;

/** The contract's fields, in the contract's order; the sentence instead of its key. */
const contract = (scan: ParsedScan) => ({
  input: scan.input,
  kind: scan.kind,
  symbology: scan.symbology,
  gtin: scan.gtin,
  lot: scan.lot,
  expiry: scan.expiry,
  serial: scan.serial,
  netWeight: scan.netWeight,
  ais: scan.ais,
  error: scan.error ? { message: message(scan) } : null,
});

/** A scan as a terminal can show it: the separator as <GS>, other control characters named. */
const printable = (text: string) =>
  [...text]
    .map((ch) => {
      const code = ch.charCodeAt(0);
      if (code === 0x1d) return '<GS>';
      return code < 0x20 || code === 0x7f
        ? `<U+${code.toString(16).toUpperCase().padStart(4, '0')}>`
        : ch;
    })
    .join('');

function describe(scan: ParsedScan): string {
  const parts: string[] = [scan.kind];
  if (scan.symbology) parts.push(scan.symbology);
  if (scan.error) return `${printable(scan.input)}: ${parts.join(', ')}, refused`;
  if (scan.gtin) parts.push(`gtin ${scan.gtin}`);
  if (scan.lot !== null) parts.push(`lot ${scan.lot}`);
  if (scan.expiry) parts.push(`expiry ${scan.expiry}`);
  if (scan.serial !== null) parts.push(`serial ${scan.serial}`);
  if (scan.netWeight) parts.push(`net weight ${scan.netWeight.value} ${scan.netWeight.unit}`);
  const ais = Object.keys(scan.ais).sort();
  if (ais.length > 0) parts.push(`AIs ${ais.map((ai) => `(${ai})${scan.ais[ai]}`).join(' ')}`);
  return `${printable(scan.input)}: ${parts.join(', ')}`;
}

export async function run(
  argv: readonly string[],
  out: NodeJS.WritableStream = process.stdout,
  err: NodeJS.WritableStream = process.stderr,
  stdin: () => Promise<string> = readStdin,
): Promise<number> {
  try {
    const options = parseArgs(argv);
    if (options === 'help') {
      out.write(`${USAGE}\n`);
      return 0;
    }
    const texts = [...options.texts, ...(options.stdin ? scanLines(await stdin()) : [])];
    const now = Date.now();
    const scans = texts.map((text) => parseScan(text, { now }));
    if (options.json) out.write(`${JSON.stringify({ scans: scans.map(contract) })}\n`);
    else
      for (const scan of scans) {
        out.write(`${describe(scan)}\n`);
        if (scan.error) err.write(`${message(scan)}\n`);
      }
    return scans.some((scan) => scan.error) ? 1 : 0;
  } catch (error) {
    if (error instanceof UsageError) {
      err.write(`${error.message}\n`);
      return 2;
    }
    err.write(`scan: ${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  }
}

if (import.meta.main) process.exitCode = await run(process.argv.slice(2));
