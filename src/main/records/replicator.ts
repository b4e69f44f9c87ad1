import type pg from 'pg';
import type { Clock } from '../platform/clock.ts';
import { messageOf } from '../platform/guards.ts';
import {
  connect,
  parseAddress,
  type RecordsAddress,
  type RecordsDatabase,
  type RecordsSentence,
} from './address.ts';
import { isDataError, sentenceOf } from './errors.ts';
import type { FleetPack } from './fleet-pack.ts';
import type { JournalEntry, PackJournal } from './journal.ts';
import type { ReplicationLog } from './replication-log.ts';
import { migrateRecords } from './schema.ts';
import { writePack } from './write-pack.ts';

// Sends the station's finished packs to PostgreSQL, each once, off the packer's path: a finish
// only calls notify(), and the sending happens in this loop. The queue is not stored: each pass
// takes the journal's finished packs (from a little before the newest one already noted, so a
// clock set back or a late commit is not skipped; from the very first on a fresh log, which is
// the back-fill) minus the ones the replication log has, oldest first. A failure of the
// connection stops the pass and waits on the injected clock, doubling up to a ceiling; a pack
// whose data PostgreSQL refuses is noted with why and does not hold the others back.

export type ReplicationPhase = 'connecting' | 'sending' | 'upToDate' | 'waiting' | 'stopped';

export interface ReplicationState {
  phase: ReplicationPhase;
  /** host:port/database, without the user or password. */
  target: string;
  /** Finished packs not yet in PostgreSQL, as of the last pass. */
  pending: number;
  /** Since start: packs this station created in PostgreSQL. */
  sent: number;
  /** Since start: sends PostgreSQL already had (after a crash, a delivery): nothing changed. */
  repeated: number;
  /** Since start: packs PostgreSQL refused (their data), noted and passed over. */
  refused: number;
  /** Why the last attempt failed, or the last pack refused; null once a pass succeeds. */
  error: RecordsSentence | null;
  /** When the next attempt is due (phase `waiting`). */
  nextAttemptAt: number | null;
  /** The one sentence for the status bar. */
  sentence: RecordsSentence;
}

export interface RecordsReplicatorOptions {
  journal: PackJournal;
  log: ReplicationLog;
  database: RecordsDatabase;
  clock: Clock;
  /** The wait after a failure: `firstMs`, doubled each time up to `maxMs`. */
  retry?: { firstMs?: number; maxMs?: number };
  /** How far before the newest noted finish a pass looks for packs not yet noted. */
  lookbackMs?: number;
  /** On start, packs noted this recently with a delivery missing are sent again if it came. */
  deliveryWindowMs?: number;
  onChange?: (state: ReplicationState) => void;
  /** A connected client (tests wrap the real one). */
  connect?: (address: RecordsAddress) => Promise<pg.Client>;
}

const HOUR = 3_600_000;

export class RecordsReplicator {
  private readonly o: RecordsReplicatorOptions;
  /** Parsed at construction: a bad address throws RecordsAddressError before anything starts. */
  readonly address: RecordsAddress;
  private client: pg.Client | null = null;
  private migrated = false;
  private running: Promise<void> | null = null;
  private timer: unknown = null;
  private dirty = false;
  private stopped = false;
  private failures = 0;
  /** Orders whose label or invoice was delivered since their pack was sent. */
  private readonly deliveries = new Set<string>();
  private sweptDeliveries = false;
  private current: ReplicationState;

  constructor(options: RecordsReplicatorOptions) {
    this.o = options;
    this.address = parseAddress(options.database);
    this.current = {
      phase: 'connecting',
      target: this.address.target,
      pending: 0,
      sent: 0,
      repeated: 0,
      refused: 0,
      error: null,
      nextAttemptAt: null,
      sentence: this.sentenceFor('connecting', 0, null),
    };
  }

  /** Starts sending: the back-fill, then whatever the journal finishes. */
  start(): void {
    this.notify();
  }

  /** A pack finished (or anything else worth a pass): send soon, never on the caller's time. */
  notify(): void {
    if (this.stopped) return;
    this.dirty = true;
    if (this.running !== null || this.timer !== null) return;
    // After the caller's turn: a finish's reply goes to the window before any journal read.
    this.running = new Promise<void>((resolve) => setImmediate(resolve))
      .then(() => this.loop())
      .finally(() => {
        this.running = null;
        // A notify() that came after the loop's last look at `dirty` must not be lost.
        if (this.dirty && this.timer === null) this.notify();
      });
  }

  /** The order's label or invoice was delivered: its pack is sent again with that (no count moves). */
  deliveryChanged(orderId: string): void {
    this.deliveries.add(orderId);
    this.notify();
  }

  /** The operator's "try now" (or a changed password): the wait is cut short. */
  retryNow(): void {
    if (this.timer !== null) this.o.clock.clearTimeout(this.timer);
    this.timer = null;
    this.notify();
  }

  state(): ReplicationState {
    return this.current;
  }

