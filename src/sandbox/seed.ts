import type {
  Address,
  Customer,
  Order,
  OrderStatus,
  Product,
  Tracking,
  TrackingEvent,
} from '../shared/api/types.ts';
import { DEMO_COMPANIES } from './companies.ts';
import { WAREHOUSES, type CompanyState, type SandboxState, type StockLot } from './model.ts';
import { addPackingFixtures, demoProduct } from './seed-packing.ts';

const DAY = 86_400_000;

/** Small deterministic PRNG (mulberry32): the same seed and clock give the same data. */
function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
  return { next, int, pick };
}

const CATALOGUE: readonly [name: string, price: number, weightKg: number, batches: boolean][] = [
  ['Café Torrado e Moído 500 g', 21.9, 0.52, true],
  ['Açúcar Cristal Orgânico 1 kg', 9.49, 1.02, true],
  ['Azeite Extra Virgem 500 ml', 44.9, 0.95, true],
  ['Doce de Leite Cremoso 400 g', 15.5, 0.45, true],
  ['Castanha-do-Pará 200 g', 32.0, 0.21, true],
  ['Erva-Mate Chimarrão 1 kg', 18.75, 1.05, true],
  ['Protetor Solar FPS 50 200 ml', 69.9, 0.24, true],
  ['Sabonete Líquido Erva-Doce 250 ml', 12.3, 0.28, true],
  ['Shampoo Antiqueda 300 ml', 27.4, 0.33, true],
  ['Vitamina C 1 g — 30 comprimidos', 39.9, 0.09, true],
  ['Ração Gatos Adultos 1 kg', 34.9, 1.04, true],
  ['Cápsulas de Café Espresso (10 un.)', 24.9, 0.06, true],
  ['Garrafa Térmica Inox 1 L', 119.0, 0.61, false],
  ['Camiseta Algodão Básica M', 49.9, 0.18, false],
  ['Tênis Corrida Leve 41', 299.9, 0.82, false],
  ['Fone de Ouvido Bluetooth', 189.0, 0.2, false],
  ['Carregador USB-C 20 W', 79.9, 0.11, false],
  ['Cabo HDMI 2.1 2 m', 59.9, 0.15, false],
  ['Mochila Notebook 15,6"', 229.0, 0.9, false],
  ['Caderno Universitário 10 Matérias', 32.5, 0.76, false],
  ['Caneca Cerâmica 350 ml', 29.9, 0.38, false],
  ['Luminária LED de Mesa', 149.9, 0.7, false],
  ['Kit Pincéis Maquiagem (12 un.)', 89.0, 0.25, false],
  ['Toalha de Banho Algodão Egípcio', 99.9, 0.62, false],
];

const FIRST_NAMES = [
  'Ana',
  'Bruno',
  'Carla',
  'Diego',
  'Eduarda',
  'Felipe',
  'Gabriela',
  'Henrique',
  'Isabela',
  'João',
  'Larissa',
  'Marcos',
  'Natália',
  'Otávio',
  'Patrícia',
  'Rafael',
  'Sofia',
  'Thiago',
  'Vitória',
  'Wagner',
];
const LAST_NAMES = [
  'Silva',
  'Santos',
  'Oliveira',
  'Souza',
  'Lima',
  'Pereira',
  'Ferreira',
  'Costa',
  'Rodrigues',
  'Almeida',
  'Nascimento',
  'Araújo',
  'Carvalho',
  'Gomes',
  'Ribeiro',
];
const CITIES: readonly [city: string, state: string, cep: string, district: string][] = [
  ['São Paulo', 'SP', '01310-100', 'Bela Vista'],
  ['Campinas', 'SP', '13015-904', 'Centro'],
  ['Rio de Janeiro', 'RJ', '22071-900', 'Copacabana'],
  ['Belo Horizonte', 'MG', '30130-010', 'Centro'],
  ['Curitiba', 'PR', '80020-310', 'Centro'],
  ['Porto Alegre', 'RS', '90010-150', 'Centro Histórico'],
  ['Recife', 'PE', '50030-230', 'Boa Vista'],
  ['Salvador', 'BA', '40020-000', 'Comércio'],
  ['Fortaleza', 'CE', '60060-440', 'Aldeota'],
  ['Manaus', 'AM', '69005-010', 'Centro'],
];
const STREETS = [
  'Rua das Flores',
  'Avenida Paulista',
  'Rua XV de Novembro',
  'Avenida Brasil',
  'Rua da Aurora',
  'Rua Augusta',
  'Avenida Sete de Setembro',
];
const CARRIERS = ['Correios SEDEX', 'Correios PAC', 'Jadlog', 'Loggi', 'Total Express'];

