// The verified-pack fixtures of the seed (issue 27): products with UPC-A and EAN-13 bar codes, a
// case for a barcode alias, batch-controlled products with an expired, an expiring and a fine lot
// in the pack orders' warehouse, and four pack orders with fixed ids. They are added after the
// rest of the seed without touching its random sequence, so every other record stays the same.

import type { Order, OrderStatus, Product } from '../shared/api/types.ts';
import { caseGtin14, ean13, upcA } from './gtin.ts';
import { WAREHOUSES, type CompanyState, type StockLot } from './model.ts';

const DAY = 86_400_000;

/** Catalogue positions (0-based, in the first 24 products) whose bar code is a UPC-A. */
const UPC_A_POSITIONS: readonly number[] = [15, 16, 17];

/**
 * A demo product at catalogue position `position`: its bar code, made-up dimensions by position,
 * created 120 − position days before `now`. The first catalogue and its tail share it.
 */
export function demoProduct(
  companyIndex: number,
  position: number,
  sku: string,
  [name, price, weight, batches]: readonly [string, number, number, boolean],
  now: number,
  active: boolean,
): Product {
  const created = now - (120 - position) * DAY;
  return {
    sku,
    name,
    description: `${name} — item de demonstração do sandbox.`,
    barcode: productBarcode(companyIndex, position),
    unit_price: price,
    weight_kg: weight,
    dimensions: {
      length_cm: 10 + (position % 5) * 5,
      width_cm: 8 + (position % 3) * 4,
      height_cm: 4 + (position % 4) * 3,
    },
    batch_controlled: batches,
    active,
    created_at: new Date(created).toISOString(),
    updated_at: new Date(created + 3 * DAY).toISOString(),
  };
}

/** The bar code of the catalogue's product at `position`: EAN-13, or UPC-A for a few imports. */
export function productBarcode(companyIndex: number, position: number): string {
  return UPC_A_POSITIONS.includes(position)
    ? upcA(`0842${companyIndex}${String(1000 + position).padStart(6, '0')}`)
    : ean13(companyIndex * 1_000_000 + 1000 + position);
}

/** How a lot stands against the seed's clock and the station's default warning threshold. */
export type LotRole = 'expired' | 'expiring' | 'fine' | 'empty';

export interface PackLot {
  batch: string;
  warehouse: string;
  /** Days from the seed's clock (UTC date) to the expiry date; negative: already expired. */
  expiresInDays: number;
  available: number;
  role: LotRole;
}

export interface PackBatchProduct {
  sku: string;
  /** The lot that expired: the station refuses it. */
  expired: string;
  /** The lot that expires within the threshold (30 days): counted, shown amber. */
  expiring: string;
  /** A lot far from expiry: not first-expiry-first-out, so it asks for a reason. */
  fine: string;
  /** The earliest-expiring lot that has not expired and has stock, in `warehouse`. */
  fefo: string;
  /** Every lot of the SKU, in both warehouses (an `empty` lot has no stock and is never FEFO). */
  lots: readonly PackLot[];
}

export interface PackOrderFixture {
  id: string;
  status: OrderStatus;
  notes: string | null;
  items: readonly { sku: string; quantity: number }[];
}

export interface PackFixtures {
  company: string;
  /** The warehouse every pack order ships from, where the lots below stand as named. */
  warehouse: string;
  /** The station's default expiry warning threshold, in days, that `expiring` lots fall within. */
  thresholdDays: number;
  orders: {
    /** 3 lines: a batch line (2 units), a UPC-A line (2 units), a plain EAN-13 line; gift notes. */
    gift: PackOrderFixture;
    /** A case of 6 of one product (the case alias below) and a batch line; fragile notes. */
    case: PackOrderFixture;
    /** No notes, plain products only (one of them UPC-A). */
    plain: PackOrderFixture;
    /** 50 distinct lines of 10 units each (500 scans), 3 of them batch-controlled. */
    bench: PackOrderFixture;
  };
  /** Products whose bar code is a UPC-A (12 digits); `barcode` is the gift order's UPC-A line. */
  upcA: { sku: string; barcode: string; skus: readonly string[] };
  /** A plain product with its EAN-13, in the gift order. */
  ean13: { sku: string; barcode: string };
  /** A GTIN-14 for a case of 6 of the case order's product: a station's barcode alias. */
  caseAlias: { alias: string; sku: string; quantity: number };
  /** Batch-controlled products with expired, expiring and fine lots; keyed by SKU. */
  batches: Readonly<Record<string, PackBatchProduct>>;
}