  /** Ends the loop after the pack in flight, and the connection; the log is the caller's. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer !== null) this.o.clock.clearTimeout(this.timer);
    this.timer = null;
    await this.running;
    await this.dropClient();
    this.update({ phase: 'stopped', nextAttemptAt: null });
  }

  private async loop(): Promise<void> {
    while (this.dirty && !this.stopped) {
      this.dirty = false;
      try {
        await this.pass();
        this.failures = 0;
      } catch (error) {
        await this.dropClient();
        if (this.stopped) return;
        this.failures += 1;
        const first = this.o.retry?.firstMs ?? 1_000;
        const delay = Math.min(this.o.retry?.maxMs ?? 60_000, first * 2 ** (this.failures - 1));
        this.update({
          phase: 'waiting',
          error: sentenceOf(error, this.address),
          nextAttemptAt: this.o.clock.now() + delay,
        });
        this.timer = this.o.clock.setTimeout(() => {
          this.timer = null;
          this.notify();
        }, delay);
        return;
      }
    }
  }

  private async pass(): Promise<void> {
    const target = this.address.target;
    const newest = this.o.log.newest(target);
    const since = newest === null ? 0 : newest - (this.o.lookbackMs ?? 24 * HOUR);
    const entries = this.o.journal.finishedSince(since);
    const known = this.o.log.known(
      target,
      entries.map((e) => e.id),
    );
    const queue = entries.filter((e) => !known.has(e.id));
    const orders = [...this.deliveries];
    const again = this.deliveryQueue(orders);
    this.update({ pending: queue.length });
    if (queue.length === 0 && again.length === 0) {
      for (const orderId of orders) this.deliveries.delete(orderId);
      this.sweptDeliveries = true;
      this.update({ phase: 'upToDate', error: null, nextAttemptAt: null });
      return;
    }
    const client = await this.ready();
    this.update({ phase: 'sending', nextAttemptAt: null });
    for (const [k, entry] of queue.entries()) {
      if (this.stopped) return;
      const record = this.o.journal.record(entry.id);
      if (record) await this.send(client, record);
      this.update({ pending: queue.length - k - 1 });
    }
    for (const entry of again) {
      if (this.stopped) return;
      const record = this.o.journal.record(entry.id);
      if (record) await this.send(client, record);
    }
    // Only now: a pass that failed half-way keeps them for the next one.
    for (const orderId of orders) this.deliveries.delete(orderId);
    this.sweptDeliveries = true;
    this.update({ phase: 'upToDate', nextAttemptAt: null });
  }

  /** Packs already sent whose order has had a delivery since (and, at start, recent ones). */
  private deliveryQueue(orders: readonly string[]): JournalEntry[] {
    const target = this.address.target;
    const entries: JournalEntry[] = [];
    for (const orderId of orders)
      entries.push(...this.o.journal.ofOrder(orderId, 0, Number.MAX_SAFE_INTEGER));
    if (!this.sweptDeliveries) {
      const since = this.o.clock.now() - (this.o.deliveryWindowMs ?? 48 * HOUR);
      for (const id of this.o.log.undelivered(target, since)) entries.push({ id, finishedAt: 0 });
    }
    const known = this.o.log.known(
      target,
      entries.map((e) => e.id),
    );
    return entries.filter((e) => known.has(e.id));
  }

  private async send(client: pg.Client, record: FleetPack): Promise<void> {
    let refused: string | null = null;
    try {
      const created = await writePack(client, record);
      this.update(
        created ? { sent: this.current.sent + 1 } : { repeated: this.current.repeated + 1 },
      );
    } catch (error) {
      if (!isDataError(error)) throw error;
      refused = messageOf(error);
      this.update({
        refused: this.current.refused + 1,
        error: {
          messageKey: 'records.error.refusedPack',
          params: { pack: record.id, order: record.orderId, message: refused },
        },
      });
    }
    this.o.log.mark(this.address.target, {
      id: record.id,
      finishedAt: record.finishedAt,
      sentAt: this.o.clock.now(),
      labelDelivered: record.labelDelivered,
      invoiceDelivered: record.invoiceDelivered,
      refused,
    });
  }

  /** The connection, made (and the schema brought up to date) when there is none. */
  private async ready(): Promise<pg.Client> {
    if (this.client) return this.client;
    this.update({ phase: 'connecting' });
    const client = await (this.o.connect ?? connect)(this.address);
    client.on('error', () => {
      if (this.client === client) this.client = null;
    });
    try {
      if (!this.migrated) await migrateRecords(client);
    } catch (error) {
      await client.end().catch(() => undefined);
      throw error;
    }
    this.migrated = true;
    this.client = client;
    return client;
  }

  private async dropClient(): Promise<void> {
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => undefined);
  }

  private update(change: Partial<ReplicationState>): void {
    const next = { ...this.current, ...change };
    next.sentence = this.sentenceFor(next.phase, next.pending, next.error);
    this.current = next;
    this.o.onChange?.(next);
  }

  private sentenceFor(
    phase: ReplicationPhase,
    pending: number,
    error: RecordsSentence | null,
  ): RecordsSentence {
    const host = `${this.address.host}:${this.address.port}`;
    if (phase === 'waiting' && error) return error;
    if (phase === 'waiting')
      return { messageKey: 'records.state.waiting', params: { count: pending } };
    if (phase === 'connecting') return { messageKey: 'records.state.connecting', params: { host } };
    if (phase === 'sending')
      return { messageKey: 'records.state.sending', params: { count: pending } };
    if (phase === 'stopped' && pending > 0)
      return { messageKey: 'records.state.waiting', params: { count: pending } };
    return { messageKey: 'records.state.upToDate', params: {} };
  }
}
