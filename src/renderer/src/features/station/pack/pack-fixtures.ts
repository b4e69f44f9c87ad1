import type { OrderLookup } from '@shared/ipc/channels.ts';
import {
  DEFAULT_PACK_SETTINGS,
  type PackLine,
  type PackVerdict,
  type PackView,
} from '@shared/pack/types.ts';

// Views main could send, for the window's tests: a two-line order, one line batch-controlled.

export const packLookup = (status = 'processing'): OrderLookup => ({
  order: {
    id: 'PB-20001',
    status: status as OrderLookup['order']['status'],
    items: [
      { sku: 'ACM-0001', quantity: 2 },
      { sku: 'VIT-0100', quantity: 1 },
    ],
  },
  trackings: [],
  jobs: [],
});

export const line = (change: Partial<PackLine> = {}): PackLine => ({
  sku: 'ACM-0001',
  name: 'Caneca Acme 300 ml',
  barcode: '07891234567895',
  expected: 2,
  scanned: 0,
  batchControlled: false,
  weightKg: null,
  lots: [],
  ...change,
});

export const verdict = (change: Partial<PackVerdict> = {}): PackVerdict => ({
  tone: 'ok',
  // Any sentence of the catalogue does for the window: it renders what main names.
  messageKey: 'pack.lineDone',
  params: {},
  serial: 1,
  ...change,
});

export const packView = (change: Partial<PackView> = {}): PackView => ({
  id: 'pack-1',
  orderId: 'PB-20001',
  warehouse: 'WH-1',
  station: 'bench-1',
  packer: 'ana',
  notes: null,
  notesAcknowledged: true,
  lines: [
    line(),
    line({
      sku: 'VIT-0100',
      name: 'Vitamina C 60 cápsulas',
      barcode: null,
      expected: 1,
      batchControlled: true,
    }),
  ],
  units: [],
  overrides: 0,
  prompt: null,
  verdict: null,
  status: 'open',
  complete: false,
  lotsUnread: [],
  startedAt: Date.parse('2026-11-26T10:00:00Z'),
  finishedAt: null,
  finish: null,
  weighing: null,
  settings: DEFAULT_PACK_SETTINGS,
  ...change,
});