// [name, price, weight kg, batch-controlled]: the catalogue's tail after its first 24 products.
const TAIL: readonly [name: string, price: number, weightKg: number, batches: boolean][] = [
  ['Mel Silvestre 500 g', 36.9, 0.62, true],
  ['Leite em Pó Integral 400 g', 22.4, 0.44, true],
  ['Whey Protein Concentrado 900 g', 139.9, 0.98, true],
  ['Garrafa Squeeze 750 ml', 24.9, 0.12, false],
  ['Meia Esportiva Cano Curto (3 pares)', 39.9, 0.15, false],
  ['Boné Aba Curva', 59.9, 0.14, false],
  ['Mouse Sem Fio', 69.9, 0.09, false],
  ['Teclado Compacto ABNT2', 129.9, 0.48, false],
  ['Pen Drive 64 GB', 44.9, 0.02, false],
  ['Carregador Portátil 10.000 mAh', 119.9, 0.24, false],
  ['Suporte Veicular para Celular', 34.9, 0.11, false],
  ['Capa para Notebook 14"', 79.9, 0.3, false],
  ['Lápis de Cor (24 cores)', 29.9, 0.32, false],
  ['Agenda Permanente A5', 42.0, 0.41, false],
  ['Estojo Escolar Duplo', 27.5, 0.16, false],
  ['Marca-Texto Tons Pastel (6 un.)', 19.9, 0.08, false],
  ['Copo Térmico 500 ml', 54.9, 0.29, false],
  ['Pote Hermético de Vidro 1 L', 32.9, 0.74, false],
  ['Jogo de Facas Inox (5 peças)', 89.9, 0.66, false],
  ['Tábua de Corte de Bambu', 45.0, 0.82, false],
  ['Pano de Prato Algodão (3 un.)', 24.5, 0.21, false],
  ['Vela Aromática Lavanda', 38.0, 0.35, false],
  ['Porta-Retrato 15 x 21', 29.0, 0.39, false],
  ['Almofada Decorativa 45 cm', 64.9, 0.45, false],
  ['Tapete de Yoga 6 mm', 99.0, 1.1, false],
  ['Elástico de Exercício (3 níveis)', 49.9, 0.18, false],
  ['Corda de Pular Ajustável', 26.9, 0.2, false],
  ['Garrafa de Vidro 1 L', 35.9, 0.55, false],
  ['Lanterna LED Recarregável', 74.9, 0.23, false],
  ['Fita Métrica 5 m', 22.9, 0.19, false],
  ['Jogo de Chaves de Precisão (24 peças)', 59.9, 0.27, false],
  ['Organizador de Cabos (10 un.)', 17.9, 0.05, false],
  ['Chinelo Slide 39/40', 49.9, 0.31, false],
  ['Óculos de Sol Polarizado', 159.0, 0.08, false],
  ['Carteira de Couro Slim', 89.0, 0.09, false],
  ['Guarda-Chuva Automático', 69.0, 0.4, false],
  ['Squeeze Infantil 400 ml', 29.9, 0.1, false],
  ['Kit Potes de Plástico (10 un.)', 49.0, 0.9, false],
  ['Avental de Cozinha Jeans', 54.0, 0.26, false],
];
const FIRST_TAIL = 24;

// The lots of the three batch-controlled products at the tail's head, in warehouse order. In
// the pack warehouse (SP01): one expired, one within the threshold (the FEFO lot), one fine; the
// third product also has a lot that would come first but has no stock. PE01 has lots that
// expire before SP01's FEFO lot, so a FEFO that forgets the warehouse picks the wrong one.
const LOTS: readonly (readonly Omit<PackLot, 'batch'>[])[] = [
  [
    { warehouse: 'SP01', expiresInDays: -12, available: 40, role: 'expired' },
    { warehouse: 'SP01', expiresInDays: 9, available: 24, role: 'expiring' },
    { warehouse: 'SP01', expiresInDays: 210, available: 120, role: 'fine' },
    { warehouse: 'PE01', expiresInDays: 4, available: 30, role: 'expiring' },
    { warehouse: 'PE01', expiresInDays: 300, available: 60, role: 'fine' },
  ],
  [
    { warehouse: 'SP01', expiresInDays: -4, available: 15, role: 'expired' },
    { warehouse: 'SP01', expiresInDays: 21, available: 36, role: 'expiring' },
    { warehouse: 'SP01', expiresInDays: 120, available: 80, role: 'fine' },
    { warehouse: 'PE01', expiresInDays: 90, available: 50, role: 'fine' },
  ],
  [
    { warehouse: 'SP01', expiresInDays: -30, available: 8, role: 'expired' },
    { warehouse: 'SP01', expiresInDays: 6, available: 0, role: 'empty' },
    { warehouse: 'SP01', expiresInDays: 16, available: 48, role: 'expiring' },
    { warehouse: 'SP01', expiresInDays: 400, available: 96, role: 'fine' },
    { warehouse: 'PE01', expiresInDays: 2, available: 12, role: 'expiring' },
    { warehouse: 'PE01', expiresInDays: 200, available: 70, role: 'fine' },
  ],
];

