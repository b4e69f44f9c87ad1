import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { FakeClock } from '@test/support/fake-clock.ts';
import {
  DEFAULT_PACK_SETTINGS,
  type BarcodeAlias,
  type PackSettings,
} from '../../shared/pack/types.ts';
import type { ProductFacts } from '../api/product-names.ts';
import { nodeFs } from '../platform/station-fs.ts';
import { openDatabase } from '../outbox/database.ts';
import { exportPacks } from './pack-export.ts';
import { FINISHED_SESSIONS_KEPT, PackService, type PackSource } from './pack-service.ts';
import { PackStore } from './pack-store.ts';

// 2026-03-10 12:00 local time: lots are judged against the station's own calendar day.
const NOW = new Date(2026, 2, 10, 12, 0, 0).getTime();

const PRODUCTS: Record<string, ProductFacts> = {
  COFFEE: { name: 'Coffee', barcode: '7891000100103', batch_controlled: true, weight_kg: 0.5 },
  MUG: { name: 'Mug', barcode: '036000291452', batch_controlled: false, weight_kg: 0.4 },
  CABLE: { name: 'Cable', barcode: '7891000100110', batch_controlled: false },
  STRAY: { name: 'Stray', barcode: '7891000100127', batch_controlled: false },
};

const LOTS = [
  { lot: 'OLD', expiry: '2026-03-01', available: 10 },
  { lot: 'SOON', expiry: '2026-03-20', available: 1 },
  { lot: 'LATER', expiry: '2027-01-31', available: 50 },
];

function setup(
  options: {
    notes?: string | null;
    settings?: Partial<PackSettings>;
    /** The outbox refuses the packed status (a full disk, say). */
    refuseStatus?: boolean;
    /** More barcode aliases, beside the case of six cables. */
    aliases?: BarcodeAlias[];
  } = {},
) {
  const dir = mkdtempSync(join(tmpdir(), 'packbench-pack-'));
  const db = openDatabase(join(dir, 'outbox.sqlite'), nodeFs);
  const clock = new FakeClock(NOW);
  const requests: string[] = [];
  const marked: string[] = [];
  const records: string[] = [];
  let ids = 0;
  const source: PackSource = {
    order: async (id) => {
      requests.push(`order ${id}`);
      return {
        id,
        warehouse: 'SP01',
        notes: options.notes === undefined ? 'Gift: no invoice in the box' : options.notes,
        status: 'picking',
        items: [
          { sku: 'COFFEE', quantity: 2 },
          { sku: 'MUG', quantity: 1 },
          { sku: 'CABLE', quantity: 6 },
        ],
      };
    },
    products: async (skus) => {
      requests.push(...skus.map((sku) => `product ${sku}`));
      return Object.fromEntries(skus.map((sku) => [sku, PRODUCTS[sku] ?? null]));
    },
    lots: async (sku) => {
      requests.push(`lots ${sku}`);
      return LOTS;
    },
  };
  const settings = { ...DEFAULT_PACK_SETTINGS, autoFinish: false, ...options.settings };
  const build = () =>
    new PackService({
      store: new PackStore(db),
      clock,
      newId: () => `id-${(ids += 1)}`,
      station: () => 'bench-1',
      account: () => 'ana',
      profileId: () => 'p1',
      source: async () => source,
      settings: () => settings,
      aliases: () => [
        { alias: '17891000100117', sku: 'CABLE', quantity: 6 },
        ...(options.aliases ?? []),
      ],
      knownProducts: () => ({ STRAY: PRODUCTS['STRAY'] as ProductFacts }),
      markPacked: (orderId) => {
        if (options.refuseStatus) throw new Error('The disk is full: nothing was queued.');
        marked.push(orderId);
        return `job-${orderId}`;
      },
      printLabel: () => ({ problem: 'packVerdict.print.noLabel' }),
      record: (entry) => records.push(entry.messageKey),
    });
  return { db, clock, requests, marked, records, build, service: build() };
}

type Setup = ReturnType<typeof setup>;
const GS = '\x1d';

