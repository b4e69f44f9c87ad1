import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { expect, it } from 'vitest';
import { nodeFs } from '../platform/station-fs.ts';
import { openDatabase } from '../outbox/database.ts';
import { openOrSalvage } from '../outbox/salvage.ts';
import { PackStore, unitsOf } from './pack-store.ts';

it('a damaged outbox keeps its packs and their scans through the salvage', () => {
  const file = join(mkdtempSync(join(tmpdir(), 'packbench-pack-salvage-')), 'outbox.sqlite');
  const db = openDatabase(file, nodeFs);
  const store = new PackStore(db);
  store.create({
    id: 'pack-1',
    profileId: 'p',
    orderId: 'PB-1',
    station: 'bench-1',
    account: 'ana',
    snapshot: {
      order: { id: 'PB-1', warehouse: 'SP01', notes: null, status: 'new', items: [] },
      products: {},
      lots: {},
      lotsUnread: [],
      expiryWarningDays: 30,
    },
    startedAt: 1,
  });
  const unit = {
    sku: 'MUG',
    quantity: 1,
    code: 'MUG',
    identifiedBy: 'sku',
    lot: null,
    expiry: null,
    lotState: null,
    override: null,
  } as const;
  store.append('pack-1', { at: 2, kind: 'unit', unit });
  store.append('pack-1', { at: 3, kind: 'unit', unit });
  const [index] = db
    .prepare(`SELECT rootpage FROM sqlite_master WHERE name = 'jobs_ready'`)
    .all() as { rootpage: number }[];
  db.close();
  // Garbage over one index page: SQLite's quick_check calls the file damaged, tables still read.
  const bytes = readFileSync(file);
  const page = (index?.rootpage ?? 0) - 1;
  bytes.fill(0xa5, page * 4096, page * 4096 + 4096);
  writeFileSync(file, bytes);

  const { db: fresh, salvage } = openOrSalvage(file, () => 10, nodeFs);
  expect(salvage?.damagedCopy).toMatch(/outbox\.sqlite\.damaged-/);
  const salvaged = new PackStore(fresh);
  expect(salvaged.get('pack-1')).toMatchObject({ orderId: 'PB-1', status: 'open' });
  expect(unitsOf(salvaged.events('pack-1')).map((u) => u.at)).toEqual([2, 3]);
  fresh.close();
  // The damaged file itself is left as it was.
  expect(new DatabaseSync(salvage?.damagedCopy ?? '').prepare('SELECT 1').get()).toBeTruthy();
});