const GIFT_NOTES = 'Presente — não colocar a nota fiscal na caixa. Embrulhar para presente.';
const CASE_NOTES = 'Frágil — canecas de cerâmica: proteger com plástico-bolha.';

const pad = (position: number) => String(position + 1).padStart(4, '0');

/** The pack fixtures of the demo company at `companyIndex` (0: Acme, 1: Bolt). */
export function packFixtures(companyIndex: number): PackFixtures {
  const skuPrefix = companyIndex === 0 ? 'ACM' : 'BLT';
  const orderPrefix = companyIndex === 0 ? 'PB' : 'BT';
  const sku = (position: number) => `${skuPrefix}-${pad(position)}`;
  const batches: Record<string, PackBatchProduct> = {};
  LOTS.forEach((lots, k) => {
    const letter = 'ABC'[k] as string;
    const named = lots.map((lot, n) => ({
      ...lot,
      batch: `L${letter}${String(n + 1).padStart(2, '0')}`,
    }));
    const inPack = named.filter((lot) => lot.warehouse === 'SP01');
    const first = (role: LotRole) => inPack.find((lot) => lot.role === role)?.batch ?? '';
    batches[sku(FIRST_TAIL + k)] = {
      sku: sku(FIRST_TAIL + k),
      expired: first('expired'),
      expiring: first('expiring'),
      fine: first('fine'),
      fefo:
        [...inPack]
          .sort((a, b) => a.expiresInDays - b.expiresInDays)
          .find((lot) => lot.expiresInDays >= 0 && lot.available > 0)?.batch ?? '',
      lots: named,
    };
  });
  const upcASkus = UPC_A_POSITIONS.map(sku);
  const benchPositions = [
    ...Array.from({ length: FIRST_TAIL - 1 - 12 }, (_, k) => 12 + k),
    ...TAIL.map((_, k) => FIRST_TAIL + k),
  ];
  return {
    company: companyIndex === 0 ? 'acme' : 'bolt',
    warehouse: 'SP01',
    thresholdDays: 30,
    orders: {
      gift: {
        id: `${orderPrefix}-PACK-1`,
        status: 'picking',
        notes: GIFT_NOTES,
        items: [
          { sku: sku(FIRST_TAIL), quantity: 2 },
          { sku: sku(15), quantity: 2 },
          { sku: sku(12), quantity: 1 },
        ],
      },
      case: {
        id: `${orderPrefix}-PACK-2`,
        status: 'new',
        notes: CASE_NOTES,
        items: [
          { sku: sku(20), quantity: 6 },
          { sku: sku(FIRST_TAIL + 1), quantity: 1 },
        ],
      },
      plain: {
        id: `${orderPrefix}-PACK-3`,
        status: 'picking',
        notes: null,
        items: [
          { sku: sku(16), quantity: 1 },
          { sku: sku(19), quantity: 2 },
          { sku: sku(FIRST_TAIL + 3), quantity: 1 },
        ],
      },
      bench: {
        id: `${orderPrefix}-PACK-50`,
        status: 'new',
        notes: null,
        items: benchPositions.map((position) => ({ sku: sku(position), quantity: 10 })),
      },
    },
    upcA: { sku: sku(15), barcode: productBarcode(companyIndex, 15), skus: upcASkus },
    ean13: { sku: sku(12), barcode: productBarcode(companyIndex, 12) },
    caseAlias: {
      alias: caseGtin14(productBarcode(companyIndex, 20), 1),
      sku: sku(20),
      quantity: 6,
    },
    batches,
  };
}

