// `npm run -s evidence -- export ORDER --data-dir DIR --out FILE.zip [--json]` and
// `npm run -s evidence -- verify FILE.zip [--json]` (issue #41): a pack's evidence bundle made
// from a station's folder, and a bundle checked by whoever received it. Scripts rely on both,
// so the options, the JSON and the exit codes are a contract:
//   export  0 the bundle was written (--json: {"order", "packId", "file", "bytes",
//             "manifestSha256", "files"}); 1 it could not be (no finished pack, no clip, the
//             clip gone or changed, the station running, the ZIP not writable); 2 bad usage
//   verify  0 every file is there with its size and hash and nothing else is; 1 a file is
//             changed, missing or added, one sentence naming each (--json: {"ok", "problems":
//             [{"file", "problem"}], "manifestSha256"}); 2 bad usage, or a file that is no ZIP
// Sentences are the English catalogue's; never a stack trace.
import { resolve } from 'node:path';
import { translate } from '../../shared/i18n/translate.ts';
import { systemClock, type Clock } from '../platform/clock.ts';
import { messageOf } from '../platform/guards.ts';
import { nodeFs } from '../platform/station-fs.ts';
import { EvidenceError, exportEvidence, finishedPackOf } from './bundle.ts';
import { openStationDatabase } from './station-db.ts';
import { NotZipError, verifyEvidence } from './verify.ts';

const USAGE = `Usage: npm run -s evidence -- export ORDER --data-dir DIR --out FILE.zip [--json]
       npm run -s evidence -- verify FILE.zip [--json]
export writes the evidence of the order's newest finished pack (its clip, cues, record, PDF
summary and manifest.json) from a station that is not running, and notes the manifest's
SHA-256 in the pack's record. verify checks a bundle against its manifest.
export exit: 0 written, 1 it could not be (sentence on stderr), 2 bad usage.
verify exit: 0 intact, 1 a file changed, missing or added, 2 bad usage or not a ZIP.`;

export interface EvidenceCliIo {
  out: (text: string) => void;
  err: (line: string) => void;
  cwd: string;
  clock?: Clock;
}

type Sentence = { key: string; params?: Record<string, string> };
type Parsed =
  | { command: 'export'; order: string; dataDir: string; out: string; json: boolean }
  | { command: 'verify'; file: string; json: boolean };

function parse(args: readonly string[]): Parsed | Sentence {
  const [command, ...rest] = args;
  if (command === undefined) return { key: 'evidence.cli.noCommand' };
  if (command !== 'export' && command !== 'verify')
    return { key: 'evidence.cli.unknownCommand', params: { command } };
  const valued = command === 'export' ? ['--data-dir', '--out'] : [];
  const values = new Map<string, string>();
  const positional: string[] = [];
  let json = false;
  for (let i = 0; i < rest.length; i += 1) {
    const arg = rest[i] ?? '';
    const [flag = '', inline] = arg.startsWith('--') ? arg.split(/=(.*)/s, 2) : [arg];
    if (arg === '--json') json = true;
    else if (valued.includes(flag)) {
      const value = inline ?? rest[(i += 1)];
      if (!value) return { key: 'evidence.cli.needsValue', params: { flag } };
      values.set(flag, value);
    } else if (arg.startsWith('-') && arg !== '-')
      return { key: 'evidence.cli.unknownOption', params: { command, flag } };
    else positional.push(arg);
  }
  if (command === 'verify') {
    const [file] = positional;
    if (positional.length !== 1 || file === undefined) return { key: 'evidence.cli.oneZip' };
    return { command, file, json };
  }
  const [order] = positional;
  if (positional.length !== 1 || order === undefined) return { key: 'evidence.cli.oneOrder' };
  const dataDir = values.get('--data-dir');
  if (dataDir === undefined) return { key: 'evidence.cli.needsDataDir' };
  const out = values.get('--out');
  if (out === undefined) return { key: 'evidence.cli.needsOut' };
  return { command, order, dataDir, out, json };
}

async function runExport(
  options: Extract<Parsed, { command: 'export' }>,
  io: EvidenceCliIo,
): Promise<number> {
  const dir = resolve(io.cwd, options.dataDir);
  const out = resolve(io.cwd, options.out);
  try {
    const db = openStationDatabase(dir, nodeFs);
    try {
      const packId = finishedPackOf(db, options.order);
      if (packId === null)
        throw new EvidenceError({
          messageKey: 'evidence.cli.noPack',
          params: { order: options.order, dir },
        });
      const result = await exportEvidence({
        db,
        packId,
        out,
        clock: io.clock ?? systemClock,
        clipDirs: [resolve(dir, 'clips')],
      });
      if (options.json)
        io.out(
          `${JSON.stringify({
            order: options.order,
            packId,
            file: result.file,
            bytes: result.bytes,
            manifestSha256: result.manifestSha256,
            files: result.manifest.files,
          })}\n`,
        );
      else
        io.out(
          `${translate('en', 'evidence.cli.exported', {
            order: options.order,
            file: out,
            sha256: result.manifestSha256,
          })}\n`,
        );
      return 0;
    } finally {
      db.close();
    }
  } catch (error) {
    if (!(error instanceof EvidenceError)) throw error;
    io.err(translate('en', error.sentence.messageKey, error.sentence.params));
    return 1;
  }
}

async function runVerify(
  options: Extract<Parsed, { command: 'verify' }>,
  io: EvidenceCliIo,
): Promise<number> {
  const file = resolve(io.cwd, options.file);
  let result;
  try {
    result = await verifyEvidence(file);
  } catch (error) {
    if (error instanceof NotZipError) io.err(translate('en', 'evidence.cli.notZip', { file }));
    else io.err(translate('en', 'evidence.cli.unreadable', { file, message: messageOf(error) }));
    return 2;
  }
  if (options.json) io.out(`${JSON.stringify(result)}\n`);
  else if (result.ok) io.out(`${translate('en', 'evidence.cli.ok', { file })}\n`);
  for (const { file: name, problem } of result.problems)
    io.err(translate('en', `evidence.cli.${problem}`, { name, file }));
  return result.ok ? 0 : 1;
}

export async function runEvidenceCli(args: readonly string[], io: EvidenceCliIo): Promise<number> {
  if (args[0] === '--help' || args[0] === 'help' || args[0] === '-h') {
    io.out(`${USAGE}\n`);
    return 0;
  }
  const parsed = parse(args);
  if ('key' in parsed) {
    io.err(translate('en', parsed.key, parsed.params));
    io.err(USAGE);
    return 2;
  }
  return parsed.command === 'export' ? runExport(parsed, io) : runVerify(parsed, io);
}

if (import.meta.main) {
  const lastResort = (error: unknown) => {
    process.stderr.write(`The evidence could not be made or checked: ${messageOf(error)}\n`);
    process.exit(1);
  };
  process.on('uncaughtException', lastResort);
  process.on('unhandledRejection', lastResort);
  process.exitCode = await runEvidenceCli(process.argv.slice(2), {
    out: (text) => process.stdout.write(text),
    err: (line) => process.stderr.write(`${line}\n`),
    // npm runs scripts in the project folder; the caller's own folder is INIT_CWD.
    cwd: process.env['INIT_CWD'] ?? process.cwd(),
  });
}
