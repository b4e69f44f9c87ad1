import { fieldOf, messageOf } from '../platform/guards.ts';
import type { RecordsAddress, RecordsSentence } from './address.ts';

// Why PostgreSQL did not take the records, as one sentence the station can show (Settings, the
// status bar) and the CLI can print. Whether to try again follows from it: an address, a password
// or a database that is wrong stays wrong until someone changes it, but the station retries all
// of them on its backoff anyway, since IT may fix the server without touching the station.

/** The schema in PostgreSQL is newer than this build's migrations. */
export class NewerRecordsSchemaError extends Error {
  readonly found: number;
  readonly known: number;
  constructor(found: number, known: number) {
    super(`The pack records' schema is ${found}; this build knows ${known}.`);
    this.name = 'NewerRecordsSchemaError';
    this.found = found;
    this.known = known;
  }
}

const UNREACHABLE = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
]);

/** SQLSTATE classes that belong to the data of one pack, not to the connection or the server. */
const DATA_CLASSES = ['22', '23'];

/** True when PostgreSQL refused this pack's data itself (sending it again would fail again). */
export function isDataError(error: unknown): boolean {
  const code = fieldOf(error, 'code');
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)
    ? DATA_CLASSES.includes(code.slice(0, 2))
    : false;
}

export function sentenceOf(error: unknown, address: RecordsAddress): RecordsSentence {
  const host = `${address.host}:${address.port}`;
  const code = String(fieldOf(error, 'code') ?? '');
  const message = messageOf(error);
  if (error instanceof NewerRecordsSchemaError)
    return {
      messageKey: 'records.error.newerSchema',
      params: { host, found: error.found, known: error.known },
    };
  // 28P01 invalid_password, 28000 invalid_authorization_specification (no such role, pg_hba).
  if (code === '28P01' || code === '28000')
    return { messageKey: 'records.error.auth', params: { host, user: address.user } };
  if (code === '3D000')
    return { messageKey: 'records.error.noDatabase', params: { host, database: address.database } };
  if (code === '42501')
    return { messageKey: 'records.error.permission', params: { host, user: address.user } };
  if (
    /CERT|SSL|TLS|SELF_SIGNED|UNABLE_TO_VERIFY/.test(code) ||
    /does not support SSL|certificate|self[- ]signed/i.test(message)
  )
    return { messageKey: 'records.error.tls', params: { host, code: code || 'TLS' } };
  // 57P01–57P03: the server is shutting down or starting; 08xxx: the connection broke.
  if (
    UNREACHABLE.has(code) ||
    code.startsWith('57P') ||
    code.startsWith('08') ||
    /timeout|terminated|Connection ended|not queryable/i.test(message)
  )
    return { messageKey: 'records.error.unreachable', params: { host, code: code || 'timeout' } };
  return { messageKey: 'records.error.failed', params: { host, message } };
}
