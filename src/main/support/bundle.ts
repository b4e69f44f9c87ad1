import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { zipSync, strToU8 } from 'fflate';
import type { Redact } from '../../shared/details.ts';
import { isLogFileName } from '../logs/rotating-file.ts';
import { readQueues } from './queues.ts';
import { scrubJsonText, scrubLogLine, scrubText, scrubValue } from './scrub.ts';

/** The settings files of the data folder that go into a bundle (never a key among them). */
export const SETTINGS_FILES = [
  'printer.json',
  'document-printer.json',
  'pack.json',
  'scale.json',
  'coordination.json',
  'profiles.json',
  'aliases.json',
] as const;

/** The bundle's contents hold at most this much before compression, so the zip does too. */
export const BUNDLE_CAP_BYTES = 16 * 1024 * 1024;
/** What the zip's own headers and the manifest may take besides the contents. */
const HEADROOM = 64 * 1024;

export interface BundleInput {
  dataDir: string;
  /** Every form of every secret the station knows (core.redact, or the keychain's for the CLI). */
  redact: Redact;
  now: number;
  versions: Record<string, unknown>;
  /** The policy in effect (its view) and its file's text, when a policy is set. */
  policy: { file: string; text: string | null; inEffect: unknown } | null;
  /** The health monitor's snapshot now (the window's bundle; the CLI has none). */
  health?: unknown;
  capBytes?: number;
}

export interface BundleEntry {
  name: string;
  bytes: number;
}

export interface Bundle {
  zip: Uint8Array;
  entries: BundleEntry[];
  /** Oldest log lines left out to stay under the cap. */
  trimmedLogLines: number;
  capBytes: number;
}

const json = (value: unknown) => strToU8(`${JSON.stringify(value, null, 2)}\n`);

/**
 * The support bundle: logs, startup.log, versions, the policy, the settings files, the queues'
 * counts and failed jobs' errors, the last health checks. Every entry passes the station's
 * redaction (and password-like fields and URL passwords are emptied) before it is zipped.
 */
export function buildBundle(input: BundleInput): Bundle {
  const { dataDir, redact } = input;
  const cap = input.capBytes ?? BUNDLE_CAP_BYTES;
  const files: Record<string, Uint8Array> = {};
  files['versions.json'] = json(scrubValue(input.versions, redact));
  files['policy.json'] = json(
    input.policy
      ? {
          file: scrubText(input.policy.file, redact),
          inEffect: scrubValue(input.policy.inEffect, redact),
          text: input.policy.text === null ? null : scrubJsonText(input.policy.text, redact),
        }
      : { file: null, inEffect: null, text: null },
  );
  for (const name of SETTINGS_FILES) {
    const file = join(dataDir, name);
    if (existsSync(file))
      files[`settings/${name}`] = strToU8(scrubJsonText(readFileSync(file, 'utf8'), redact));
  }
  files['queues.json'] = json(scrubValue(readQueues(join(dataDir, 'outbox.sqlite')), redact));

  const logs = readLogs(join(dataDir, 'logs'), redact);
  files['health.json'] = json({
    now: input.health === undefined ? null : scrubValue(input.health, redact),
    // The last health checks, as the log kept them (newest last).
    recent: logs.lines
      .filter((line) => line.text.includes('"event":"health.state"'))
      .slice(-50)
      .map((line) => parsedLine(line.text)),
  });

  // The logs take what the cap leaves; the oldest lines go first.
  const fixed = Object.values(files).reduce((sum, bytes) => sum + bytes.length, 0);
  let room = Math.max(0, cap - HEADROOM - fixed);
  const kept = new Map<string, string[]>();
  let trimmed = 0;
  for (let index = logs.lines.length - 1; index >= 0; index -= 1) {
    const line = logs.lines[index];
    if (!line) continue;
    const size = Buffer.byteLength(line.text, 'utf8') + 1;
    if (size > room) {
      trimmed = index + 1;
      break;
    }
    room -= size;
    kept.set(line.file, [line.text, ...(kept.get(line.file) ?? [])]);
  }
  for (const name of logs.files) {
    const lines = kept.get(name);
    if (lines) files[`logs/${name}`] = strToU8(`${lines.join('\n')}\n`);
  }

  const manifest = {
    createdAt: new Date(input.now).toISOString(),
    capBytes: cap,
    trimmedLogLines: trimmed,
    entries: Object.entries(files).map(([name, bytes]) => ({ name, bytes: bytes.length })),
  };
  files['manifest.json'] = json(manifest);
  const zip = zipSync(files, { level: 6, mtime: new Date(input.now) });
  return {
    zip,
    entries: Object.entries(files).map(([name, bytes]) => ({ name, bytes: bytes.length })),
    trimmedLogLines: trimmed,
    capBytes: cap,
  };
}

interface LogLine {
  file: string;
  text: string;
}

/** The log files oldest first (station.4.log … station.log, then startup.log), line by line. */
function readLogs(dir: string, redact: Redact): { files: string[]; lines: LogLine[] } {
  if (!existsSync(dir)) return { files: [], lines: [] };
  const names = readdirSync(dir).filter((name) => statSync(join(dir, name)).isFile());
  const rank = (name: string) => Number(/^station\.(\d+)\.log$/.exec(name)?.[1] ?? 0);
  const files = [
    ...names.filter(isLogFileName).sort((a, b) => rank(b) - rank(a)),
    ...names.filter((name) => name === 'startup.log'),
  ];
  const lines = files.flatMap((file) =>
    readFileSync(join(dir, file), 'utf8')
      .split('\n')
      .filter((text) => text.length > 0)
      .map((text) => ({ file, text: scrubLogLine(text, redact) })),
  );
  return { files, lines };
}

function parsedLine(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}
