import type { DatabaseSync } from 'node:sqlite';
import type pg from 'pg';
import {
  DEFAULT_RECORDS_SETTINGS,
  RECORDS_PASSWORD_ACCOUNT,
  recordsInputSchema,
  recordsSettingsSchema,
  type RecallAnswer,
  type RecallQueryInput,
  type RecordsInput,
  type RecordsSentence,
  type RecordsSettings,
  type RecordsState,
  type RecordsTestResult,
  type RecordsView,
  type SupervisorAnswer,
  type SupervisorQuery,
} from '../../shared/records.ts';
import type { Clock } from '../platform/clock.ts';
import type { Keychain } from '../platform/keychain.ts';
import { PolicyLockedError, type Imposed } from '../platform/policy-lock.ts';
import { SettingsFile } from '../platform/settings-file.ts';
import type { StationFs } from '../platform/station-fs.ts';
import { connect, parseAddress, RecordsAddressError, type RecordsDatabase } from './address.ts';
import { sentenceOf } from './errors.ts';
import { stationJournal, type PackJournal } from './journal.ts';
import { recallFromJournal, recallFromPostgres, type RecallQuery } from './recall.ts';
import { REPLICATION_FILE, SqliteReplicationLog } from './replication-log.ts';
import { supervisorFromJournal, supervisorFromPostgres } from './supervisor.ts';
import { migrateRecords } from './schema.ts';
import { RecordsReplicator, type ReplicationState } from './replicator.ts';

export interface FleetRecordsOptions {
  dataDir: string;
  fs: StationFs;
  now: () => Date;
  clock: Clock;
  keychain: Keychain;
  /** The core's own outbox connection: the pack journal, read only. */
  journalDb: DatabaseSync;
  /** Every secret read (the PostgreSQL password) is noted, so no failure can carry it out. */
  noteSecret: (secret: string | null) => void;
  /** What the machine's policy sets for the address and CA. */
  imposed?: Imposed<RecordsSettings> | null;
  /** Told whenever the replication's state changes (the status bar follows it). */
  changed?: () => void;
  /** The replicator's wait after a failure (tests shorten it). */
  retry?: { firstMs?: number; maxMs?: number };
}

/** A sentence the window shows for a records request it could not answer. */
export class RecordsError extends Error {
  readonly sentence: RecordsSentence;
  constructor(sentence: RecordsSentence) {
    super(`Pack records: ${sentence.messageKey}`);
    this.name = 'RecordsError';
    this.sentence = sentence;
  }
}

const dayStart = (date: string | null | undefined) =>
  date ? Date.parse(`${date}T00:00:00Z`) : null;
const DAY = 86_400_000;

/**
 * Settings → Records (issue #40): where the fleet's pack records go (records.json, locked by the
 * policy like the Redis address), the password in the OS keychain, the replicator that sends
 * each finished pack there, and the recall, from PostgreSQL or, without it, from this station.
 * Without an address nothing is sent and nothing changes: PostgreSQL is never needed to start.
 */
export class FleetRecords {
  private readonly o: FleetRecordsOptions;
  private readonly file: SettingsFile<typeof recordsSettingsSchema>;
  private readonly journal: PackJournal;
  private password: string | null | undefined = undefined;
  private replicator: RecordsReplicator | null = null;
  private log: SqliteReplicationLog | null = null;
  /** Why replication could not start (a bad address, an unreadable log); null when it did. */
  private problem: RecordsSentence | null = null;
  private starting: Promise<void> = Promise.resolve();

  constructor(options: FleetRecordsOptions) {
    this.o = options;
    this.journal = stationJournal(options.journalDb);
    this.file = new SettingsFile({
      dataDir: options.dataDir,
      name: 'records.json',
      schema: recordsSettingsSchema,
      defaults: DEFAULT_RECORDS_SETTINGS,
      now: options.now,
      fs: options.fs,
      imposed: options.imposed ?? null,
    });
  }

  /** Starts sending (the back-fill first) when an address is set; returns at once. */
  start(): Promise<void> {
    this.starting = this.starting.then(() => this.restart());
    return this.starting;
  }

  /** A pack finished: send it (returns at once; the finish never waits on PostgreSQL). */
  notify(): void {
    this.replicator?.notify();
  }

  /** The outbox delivered an order's label or invoice: its record says so too. */
  deliveryChanged(orderId: string): void {
    this.replicator?.deliveryChanged(orderId);
  }

  /**
   * A pack's clip closed (issue #41), a few seconds after its finish: its record goes again,
   * now with the clip's hash, like a delivery that came after the pack.
   */
  clipClosed(packId: string): void {
    const orderId = this.journal.record(packId)?.orderId;
    if (orderId) this.replicator?.deliveryChanged(orderId);
  }

  state(): RecordsState {
    const { url } = this.file.get();
    if (url === null)
      return {
        phase: 'off',
        target: null,
        pending: 0,
        sent: 0,
        error: null,
        sentence: { messageKey: 'records.state.off', params: {} },
      };
    if (!this.replicator || this.problem) {
      const sentence = this.problem ?? { messageKey: 'records.state.off', params: {} };
      return { phase: 'stopped', target: null, pending: 0, sent: 0, error: this.problem, sentence };
    }
    return stateOf(this.replicator.state());
  }

  async view(): Promise<RecordsView> {
    const password = await this.keptPassword().catch(() => null);
    return {
      settings: this.file.get(),
      passwordSet: password !== null,
      recoveredFrom: this.file.recoveredFrom,
      state: this.state(),
    };
  }