/**
 * The demo company Acme's pack fixtures (`X-Api-Key: sbx-demo-acme`), all in warehouse `SP01`:
 *
 * - `PB-PACK-1` (picking, gift notes): `ACM-0025` × 2 (batch), `ACM-0016` × 2 (UPC-A),
 *   `ACM-0013` × 1 (EAN-13).
 * - `PB-PACK-2` (new, fragile notes): `ACM-0021` × 6 (its case alias counts 6) and `ACM-0026` × 1
 *   (batch).
 * - `PB-PACK-3` (picking, no notes): `ACM-0017` × 1 (UPC-A), `ACM-0020` × 2, `ACM-0028` × 1.
 * - `PB-PACK-50` (new, no notes): 50 distinct SKUs × 10 (`ACM-0013`–`ACM-0023`, `ACM-0025`–`ACM-0063`).
 * - Lots in SP01: `ACM-0025` `LA01` expired, `LA02` expiring (FEFO), `LA03` fine; `ACM-0026` `LB01`,
 *   `LB02` (FEFO), `LB03`; `ACM-0027` `LC01`, `LC02` with no stock, `LC03` (FEFO), `LC04`.
 * - UPC-A: `ACM-0016`–`ACM-0018`. Dates are relative to the seed's clock: see `lots[].expiresInDays`.
 */
export const PACK_FIXTURES: PackFixtures = packFixtures(0);

/** The same for Bolt (`sbx-demo-bolt`): `BT-PACK-…` orders, `BLT-…` SKUs, the same lot names. */
export const BOLT_PACK_FIXTURES: PackFixtures = packFixtures(1);

/** The expiry date (`YYYY-MM-DD`, UTC) of a lot `days` after the seed's clock `now`. */
export const packLotExpiry = (now: number, days: number): string =>
  new Date(now + days * DAY).toISOString().slice(0, 10);

/**
 * Adds the catalogue's tail, its stock and the pack orders to a seeded company. Deterministic and
 * without the seed's random sequence: the rest of the company stays as it was.
 */
export function addPackingFixtures(data: CompanyState, companyIndex: number, now: number): void {
  const fixtures = packFixtures(companyIndex);
  const skuPrefix = companyIndex === 0 ? 'ACM' : 'BLT';
  TAIL.forEach(([name, price, weight, batches], k) => {
    const i = FIRST_TAIL + k;
    const sku = `${skuPrefix}-${pad(i)}`;
    const product = demoProduct(companyIndex, i, sku, [name, price, weight, batches], now, true);
    data.products[sku] = product;
    const lots = fixtures.batches[sku]?.lots;
    if (batches && lots) {
      for (const lot of lots) {
        data.stock.push({
          sku,
          warehouse: lot.warehouse,
          batch: lot.batch,
          expiry_date: packLotExpiry(now, lot.expiresInDays),
          available: lot.available,
          reserved: 0,
        } satisfies StockLot);
      }
      return;
    }
    WAREHOUSES.forEach((warehouse, w) => {
      data.stock.push({
        sku,
        warehouse,
        batch: null,
        expiry_date: null,
        available: 40 + ((i * 53 + w * 29) % 260),
        reserved: (i + w) % 4,
      });
    });
  });

  const customers = [
    ['Mariana Costa', 'Rua Oscar Freire', '812', 'Jardins', '01426-001'],
    ['Lucas Almeida', 'Rua Teodoro Sampaio', '1540', 'Pinheiros', '05406-150'],
    ['Beatriz Nogueira', 'Avenida Ipiranga', '200', 'República', '01046-010'],
    ['Rodrigo Tavares', 'Rua Vergueiro', '3185', 'Vila Mariana', '04101-300'],
  ] as const;
  const packOrders = [
    fixtures.orders.gift,
    fixtures.orders.case,
    fixtures.orders.plain,
    fixtures.orders.bench,
  ];
  packOrders.forEach((fixture, k) => {
    const [name, street, number, district, postalCode] = customers[k] ?? customers[0];
    const created = now - (4 - k) * 3_600_000;
    const updated = fixture.status === 'new' ? created : created + 20 * 60_000;
    const order: Order = {
      id: fixture.id,
      status: fixture.status,
      warehouse: fixtures.warehouse,
      customer: {
        name,
        email: `${name.toLowerCase().replace(' ', '.')}@example.com.br`,
        phone: `+55 11 98${String(100 + k * 17).padStart(3, '0')}-${String(4000 + k * 311)}`,
      },
      shipping_address: {
        street,
        number,
        district,
        city: 'São Paulo',
        state: 'SP',
        postal_code: postalCode,
        country: 'BR',
      },
      items: fixture.items.map((item) => ({
        sku: item.sku,
        quantity: item.quantity,
        unit_price: data.products[item.sku]?.unit_price ?? 0,
      })),
      carrier: k % 2 === 0 ? 'Correios SEDEX' : 'Loggi',
      ...(fixture.notes === null ? {} : { notes: fixture.notes }),
      created_at: new Date(created).toISOString(),
      updated_at: new Date(updated).toISOString(),
      invoice: null,
      labels: [],
    };
    data.orders[fixture.id] = order;
  });
}