const iso = (ms: number) => new Date(ms).toISOString();
const isoDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);

function seedCompany(companyIndex: number, now: number): CompanyState {
  const rnd = prng(20251201 + companyIndex * 7919);
  const prefix = companyIndex === 0 ? 'ACM' : 'BLT';
  const products: Record<string, Product> = {};
  const stock: StockLot[] = [];

  CATALOGUE.forEach(([name, price, weight, batches], i) => {
    const sku = `${prefix}-${String(i + 1).padStart(4, '0')}`;
    // EAN-13 (Brazil's 789 prefix), or UPC-A for a few imported products.
    products[sku] = demoProduct(
      companyIndex,
      i,
      sku,
      [name, price, weight, batches],
      now,
      i !== CATALOGUE.length - 1,
    );
    for (const warehouse of WAREHOUSES) {
      if (!batches) {
        stock.push({
          sku,
          warehouse,
          batch: null,
          expiry_date: null,
          available: rnd.int(0, 400),
          reserved: rnd.int(0, 12),
        });
        continue;
      }
      // Always one expired lot and one expiring within 30 days on the first SKUs, so every
      // colour of the inventory screen shows up in the demo.
      const offsets =
        i < 4
          ? [-rnd.int(3, 40), rnd.int(2, 28), rnd.int(60, 400)]
          : [rnd.int(-30, 20), rnd.int(40, 500)];
      offsets.forEach((offsetDays, lot) => {
        stock.push({
          sku,
          warehouse,
          batch: `L${isoDate(now + offsetDays * DAY - 365 * DAY)
            .replaceAll('-', '')
            .slice(2)}-${warehouse.slice(0, 2)}${lot + 1}`,
          expiry_date: isoDate(now + offsetDays * DAY),
          available: rnd.int(5, 250),
          reserved: rnd.int(0, 8),
        });
      });
    }
  });

  const skus = Object.keys(products);
  const orders: Record<string, Order> = {};
  const trackings: Tracking[] = [];
  const statuses: readonly OrderStatus[] = [
    'new',
    'new',
    'processing',
    'picking',
    'packed',
    'shipped',
    'shipped',
    'delivered',
    'delivered',
    'cancelled',
  ];
  for (let n = 0; n < 60; n += 1) {
    const id = `${prefix === 'ACM' ? 'PB' : 'BT'}-${10001 + n}`;
    const created = now - (30 * DAY * (60 - n)) / 60 + rnd.int(0, 3_600_000);
    const ageDays = (now - created) / DAY;
    let status = rnd.pick(statuses);
    if (ageDays < 2 && (status === 'delivered' || status === 'shipped')) status = 'packed';
    const first = rnd.pick(FIRST_NAMES);
    const last = rnd.pick(LAST_NAMES);
    const [city, state, cep, district] = rnd.pick(CITIES);
    const customer: Customer = {
      name: `${first} ${last}`,
      document: String(rnd.int(100_000_000, 999_999_999)) + String(rnd.int(10, 99)),
      email: `${first}.${last}@example.com.br`
        .toLowerCase()
        .normalize('NFD')
        .replace(/[\u0300-\u036f]/g, ''),
      phone: `+55 11 9${rnd.int(1000, 9999)}-${rnd.int(1000, 9999)}`,
    };
    const address: Address = {
      street: rnd.pick(STREETS),
      number: String(rnd.int(1, 2500)),
      district,
      city,
      state,
      postal_code: cep,
      country: 'BR',
    };
    const itemCount = rnd.int(1, 4);
    const chosen = new Set<string>();
    while (chosen.size < itemCount) chosen.add(rnd.pick(skus));
    const carrier = rnd.pick(CARRIERS);
    const updated = Math.min(now, created + rnd.int(1, 72) * 3_600_000);
    const advanced = ['packed', 'shipped', 'delivered'].includes(status);
    orders[id] = {
      id,
      status,
      warehouse: n % 3 === 0 ? 'PE01' : 'SP01',
      customer,
      shipping_address: address,
      items: [...chosen].map((sku) => ({
        sku,
        quantity: rnd.int(1, 3),
        unit_price: products[sku]?.unit_price ?? 0,
      })),
      carrier,
      created_at: iso(created),
      updated_at: iso(updated),
      invoice: advanced
        ? {
            file_name: `NF-e ${id}.pdf`,
            content_type: 'application/pdf',
            size: rnd.int(40_000, 160_000),
            sha256: seedHash(rnd.next),
            received_at: iso(updated),
          }
        : null,
      labels: [],
    };
    if (status === 'shipped' || status === 'delivered' || (status === 'packed' && n % 2 === 0)) {
      trackings.push(seedTracking(id, n, prefix, carrier, status, created, now, city, state));
    }
  }

  const inbounds: CompanyState['inbounds'] = {};
  const inboundStatuses = ['received', 'received', 'in_transit', 'scheduled', 'scheduled'] as const;
  inboundStatuses.forEach((status, k) => {
    const id = `IN-${String(k + 1).padStart(5, '0')}`;
    const created = now - (20 - k * 4) * DAY;
    inbounds[id] = {
      id,
      warehouse: WAREHOUSES[k % 2] as string,
      status,
      expected_at: isoDate(created + 5 * DAY),
      supplier: ['Distribuidora Paulista', 'Atacado Nordeste', 'Importadora Sul'][k % 3] as string,
      invoice_number: String(100_000 + k * 37),
      items: skus.slice(k * 3, k * 3 + 3).map((sku, j) => ({
        sku,
        quantity: 24 * (j + 1),
        ...(products[sku]?.batch_controlled
          ? { batch: `LIN${k}${j}`, expiry_date: isoDate(now + (180 + 30 * j) * DAY) }
          : {}),
      })),
      created_at: iso(created),
      ...(status === 'received' ? { received_at: iso(created + 5 * DAY) } : {}),
    };
  });

  const company: CompanyState = {
    products,
    inbounds,
    stock,
    orders,
    trackings,
    nextInbound: inboundStatuses.length + 1,
    nextLabel: 1,
  };
  // Last, and without the random sequence above: the catalogue's tail and the pack orders.
  addPackingFixtures(company, companyIndex, now);
  return company;
}

