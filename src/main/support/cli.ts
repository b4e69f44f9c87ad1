import { existsSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import type { Redact } from '../../shared/details.ts';
import { buildBundle, type BundleInput } from './bundle.ts';

// `npm run -s station -- support-bundle --data-dir DIR --out FILE.zip [--json]` (issue #31):
// the window's support bundle, made over SSH without starting the station. It reads the data
// folder's files and the outbox read-only. Exit 0 with the zip written; 1 when the data folder
// is missing or the output cannot be written (nothing is written: a temporary file is renamed
// only on success); 2 for a usage error. --json prints {"file", "bytes", "entries": [...]}.

export const SUPPORT_USAGE = `npm run -s station -- support-bundle --data-dir DIR --out FILE.zip [--json]
  Writes the support bundle of the station whose data folder is DIR, without starting it:
  logs, startup.log, versions, the policy in effect, settings files, the queues' counts and
  failed jobs' errors, the last health checks; no key, no password. Exit 0 written, 1 refused
  (nothing written), 2 usage.
`;

export interface SupportCliIo {
  out: (line: string) => void;
  err: (line: string) => void;
  /** The caller's folder: relative paths are theirs (npm runs scripts from the package's). */
  cwd: string;
  now: () => number;
  versions: Record<string, unknown>;
  policy: () => BundleInput['policy'];
  /** The secrets the station's keychain holds for these profile accounts (best effort). */
  secrets: (accounts: readonly string[]) => Promise<string[]>;
  redactor: (secrets: readonly string[]) => Redact;
  /** A suffix for the temporary file (a process id). */
  tempSuffix: string;
}

interface Options {
  dataDir: string;
  out: string;
  json: boolean;
}

function parse(args: readonly string[]): Options | string {
  const values: Partial<Record<'data-dir' | 'out', string>> = {};
  let json = false;
  for (let index = 0; index < args.length; index += 1) {
    const arg = args[index] ?? '';
    if (arg === '--json') {
      json = true;
      continue;
    }
    const [name, inline] = arg.startsWith('--') ? arg.slice(2).split(/=(.*)/s, 2) : [arg];
    if (name !== 'data-dir' && name !== 'out') return `Unknown option "${arg}".`;
    const value = inline ?? args[(index += 1)];
    if (value === undefined || value === '') return `--${name} needs a value.`;
    values[name] = value;
  }
  if (values['data-dir'] === undefined) return 'Name the data folder with --data-dir DIR.';
  if (values.out === undefined) return 'Name the bundle to write with --out FILE.zip.';
  return { dataDir: values['data-dir'], out: values.out, json };
}

/** The reasons a file cannot be written, in plain words, by the system's code. */
const WHY: Record<string, string> = {
  ENOENT: 'its folder does not exist',
  ENOTDIR: 'a part of its folder is a file, not a folder',
  EACCES: 'no permission to write there',
  EPERM: 'no permission to write there',
  EROFS: 'the disk is read-only',
  ENOSPC: 'the disk is full',
  EEXIST: 'a file of that name is in the way',
};

export async function runSupportBundle(args: readonly string[], io: SupportCliIo): Promise<number> {
  const options = parse(args);
  if (typeof options === 'string') {
    io.err(options);
    io.err(`Usage: ${SUPPORT_USAGE.trimEnd()}`);
    return 2;
  }
  const dataDir = resolve(io.cwd, options.dataDir);
  const out = resolve(io.cwd, options.out);
  if (!existsSync(dataDir) || !statSync(dataDir).isDirectory()) {
    io.err(`The data folder ${dataDir} does not exist: nothing was written.`);
    return 1;
  }
  if (existsSync(out) && statSync(out).isDirectory()) {
    io.err(`Cannot write ${out}: it is a folder. Nothing was written.`);
    return 1;
  }
  const bundle = buildBundle({
    dataDir,
    redact: io.redactor(await io.secrets(accountsOf(dataDir))),
    now: io.now(),
    versions: io.versions,
    policy: io.policy(),
  });
  const temp = join(dirname(out), `.${basename(out)}.${io.tempSuffix}.tmp`);
  try {
    writeFileSync(temp, bundle.zip, { flag: 'wx', mode: 0o600 });
    renameSync(temp, out);
  } catch (error) {
    // The clean-up fails the same way when the folder is the problem (ENOTDIR, ENOENT): the
    // sentence below is the answer, never the clean-up's stack trace.
    try {
      rmSync(temp, { force: true });
    } catch {
      // Nothing could be written there, so there is nothing to remove.
    }
    const code = (error as NodeJS.ErrnoException).code ?? 'error';
    io.err(
      `Cannot write ${out} (${code}${WHY[code] ? `: ${WHY[code]}` : ''}): nothing was written.`,
    );
    return 1;
  }
  if (options.json)
    io.out(JSON.stringify({ file: out, bytes: bundle.zip.length, entries: bundle.entries }));
  else
    io.out(
      `Wrote ${out} (${bundle.zip.length} bytes, ${bundle.entries.length} files${
        bundle.trimmedLogLines ? `, ${bundle.trimmedLogLines} oldest log lines left out` : ''
      }).`,
    );
  return 0;
}

/** The keychain accounts whose secrets the bundle must not hold: each profile's key. */
function accountsOf(dataDir: string): string[] {
  try {
    const data = JSON.parse(readFileSync(join(dataDir, 'profiles.json'), 'utf8')) as unknown;
    const profiles = (data as { profiles?: unknown }).profiles;
    if (!Array.isArray(profiles)) return [];
    return profiles.flatMap((p: unknown) =>
      typeof p === 'object' && p !== null && typeof (p as { id?: unknown }).id === 'string'
        ? [(p as { id: string }).id]
        : [],
    );
  } catch {
    return [];
  }
}
