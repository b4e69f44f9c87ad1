import type pg from 'pg';
import { NewerRecordsSchemaError } from './errors.ts';

// The fleet's pack records in PostgreSQL, created and migrated by the stations themselves:
// numbered migrations, append only, each applied once in its own transaction and written down in
// `records_migrations`. Twenty stations starting together all run this: a session advisory lock
// lets one migrate while the others wait, then they find nothing left to do. The lock is a
// session's, so a station that dies half-way frees it with its connection.

/** pg_advisory_lock's key for this schema (issue #40), the same on every station. */
export const RECORDS_LOCK_KEY = 40_040_040;

export const RECORDS_MIGRATIONS: readonly { version: number; sql: string }[] = [
  {
    version: 1,
    sql: `
      -- One row per finished (or short) pack: who, where, when, for whom, and its weighing.
      CREATE TABLE packs (
        id text PRIMARY KEY,
        order_id text NOT NULL,
        profile_id text NOT NULL,
        warehouse text,
        station text NOT NULL,
        packer text NOT NULL,
        status text NOT NULL CHECK (status IN ('finished', 'short')),
        short_reason text,
        short_text text,
        customer text,
        city text,
        started_at timestamptz NOT NULL,
        finished_at timestamptz NOT NULL,
        units integer NOT NULL,
        error_scans integer NOT NULL,
        weight_g integer,
        expected_g integer,
        difference_g integer,
        allowed_g integer,
        box text,
        tare_g integer,
        weight_override_reason text,
        weight_override_text text,
        label_delivered boolean NOT NULL,
        invoice_delivered boolean NOT NULL,
        received_at timestamptz NOT NULL DEFAULT now()
      );
      -- One row per counted scan, with its lot, expiry and the packer's override.
      CREATE TABLE pack_units (
        pack_id text NOT NULL REFERENCES packs (id) ON DELETE CASCADE,
        seq bigint NOT NULL,
        scanned_at timestamptz NOT NULL,
        sku text NOT NULL,
        gtin text,
        quantity integer NOT NULL CHECK (quantity > 0),
        code text NOT NULL,
        identified_by text NOT NULL,
        lot text,
        expiry date,
        override_kind text,
        override_reason text,
        override_text text,
        PRIMARY KEY (pack_id, seq)
      );
      -- A recall by lot (optionally of one SKU): the units of the lot, then their packs.
      CREATE INDEX pack_units_by_lot ON pack_units (lot, sku) INCLUDE (pack_id) WHERE lot IS NOT NULL;
      -- A recall by GTIN.
      CREATE INDEX pack_units_by_gtin ON pack_units (gtin) INCLUDE (pack_id) WHERE gtin IS NOT NULL;
      -- What went into an order.
      CREATE INDEX packs_by_order ON packs (order_id);
      -- The supervisor's day: a range of finished_at, grouped by station and packer.
      CREATE INDEX packs_by_day ON packs (finished_at, station, packer);
    `,
  },
  {
    version: 2,
    sql: `
      -- Proof of pack (issue #41): the pack's clip as its station closed it, so a record in the
      -- fleet's database says which file is the evidence, and a changed file shows.
      ALTER TABLE packs
        ADD COLUMN clip_sha256 text,
        ADD COLUMN clip_bytes bigint,
        ADD COLUMN clip_duration_ms integer;
    `,
  },
];

/** The newest schema this build knows. */
export const RECORDS_SCHEMA_VERSION = RECORDS_MIGRATIONS.at(-1)?.version ?? 0;

/**
 * Brings the database's schema up to this build's, under the advisory lock; returns the versions
 * this call applied (none when another station had done it). A newer schema is refused: this
 * build must not write into tables it does not know.
 */
export async function migrateRecords(
  client: pg.ClientBase,
  migrations = RECORDS_MIGRATIONS,
): Promise<number[]> {
  const known = migrations.at(-1)?.version ?? 0;
  await client.query('SELECT pg_advisory_lock($1)', [RECORDS_LOCK_KEY]);
  try {
    await client.query(`CREATE TABLE IF NOT EXISTS records_migrations (
      version integer PRIMARY KEY,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`);
    const { rows } = await client.query<{ version: number | null }>(
      'SELECT max(version) AS version FROM records_migrations',
    );
    const current = rows[0]?.version ?? 0;
    if (current > known) throw new NewerRecordsSchemaError(current, known);
    const applied: number[] = [];
    for (const migration of migrations) {
      if (migration.version <= current) continue;
      await client.query('BEGIN');
      try {
        await client.query(migration.sql);
        await client.query('INSERT INTO records_migrations (version) VALUES ($1)', [
          migration.version,
        ]);
        await client.query('COMMIT');
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      }
      applied.push(migration.version);
    }
    return applied;
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [RECORDS_LOCK_KEY]).catch(() => undefined);
  }
}
