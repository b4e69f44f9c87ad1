import type pg from 'pg';
import type { FleetPack } from './fleet-pack.ts';

// One finished pack into PostgreSQL: one transaction, keyed by the pack's id. The pack's facts
// never change once it is finished, so a second send (a crash between the commit and the
// station's note of it, a re-send for a delivery) inserts nothing: the pack row is upserted and
// its units are written only by the send that created it. The one thing a later send may change
// is a delivery that happened since (false becomes true, never back), so counts cannot move,
// and the clip its station closed a few seconds after the finish (set once, never changed).

const iso = (ms: number) => new Date(ms).toISOString();

/** True when this send created the pack; false when PostgreSQL already had it. */
export async function writePack(client: pg.ClientBase, pack: FleetPack): Promise<boolean> {
  const w = pack.weighing;
  await client.query('BEGIN');
  try {
    const { rows } = await client.query<{ inserted: boolean }>(
      `INSERT INTO packs (id, order_id, profile_id, warehouse, station, packer, status,
         short_reason, short_text, customer, city, started_at, finished_at, units, error_scans,
         weight_g, expected_g, difference_g, allowed_g, box, tare_g,
         weight_override_reason, weight_override_text, label_delivered, invoice_delivered,
         clip_sha256, clip_bytes, clip_duration_ms)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18,
         $19, $20, $21, $22, $23, $24, $25, $26, $27, $28)
       ON CONFLICT (id) DO UPDATE SET
         label_delivered = packs.label_delivered OR EXCLUDED.label_delivered,
         invoice_delivered = packs.invoice_delivered OR EXCLUDED.invoice_delivered,
         clip_sha256 = COALESCE(packs.clip_sha256, EXCLUDED.clip_sha256),
         clip_bytes = COALESCE(packs.clip_bytes, EXCLUDED.clip_bytes),
         clip_duration_ms = COALESCE(packs.clip_duration_ms, EXCLUDED.clip_duration_ms)
       RETURNING (xmax = 0) AS inserted`,
      [
        pack.id,
        pack.orderId,
        pack.profileId,
        pack.warehouse,
        pack.station,
        pack.packer,
        pack.status,
        pack.shortReason,
        pack.shortText,
        pack.customer,
        pack.city,
        iso(pack.startedAt),
        iso(pack.finishedAt),
        pack.units.reduce((sum, unit) => sum + unit.quantity, 0),
        pack.errorScans,
        w ? Math.round(w.grams) : null,
        w?.expectedGrams == null ? null : Math.round(w.expectedGrams),
        w?.differenceGrams == null ? null : Math.round(w.differenceGrams),
        w?.allowedGrams == null ? null : Math.round(w.allowedGrams),
        w?.box ?? null,
        w ? Math.round(w.tareGrams) : null,
        w?.override?.reason ?? null,
        w?.override?.text ?? null,
        pack.labelDelivered,
        pack.invoiceDelivered,
        pack.clip?.sha256 ?? null,
        pack.clip?.bytes ?? null,
        pack.clip?.durationMs ?? null,
      ],
    );
    const inserted = rows[0]?.inserted === true;
    if (inserted && pack.units.length > 0) {
      const u = pack.units;
      // Every unit in one statement: one round trip, whatever the size of the pack.
      await client.query(
        `INSERT INTO pack_units (pack_id, seq, scanned_at, sku, gtin, quantity, code,
           identified_by, lot, expiry, override_kind, override_reason, override_text)
         SELECT $1, * FROM unnest($2::bigint[], $3::timestamptz[], $4::text[], $5::text[],
           $6::integer[], $7::text[], $8::text[], $9::text[], $10::date[], $11::text[],
           $12::text[], $13::text[])`,
        [
          pack.id,
          u.map((x) => x.seq),
          u.map((x) => iso(x.at)),
          u.map((x) => x.sku),
          u.map((x) => x.gtin),
          u.map((x) => x.quantity),
          u.map((x) => x.code),
          u.map((x) => x.identifiedBy),
          u.map((x) => x.lot),
          u.map((x) => x.expiry),
          u.map((x) => x.override?.kind ?? null),
          u.map((x) => x.override?.reason ?? null),
          u.map((x) => x.override?.text ?? null),
        ],
      );
    }
    await client.query('COMMIT');
    return inserted;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  }
}