function seedHash(next: () => number): string {
  let hex = '';
  while (hex.length < 64) hex += Math.floor(next() * 16).toString(16);
  return hex;
}

function seedTracking(
  order: string,
  n: number,
  prefix: string,
  carrier: string,
  status: OrderStatus,
  created: number,
  now: number,
  city: string,
  state: string,
): Tracking {
  const code = `${prefix === 'ACM' ? 'QB' : 'QL'}${String(400_000_000 + n * 7919).slice(0, 9)}BR`;
  const steps: [string, string, string][] = [
    ['created', 'Etiqueta criada', 'Cajamar/SP'],
    ['posted', 'Objeto postado', 'Cajamar/SP'],
    ['in_transit', 'Objeto em trânsito — por favor aguarde', 'Curitiba/PR'],
    ['out_for_delivery', 'Objeto saiu para entrega ao destinatário', `${city}/${state}`],
    ['delivered', 'Objeto entregue ao destinatário', `${city}/${state}`],
  ];
  const reached = status === 'delivered' ? 5 : status === 'shipped' ? 3 : 1;
  const span = Math.max(now - created, DAY);
  const events: TrackingEvent[] = steps.slice(0, reached).map(([s, description, location], i) => ({
    at: iso(created + ((i + 1) * span) / (reached + 1)),
    status: s,
    description,
    location,
  }));
  return {
    id: `TRK-${prefix}-${String(n + 1).padStart(5, '0')}`,
    order,
    code,
    carrier,
    status: (steps[reached - 1]?.[0] ?? 'created') as Tracking['status'],
    url: `https://rastreamento.example.com.br/${code}`,
    events: events.reverse(),
  };
}

export function seedState(now: number): SandboxState {
  const companies: Record<string, CompanyState> = {};
  DEMO_COMPANIES.forEach((company, index) => {
    companies[company.id] = seedCompany(index, now);
  });
  return { version: 1, companies, receipts: [] };
}
