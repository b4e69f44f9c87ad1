import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from '@test/outbox/helpers.ts';
import { checkDataDir, DataDirError, type DiskProbe } from '../platform/data-dir.ts';
import { NewerSchemaError } from '../outbox/database.ts';
import {
  diagnoseStartupFailure,
  startupFailureMessage,
  startupLogFile,
  writeStartupLog,
} from './startup-failure.ts';

const scratch = tempDir('packbench-startup-');
afterAll(() => scratch.remove());

const probe = (free: number, refusal: string | null = null): DiskProbe => ({
  free: () => ({ bytes: free, files: 1000 }),
  writeRefusal: () => refusal,
});
const roomy = probe(10 * 1024 * 1024 * 1024);
const errno = (code: string) => Object.assign(new Error(`${code}: failed`), { code });
const sqliteError = (errcode: number, errstr: string) =>
  Object.assign(new Error(errstr), { code: 'ERR_SQLITE_ERROR', errcode, errstr });

describe('checkDataDir', () => {
  it('refuses a folder it cannot write and a nearly full disk, naming where', () => {
    const dir = join(scratch.path, 'missing', 'Packbench');
    expect(() => checkDataDir(dir, probe(1e9, 'EROFS'))).toThrow(
      expect.objectContaining({ reason: 'read_only', dir: scratch.path, code: 'EROFS' }),
    );
    expect(() => checkDataDir(scratch.path, probe(4096))).toThrow(
      expect.objectContaining({ reason: 'disk_full', dir: scratch.path }),
    );
    expect(() =>
      checkDataDir(scratch.path, {
        free: () => ({ bytes: 1e9, files: 0 }),
        writeRefusal: () => null,
      }),
    ).toThrow(expect.objectContaining({ reason: 'disk_full' }));
    expect(() => checkDataDir(scratch.path, roomy)).not.toThrow();
  });
});

describe('diagnoseStartupFailure', () => {
  const dataDir = scratch.path;
  it.each([
    ['a newer outbox', new NewerSchemaError('x', 3, 1), roomy, 'newer_schema'],
    [
      'the preflight: read-only',
      new DataDirError('read_only', dataDir, 'EACCES'),
      roomy,
      'read_only',
    ],
    ['the preflight: full', new DataDirError('disk_full', dataDir, 'ENOSPC'), roomy, 'disk_full'],
    ['ENOSPC from a write', errno('ENOSPC'), roomy, 'disk_full'],
    ['a quota', errno('EDQUOT'), roomy, 'disk_full'],
    ['SQLITE_FULL', sqliteError(13, 'database or disk is full'), roomy, 'disk_full'],
    [
      'an I/O error on an almost full disk',
      sqliteError(778, 'disk I/O error'),
      probe(10),
      'disk_full',
    ],
    ['EROFS', errno('EROFS'), roomy, 'read_only'],
    ['EACCES', errno('EACCES'), roomy, 'read_only'],
    ['SQLITE_READONLY', sqliteError(8, 'attempt to write a readonly database'), roomy, 'read_only'],
    [
      'cannot open, folder refuses writes',
      sqliteError(14, 'unable to open'),
      probe(1e9, 'EROFS'),
      'read_only',
    ],
    ['wrapped in a cause', new Error('outer', { cause: errno('ENOSPC') }), roomy, 'disk_full'],
    ['anything else', new Error('port in use'), roomy, 'other'],
    ['cannot open, folder fine', sqliteError(14, 'unable to open'), roomy, 'other'],
  ] as const)('%s → %s', (_name, error, diskProbe, cause) => {
    expect(diagnoseStartupFailure(error, dataDir, diskProbe).cause).toBe(cause);
  });

  it('names the folder that refused and keeps the detail for the log', () => {
    const failure = diagnoseStartupFailure(new Error('boom'), '/data/Packbench', roomy);
    expect(failure).toEqual({
      cause: 'other',
      dir: '/data/Packbench',
      params: { dir: '/data/Packbench', detail: 'boom' },
      detail: 'boom',
    });
  });
});

describe('startupFailureMessage', () => {
  const failure = diagnoseStartupFailure(new NewerSchemaError('x', 3, 1), '/d/Packbench', roomy);
  it.each([
    ['en', /newer Packbench \(data version 3; this one reads up to 1\)/, /details are in \/d\/log/],
    ['pt-BR', /Packbench mais novo \(versão de dados 3; este lê até a 1\)/, /detalhes estão em/],
    ['es', /Packbench más nuevo \(versión de datos 3; este lee hasta la 1\)/, /detalles están en/],
  ] as const)('%s: the cause, the folder, the next step and the log', (language, cause, log) => {
    const { title, message } = startupFailureMessage(language, failure, '/d/log');
    expect(title).not.toMatch(/startup\./);
    expect(message).toMatch(cause);
    expect(message).toContain('/d/Packbench');
    expect(message).toMatch(log);
    expect(message).not.toMatch(/\{\{|startup\./);
  });

  it('says so when not even the log could be written', () => {
    const full = diagnoseStartupFailure(errno('ENOSPC'), '/d', roomy);
    expect(startupFailureMessage('en', full, null).message).toMatch(
      /disk is full[\s\S]*could not be written to a log file either/,
    );
  });
});

describe('writeStartupLog', () => {
  it('appends the cause and the stack to <data>/logs/startup.log', () => {
    const dir = join(scratch.path, 'log');
    const error = new NewerSchemaError('x', 3, 1);
    const failure = diagnoseStartupFailure(error, dir, roomy);
    const file = writeStartupLog(dir, failure, error, new Date('2026-11-24T10:00:00Z'));
    expect(file).toBe(startupLogFile(dir));
    expect(readFileSync(startupLogFile(dir), 'utf8')).toMatch(
      /^2026-11-24T10:00:00.000Z start failed \(newer_schema\) in .*\nNewerSchemaError: /,
    );
  });

  it('returns null instead of throwing when it cannot write', () => {
    const dir = join(scratch.path, 'blocked');
    mkdirSync(dir);
    writeFileSync(join(dir, 'logs'), 'a file where the folder would go');
    chmodSync(join(dir, 'logs'), 0o400);
    expect(writeStartupLog(dir, diagnoseStartupFailure(new Error('x'), dir, roomy), null)).toBe(
      null,
    );
  });
});
