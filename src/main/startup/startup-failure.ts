import { appendFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { translate, type CatalogueLanguage } from '../../shared/i18n/translate.ts';
import {
  DataDirError,
  existingAncestor,
  MIN_FREE_BYTES,
  nodeDiskProbe,
  type DiskProbe,
} from '../platform/data-dir.ts';
import { NewerSchemaError, OutboxInUseError } from '../outbox/database.ts';
import { PolicyError } from '../policy/policy-file.ts';
import { systemClock } from '../platform/clock.ts';
import { fieldOf, messageOf } from '../platform/guards.ts';
import { makeFolders } from '../platform/make-folders.ts';

// A station that cannot open its data must say why, in words an operator can act on, and stop:
// never a window-less process, never a "fix" that changes the data. This module is plain Node
// (index.ts shows the dialog and ends the process).

export type StartupCause =
  'disk_full' | 'read_only' | 'newer_schema' | 'in_use' | 'policy' | 'other';

export interface StartupFailure {
  cause: StartupCause;
  /** The folder the sentence names. */
  dir: string;
  /** Placeholders of the cause's sentence. */
  params: Record<string, string | number>;
  /** The error in English, for the log. */
  detail: string;
}

/** Below this, a failure to write is taken for a full disk (SQLite needs room for its journal). */
const NEARLY_FULL_BYTES = MIN_FREE_BYTES;

// SQLite's primary result codes (node:sqlite reports them as `errcode`, possibly extended).
const SQLITE_READONLY = 8;
const SQLITE_IOERR = 10;
const SQLITE_FULL = 13;
const SQLITE_CANTOPEN = 14;

interface ErrorFacts {
  codes: Set<string>;
  sqlite: Set<number>;
}

function factsOf(error: unknown): ErrorFacts {
  const facts: ErrorFacts = { codes: new Set(), sqlite: new Set() };
  // Follow `cause` a few levels: wrappers keep the system error there.
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const code = fieldOf(e, 'code');
    const errcode = fieldOf(e, 'errcode');
    if (typeof code === 'string') facts.codes.add(code);
    if (typeof errcode === 'number') facts.sqlite.add(errcode & 0xff);
    e = fieldOf(e, 'cause');
  }
  return facts;
}

export function diagnoseStartupFailure(
  error: unknown,
  dataDir: string,
  probe: DiskProbe = nodeDiskProbe,
): StartupFailure {
  const detail = messageOf(error);
  if (error instanceof NewerSchemaError) {
    return {
      cause: 'newer_schema',
      dir: dataDir,
      params: { dir: dataDir, found: error.found, known: error.known },
      detail,
    };
  }
  // IT's policy does not parse or breaks the schema: name the file, the place and the rule.
  if (error instanceof PolicyError) {
    const first = error.problems[0];
    return {
      cause: 'policy',
      dir: dataDir,
      params: {
        file: error.file,
        line: first?.line ?? 1,
        column: first?.column ?? 1,
        where: first?.path ? ` (${first.path})` : '',
        rule: first?.message ?? '',
      },
      detail,
    };
  }
  if (error instanceof OutboxInUseError)
    return { cause: 'in_use', dir: dataDir, params: { dir: dataDir }, detail };
  if (error instanceof DataDirError)
    return { cause: error.reason, dir: error.dir, params: { dir: error.dir }, detail };
  const facts = factsOf(error);
  const where = existingAncestor(dataDir);
  const ioFailure =
    facts.sqlite.has(SQLITE_IOERR) ||
    facts.sqlite.has(SQLITE_CANTOPEN) ||
    facts.sqlite.has(SQLITE_READONLY) ||
    facts.codes.has('EIO');
  const free = probe.free(where)?.bytes ?? null;
  if (
    facts.codes.has('ENOSPC') ||
    facts.codes.has('EDQUOT') ||
    facts.sqlite.has(SQLITE_FULL) ||
    (ioFailure && free !== null && free < NEARLY_FULL_BYTES)
  ) {
    return { cause: 'disk_full', dir: where, params: { dir: where }, detail };
  }
  const refusal = probe.writeRefusal(where);
  if (
    facts.codes.has('EROFS') ||
    facts.codes.has('EACCES') ||
    facts.codes.has('EPERM') ||
    facts.sqlite.has(SQLITE_READONLY) ||
    ((ioFailure || facts.codes.size > 0) && refusal !== null)
  ) {
    return { cause: 'read_only', dir: where, params: { dir: where }, detail };
  }
  return { cause: 'other', dir: dataDir, params: { dir: dataDir, detail }, detail };
}

/** The dialog's title and text in the operator's language. */
export function startupFailureMessage(
  language: CatalogueLanguage,
  failure: StartupFailure,
  logFile: string | null,
): { title: string; message: string } {
  const lines = [
    translate(
      language,
      failure.cause === 'policy' ? 'policy.startup' : `startup.${failure.cause}`,
      failure.params,
    ),
    translate(language, 'startup.unchanged'),
    logFile
      ? translate(language, 'startup.log', { log: logFile })
      : translate(language, 'startup.noLog'),
  ];
  return { title: translate(language, 'startup.title'), message: lines.join('\n\n') };
}

export const startupLogFile = (dataDir: string): string => join(dataDir, 'logs', 'startup.log');

/** Appends the failure to `<dataDir>/logs/startup.log` when it can; returns the file or null. */
export function writeStartupLog(
  dataDir: string,
  failure: StartupFailure,
  error: unknown,
  now: Date = new Date(systemClock.now()),
): string | null {
  const file = startupLogFile(dataDir);
  const stack = error instanceof Error && error.stack ? error.stack : failure.detail;
  try {
    makeFolders(dirname(file));
    appendFileSync(
      file,
      `${now.toISOString()} start failed (${failure.cause}) in ${dataDir}\n${stack}\n\n`,
    );
    return file;
  } catch {
    // A read-only folder or a full disk: the dialog (and stderr) still say it.
    return null;
  }
}
