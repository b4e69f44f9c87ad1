import { describe, expect, it } from 'vitest';
import type { FleetPack, FleetUnit } from './fleet-pack.ts';
import { supervisorCsv, supervisorRows } from './supervisor.ts';

const DAY = Date.parse('2026-11-27T08:00:00Z');
const unit = (quantity: number, override: FleetUnit['override'] = null): FleetUnit => ({
  seq: 1,
  at: DAY,
  sku: 'S',
  gtin: null,
  quantity,
  code: 'S',
  identifiedBy: 'sku',
  lot: null,
  expiry: null,
  override,
});
const pack = (change: Partial<FleetPack>): FleetPack => ({
  id: 'p',
  orderId: 'o',
  profileId: 'x',
  warehouse: null,
  station: 'bench-1',
  packer: 'ana',
  status: 'finished',
  shortReason: null,
  shortText: null,
  customer: null,
  city: null,
  startedAt: DAY,
  finishedAt: DAY + 30 * 60_000,
  errorScans: 0,
  weighing: null,
  labelDelivered: false,
  invoiceDelivered: false,
  units: [unit(10)],
  clip: null,
  ...change,
});

describe("the supervisor's days", () => {
  it('tallies per day, station and packer: rates, FEFO reasons, short packs, weights let go', () => {
    const fefo = { kind: 'not_fefo', reason: 'damaged', text: null } as const;
    const rows = supervisorRows([
      pack({ errorScans: 1 }),
      pack({ status: 'short', units: [unit(4, fefo), unit(1, fefo)], errorScans: 2 }),
      pack({
        weighing: {
          grams: 1,
          expectedGrams: 2,
          unweighed: [],
          box: null,
          tareGrams: 0,
          differenceGrams: -1,
          allowedGrams: 0,
          override: { reason: 'scale_off', text: null },
        } as unknown as FleetPack['weighing'],
      }),
      pack({ packer: 'bruno', finishedAt: DAY + 86_400_000, startedAt: DAY + 86_400_000 - 60_000 }),
    ]);
    expect(rows).toEqual([
      {
        day: '2026-11-27',
        station: 'bench-1',
        packer: 'ana',
        packs: 3,
        units: 25,
        // 25 units in 1.5 packing hours.
        unitsPerHour: 16.7,
        errorsPer100: 12,
        fefoOverrides: 2,
        fefoReasons: { damaged: 2 },
        shortPacks: 1,
        weightOverrides: 1,
      },
      {
        day: '2026-11-28',
        station: 'bench-1',
        packer: 'bruno',
        packs: 1,
        units: 10,
        unitsPerHour: 600,
        errorsPer100: 0,
        fefoOverrides: 0,
        fefoReasons: {},
        shortPacks: 0,
        weightOverrides: 0,
      },
    ]);
    const csv = supervisorCsv(rows);
    expect(csv.startsWith('\uFEFFday,station,packer,')).toBe(true);
    expect(csv.split('\r\n')[1]).toBe('2026-11-27,bench-1,ana,3,25,16.7,12,2,damaged:2,1,1');
  });
});