  /** Keeps the settings (the password first, then the file) and starts over with them. */
  async save(input: RecordsInput): Promise<RecordsView> {
    const parsed = recordsInputSchema.parse(input);
    const imposed = this.file.imposed;
    const lockedHere = imposed?.locked === true;
    if (lockedHere) {
      const current = this.file.get();
      if (parsed.url !== current.url || (parsed.ca ?? null) !== (current.ca ?? null))
        throw new PolicyLockedError('records', imposed.file);
    }
    if (typeof parsed.password === 'string') {
      this.o.noteSecret(parsed.password);
      await this.o.keychain.set(RECORDS_PASSWORD_ACCOUNT, parsed.password);
      this.password = parsed.password;
    } else if (parsed.password === null) {
      await this.o.keychain.delete(RECORDS_PASSWORD_ACCOUNT);
      this.password = null;
    }
    if (!lockedHere) await this.file.save({ url: parsed.url, ca: parsed.ca });
    await this.start();
    return this.view();
  }

  /** The Test button, with what the form holds (its password, or the kept one). */
  async test(input: RecordsInput): Promise<RecordsTestResult> {
    const parsed = recordsInputSchema.parse(input);
    if (parsed.url === null)
      return { ok: false, error: { messageKey: 'records.settings.errors.url', params: {} } };
    const password =
      parsed.password === undefined ? await this.keptPassword() : (parsed.password ?? null);
    this.o.noteSecret(password);
    const database: RecordsDatabase = { url: parsed.url, password, caPem: parsed.ca ?? null };
    let address;
    try {
      address = parseAddress(database);
    } catch (error) {
      if (error instanceof RecordsAddressError) return { ok: false, error: error.sentence };
      throw error;
    }
    try {
      const client = await connect(address);
      try {
        const { rows } = await client.query<{ server: string }>('SHOW server_version');
        return { ok: true, server: rows[0]?.server ?? '', target: address.target };
      } finally {
        await client.end().catch(() => undefined);
      }
    } catch (error) {
      return { ok: false, error: sentenceOf(error, address) };
    }
  }

  /** Who got a lot (or what went into an order, or a GTIN): the fleet's, else this station's. */
  async recall(input: RecallQueryInput): Promise<RecallAnswer> {
    const query: RecallQuery = {
      by: input.by,
      value: input.value.trim(),
      sku: input.sku ?? null,
      from: dayStart(input.from),
      // --to is the last day asked for, whole.
      to: input.to ? (dayStart(input.to) ?? 0) + DAY : null,
    };
    return this.answer(
      () => recallFromJournal(this.journal, query),
      (client) => recallFromPostgres(client, query),
    );
  }

  /** Rows from PostgreSQL when an address is set (a failure is a sentence), else this station's. */
  private async answer<R>(
    here: () => R[],
    fleet: (client: pg.Client) => Promise<R[]>,
  ): Promise<{ rows: R[]; source: 'postgres' | 'station' }> {
    const { url, ca } = this.file.get();
    if (url === null) return { rows: here(), source: 'station' };
    const password = await this.keptPassword().catch(() => null);
    const address = parseAddress({ url, password, caPem: ca });
    try {
      const client = await connect(address);
      try {
        // A database no station has written to yet has no tables: the recall makes them, as
        // the first station's send would, and finds nothing rather than failing.
        await migrateRecords(client);
        return { rows: await fleet(client), source: 'postgres' };
      } finally {
        await client.end().catch(() => undefined);
      }
    } catch (error) {
      throw new RecordsError(sentenceOf(error, address));
    }
  }

  /** The supervisor's days (from, to: YYYY-MM-DD, both whole): the fleet's, else this station's. */
  async supervisor(query: SupervisorQuery): Promise<SupervisorAnswer> {
    const from = dayStart(query.from) ?? 0;
    const to = (dayStart(query.to) ?? 0) + DAY;
    return this.answer(
      () => supervisorFromJournal(this.journal, from, to),
      (client) => supervisorFromPostgres(client, from, to),
    );
  }

  async close(): Promise<void> {
    await this.starting.catch(() => undefined);
    await this.stopReplicating();
  }

  private async restart(): Promise<void> {
    await this.stopReplicating();
    this.problem = null;
    const { url, ca } = this.file.get();
    if (url === null) return this.o.changed?.();
    const password = await this.keptPassword().catch(() => null);
    try {
      this.log = SqliteReplicationLog.open(this.o.dataDir, this.o.fs);
    } catch (error) {
      this.problem = {
        messageKey: 'records.error.logUnreadable',
        params: {
          file: REPLICATION_FILE,
          message: error instanceof Error ? error.message : String(error),
        },
      };
      return this.o.changed?.();
    }
    try {
      this.replicator = new RecordsReplicator({
        journal: this.journal,
        log: this.log,
        database: { url, password, caPem: ca },
        clock: this.o.clock,
        ...(this.o.retry ? { retry: this.o.retry } : {}),
        onChange: () => this.o.changed?.(),
      });
    } catch (error) {
      this.log.close();
      this.log = null;
      if (!(error instanceof RecordsAddressError)) throw error;
      this.problem = error.sentence;
      return this.o.changed?.();
    }
    this.replicator.start();
    this.o.changed?.();
  }

  private async stopReplicating(): Promise<void> {
    const replicator = this.replicator;
    this.replicator = null;
    await replicator?.stop();
    this.log?.close();
    this.log = null;
  }

  private async keptPassword(): Promise<string | null> {
    if (this.password === undefined) {
      this.password = await this.o.keychain.get(RECORDS_PASSWORD_ACCOUNT);
      this.o.noteSecret(this.password);
    }
    return this.password;
  }
}

function stateOf(state: ReplicationState): RecordsState {
  return {
    phase: state.phase,
    target: state.target,
    pending: state.pending,
    sent: state.sent,
    error: state.error,
    sentence: state.sentence,
  };
}
