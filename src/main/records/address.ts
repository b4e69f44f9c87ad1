import pg from 'pg';
import type { MessageKey } from '../../shared/i18n/message-key.ts';

// Where the fleet's pack records live: a postgres:// address, the password (the keychain's, or
// PGPASSWORD for the terminal; a password given apart wins over one in the address) and, for
// TLS with a private CA, that CA's PEM. Parsed here rather than by the driver so that the host
// and database name are known for every sentence, and so a CA given is never dropped by an
// sslmode in the address (the driver lets the address's options replace the ones passed).

/** A sentence with its parameters: what Settings, the status bar and the CLI say. */
export interface RecordsSentence {
  messageKey: MessageKey;
  params: Record<string, string | number>;
}

/** What the station (or the CLI) is told about the database. */
export interface RecordsDatabase {
  url: string;
  /** Overrides the address's password (the keychain's, or PGPASSWORD). */
  password?: string | null;
  /** PEM of the CA that signed the server's certificate: TLS, verified against it only. */
  caPem?: string | null;
  /** How long a connection attempt may take before it counts as unreachable. */
  connectTimeoutMs?: number;
}

export interface RecordsAddress {
  host: string;
  port: number;
  user: string;
  database: string;
  /** Host, port and database without the user or password: names the target in logs and keys. */
  target: string;
  config: pg.ClientConfig;
}

/** An address that cannot be used: its sentence says why. */
export class RecordsAddressError extends Error {
  readonly sentence: RecordsSentence;
  constructor(url: string) {
    // The address may carry a password: the sentence names it without one.
    const shown = url.replace(/\/\/([^:/@]*):[^@]*@/, '//$1@');
    super(`${shown} is not a PostgreSQL address.`);
    this.name = 'RecordsAddressError';
    this.sentence = { messageKey: 'records.error.badUrl', params: { url: shown } };
  }
}

const SSL_MODES = new Set(['disable', 'allow', 'prefer', 'require', 'verify-ca', 'verify-full']);

export function parseAddress(database: RecordsDatabase): RecordsAddress {
  let url: URL;
  try {
    url = new URL(database.url);
  } catch {
    throw new RecordsAddressError(database.url);
  }
  if ((url.protocol !== 'postgres:' && url.protocol !== 'postgresql:') || !url.hostname)
    throw new RecordsAddressError(database.url);
  const port = url.port ? Number(url.port) : 5432;
  const name = decodeURIComponent(url.pathname.replace(/^\//, ''));
  const user = decodeURIComponent(url.username);
  const sslmode = url.searchParams.get('sslmode') ?? (database.caPem ? 'verify-full' : 'prefer');
  if (!SSL_MODES.has(sslmode)) throw new RecordsAddressError(database.url);
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  const ssl: pg.ClientConfig['ssl'] = database.caPem
    ? { ca: database.caPem, rejectUnauthorized: true }
    : sslmode === 'require' || sslmode === 'verify-ca' || sslmode === 'verify-full'
      ? { rejectUnauthorized: sslmode !== 'require' }
      : false;
  const database_ = name || user;
  return {
    host,
    port,
    user,
    database: database_,
    target: `${host}:${port}/${database_}`,
    config: {
      host,
      port,
      user,
      database: database_,
      password: database.password ?? (url.password ? decodeURIComponent(url.password) : undefined),
      ssl,
      connectionTimeoutMillis: database.connectTimeoutMs ?? 10_000,
      application_name: 'packbench',
      // A statement that hangs (a lock held by someone) must not hold the queue forever.
      statement_timeout: 60_000,
    },
  };
}

/** A connected client; its idle errors (a server that went away) are the caller's to hear. */
export async function connect(address: RecordsAddress): Promise<pg.Client> {
  const client = new pg.Client(address.config);
  // Without a listener an error on an idle connection would end the process.
  client.on('error', () => undefined);
  try {
    await client.connect();
  } catch (error) {
    await client.end().catch(() => undefined);
    throw error;
  }
  return client;
}