describe('PackService', () => {
  let s: Setup;
  beforeEach(() => {
    s = setup();
  });

  it('opens with one read of products per SKU and one of lots per batch-controlled SKU', async () => {
    const view = await s.service.open('PB-1', 30);
    expect(s.requests).toEqual([
      'order PB-1',
      'product COFFEE',
      'product MUG',
      'product CABLE',
      'lots COFFEE',
    ]);
    expect(view.lines.map((l) => [l.sku, l.expected, l.scanned, l.batchControlled])).toEqual([
      ['COFFEE', 2, 0, true],
      ['MUG', 1, 0, false],
      ['CABLE', 6, 0, false],
    ]);
    expect(view.notesAcknowledged).toBe(false);
    expect(s.records).toEqual(['activity.pack_opened']);
  });

  it('counts nothing before the notes are acknowledged', async () => {
    const { id } = await s.service.open('PB-1', 30);
    let view = s.service.scan(id, '036000291452');
    expect(view.verdict?.messageKey).toBe('packVerdict.notesFirst');
    expect(view.lines[1]?.scanned).toBe(0);
    view = s.service.answer(id, { kind: 'notes' });
    expect(view.notesAcknowledged).toBe(true);
    // UPC-A, as a wedge sends it with its AIM identifier, matches the same product.
    view = s.service.scan(id, ']E00036000291452');
    expect(view.lines[1]?.scanned).toBe(1);
    expect(view.units[0]?.identifiedBy).toBe('gtin');
  });

  it('locks on an unknown code, a product not in the order and an over-scan', async () => {
    const { id } = await s.service.open('PB-1', 30);
    s.service.answer(id, { kind: 'notes' });
    let view = s.service.scan(id, 'NO-SUCH-THING');
    expect(view.prompt?.kind).toBe('lock');
    expect(view.verdict).toMatchObject({ tone: 'error', messageKey: 'packVerdict.unknownCode' });
    // Locked: the next scan counts nothing until Enter.
    view = s.service.scan(id, 'MUG');
    expect(view.verdict?.messageKey).toBe('packVerdict.locked');
    expect(view.lines[1]?.scanned).toBe(0);
    view = s.service.answer(id, { kind: 'acknowledge' });
    expect(view.prompt).toBeNull();
    view = s.service.scan(id, '7891000100127');
    expect(view.verdict).toMatchObject({
      messageKey: 'packVerdict.notInOrder',
      params: { name: 'Stray', sku: 'STRAY' },
    });
    s.service.answer(id, { kind: 'acknowledge' });
    s.service.scan(id, ']C0mug');
    view = s.service.scan(id, 'MUG');
    expect(view.verdict).toMatchObject({
      messageKey: 'packVerdict.overScan',
      params: { expected: 1, scanned: 2 },
    });
    expect(view.lines[1]?.scanned).toBe(1);
  });

  it('counts a case alias at once, whichever way its GTIN-14 arrives', async () => {
    const { id } = await s.service.open('PB-1', 30);
    s.service.answer(id, { kind: 'notes' });
    const view = s.service.scan(id, `]C10117891000100117`);
    expect(view.lines[2]).toMatchObject({ sku: 'CABLE', scanned: 6 });
    expect(view.units[0]).toMatchObject({ identifiedBy: 'alias', quantity: 6 });
    expect(view.verdict?.messageKey).toBe('packVerdict.countedCase');
  });

  it('refuses an expired lot, asks why for a lot that is not first to expire, warns on one that is', async () => {
    const { id } = await s.service.open('PB-1', 30);
    s.service.answer(id, { kind: 'notes' });
    let view = s.service.scan(id, `]C1010789100010010317260301${'10'}OLD`);
    expect(view.verdict?.messageKey).toBe('packVerdict.expiredLot');
    expect(view.prompt?.kind).toBe('lock');
    s.service.answer(id, { kind: 'acknowledge' });
    // LATER is fine by date, but SOON expires first and has stock.
    view = s.service.scan(id, `(01)07891000100103(17)270131(10)LATER`);
    expect(view.prompt).toMatchObject({ kind: 'reason', why: 'not_fefo', fefo: { lot: 'SOON' } });
    view = s.service.answer(id, { kind: 'reason', reason: 'other' });
    expect(view.verdict?.messageKey).toBe('packVerdict.reasonNeedsText');
    view = s.service.answer(id, { kind: 'reason', reason: 'not_on_shelf' });
    expect(view.units[0]).toMatchObject({
      lot: 'LATER',
      override: { kind: 'not_fefo', reason: 'not_on_shelf' },
    });
    // SOON is the FEFO lot, inside the 30-day threshold: counted, amber.
    view = s.service.scan(id, `0107891000100103${'17'}260320${'10'}SOON${GS}`);
    expect(view.verdict).toMatchObject({ tone: 'warning', messageKey: 'packVerdict.expiring' });
    expect(view.lines[0]?.lots.map((l) => [l.lot, l.quantity, l.state])).toEqual([
      ['LATER', 1, 'ok'],
      ['SOON', 1, 'expiring'],
    ]);
  });

  it('asks for the lot of a plain barcode, earliest expiry first, and FEFO moves as lots run out', async () => {
    const { id } = await s.service.open('PB-1', 30);
    s.service.answer(id, { kind: 'notes' });
    let view = s.service.scan(id, '7891000100103');
    expect(view.prompt?.kind).toBe('lot');
    if (view.prompt?.kind !== 'lot') throw new Error('no lot prompt');
    expect(view.prompt.options.map((o) => [o.lot, o.state, o.fefo])).toEqual([
      ['OLD', 'expired', false],
      ['SOON', 'expiring', true],
      ['LATER', 'ok', false],
    ]);
    view = s.service.answer(id, { kind: 'lot', lot: 'SOON' });
    expect(view.lines[0]?.scanned).toBe(1);
    // SOON had one unit: now LATER is the first lot with stock, so it needs no reason.
    view = s.service.scan(id, 'COFFEE');
    if (view.prompt?.kind !== 'lot') throw new Error('no lot prompt');
    expect(view.prompt.options.find((o) => o.fefo)?.lot).toBe('LATER');
    view = s.service.answer(id, { kind: 'lot', lot: 'LATER' });
    expect(view.prompt).toBeNull();
    expect(view.lines[0]?.scanned).toBe(2);
  });

  it('counts a lot the inventory does not know only with a reason, and flags it', async () => {
    const { id } = await s.service.open('PB-1', 30);
    s.service.answer(id, { kind: 'notes' });
    let view = s.service.scan(id, '(01)07891000100103(17)270601(10)NEWLOT');
    expect(view.prompt).toMatchObject({ kind: 'reason', why: 'unknown_lot' });
    view = s.service.answer(id, { kind: 'cancel' });
    expect(view.lines[0]?.scanned).toBe(0);
    s.service.scan(id, '(01)07891000100103(17)270601(10)NEWLOT');
    view = s.service.answer(id, { kind: 'reason', reason: 'inventory_behind' });
    expect(view.verdict?.messageKey).toBe('packVerdict.unknownLotRecorded');
    expect(view.units[0]?.override?.kind).toBe('unknown_lot');
  });

  it('refuses a scan with a bad check digit with the parser’s own sentence', async () => {
    const { id } = await s.service.open('PB-1', 30);
    s.service.answer(id, { kind: 'notes' });
    const view = s.service.scan(id, '7891000100104');
    expect(view.prompt?.kind).toBe('lock');
    expect(view.verdict?.messageKey).toMatch(/^scan\./);
  });

  it('refuses a GS1 string sent without its prefix whose check digit fails, unless the pack knows it', async () => {
    const { id } = await s.service.open('PB-1', 30);
    s.service.answer(id, { kind: 'notes' });
    const refusedView = s.service.scan(id, '0105901234123458');
    expect(refusedView.verdict?.messageKey).toBe('scan.badCheckDigit');
    // A pack whose alias happens to have that shape: the alias wins.
    const known = setup({ aliases: [{ alias: '0105901234123458', sku: 'MUG', quantity: 1 }] });
    const opened = await known.service.open('PB-1', 30);
    known.service.answer(opened.id, { kind: 'notes' });
    const view = known.service.scan(opened.id, '0105901234123458');
    expect(view.prompt).toBeNull();
    expect(view.units.at(-1)).toMatchObject({ sku: 'MUG', identifiedBy: 'alias' });
  });

  it('undoes the last scan, and finishes only when complete or short with a reason', async () => {
    const { id } = await s.service.open('PB-1', 30);
    s.service.answer(id, { kind: 'notes' });
    s.service.scan(id, 'MUG');
    let view = s.service.undo(id);
    expect(view.lines[1]?.scanned).toBe(0);
    expect(view.verdict?.messageKey).toBe('packVerdict.undone');
    view = s.service.finish(id);
    expect(view.verdict).toMatchObject({
      messageKey: 'packVerdict.notComplete',
      params: { missing: 9 },
    });
    expect(view.status).toBe('open');
    view = s.service.finish(id, { reason: 'out_of_stock' });
    expect(view.status).toBe('short');
    expect(s.marked).toEqual(['PB-1']);
    expect(view.finish).toMatchObject({ statusJobId: 'job-PB-1', printJobId: null });
    // Finished is final: nothing more counts, and a second finish does nothing twice.
    view = s.service.finish(id, { reason: 'out_of_stock' });
    expect(view.verdict?.messageKey).toBe('packVerdict.finishedAlready');
    expect(s.marked).toEqual(['PB-1']);
  });

  it('finishes by itself on the last unit when set to, and the record exports', async () => {
    s = setup({ notes: null, settings: { autoFinish: true, printLabel: true } });
    const { id } = await s.service.open('PB-2', 30);
    s.service.scan(id, '(01)07891000100103(17)260320(10)SOON');
    s.service.scan(id, '(01)07891000100103(17)270131(10)LATER');
    s.service.scan(id, 'MUG');
    const view = s.service.scan(id, '17891000100117');
    expect(view.status).toBe('finished');
    expect(view.verdict?.messageKey).toBe('packVerdict.finished');
    expect(view.finish?.printProblem).toBe('packVerdict.print.noLabel');
    expect(s.marked).toEqual(['PB-2']);
    const csv = exportPacks(new PackStore(s.db), {
      profileId: 'p1',
      orderId: 'PB-2',
      format: 'csv',
    });
    const rows = csv.text.trim().split('\r\n');
    expect(rows).toHaveLength(5);
    expect(rows[1]).toContain(',SOON,2026-03-20,');
    expect(rows[4]).toContain(',CABLE,6,17891000100117,alias,');
    const day = exportPacks(new PackStore(s.db), {
      profileId: 'p1',
      day: '2026-03-10',
      format: 'json',
    });
    expect(day.count).toBe(1);
  });

  it('keeps in memory the open packs and only the last few finished ones', async () => {
    s = setup({ notes: null, settings: { autoFinish: true } });
    const open = await s.service.open('PB-OPEN', 30);
    const finished: string[] = [];
    for (let n = 1; n <= 3 * FINISHED_SESSIONS_KEPT; n += 1) {
      const { id } = await s.service.open(`PB-${n}`, 30);
      s.service.scan(id, '(01)07891000100103(17)260320(10)SOON');
      s.service.scan(id, '(01)07891000100103(17)270131(10)LATER');
      s.service.scan(id, 'MUG');
      expect(s.service.scan(id, '17891000100117').status).toBe('finished');
      finished.push(id);
    }
    expect(s.service.sessionsHeld).toBe(1 + FINISHED_SESSIONS_KEPT);
    // The newest finished pack still shows its verdict; the open one resumes where it was.
    expect(s.service.get(finished.at(-1) ?? '').verdict?.messageKey).toBe('packVerdict.finished');
    expect(s.service.get(open.id).status).toBe('open');
    // An old finished pack reloads from its record, and the count stays bounded.
    expect(s.service.get(finished[0] ?? '').status).toBe('finished');
    expect(s.service.sessionsHeld).toBe(1 + FINISHED_SESSIONS_KEPT);
  });

  it('resumes an open pack after a restart, from what was committed', async () => {
    const { id } = await s.service.open('PB-1', 30);
    s.service.answer(id, { kind: 'notes' });
    s.service.scan(id, 'MUG');
    s.service.scan(id, 'CABLE');
    const restarted = s.build();
    const before = s.requests.length;
    const view = await restarted.open('PB-1', 30);
    expect(view.id).toBe(id);
    expect(s.requests.length).toBe(before);
    expect(view.notesAcknowledged).toBe(true);
    expect(view.lines.map((l) => l.scanned)).toEqual([0, 1, 1]);
  });

  it('keeps the record when the outbox refuses the packed status, and says so', async () => {
    s = setup({ notes: null, refuseStatus: true });
    const { id } = await s.service.open('PB-3', 30);
    s.service.scan(id, 'MUG');
    const view = s.service.finish(id, { reason: 'out_of_stock' });
    expect(view.status).toBe('short');
    expect(view.finish?.statusJobId).toBeNull();
    expect(view.verdict).toMatchObject({
      tone: 'warning',
      messageKey: 'packVerdict.finishedNotMarked',
      params: { order: 'PB-3' },
    });
    expect(s.records).toContain('activity.pack_status_failed');
  });
});
