// Issue #39's proof day: 200 orders added to a sandbox company, and the files a marketplace and
// an ERP would hand that seller for them.
// - One ZPL file: a ~DG logo downloaded once, two ^DF formats every label recalls (^CI28 UTF-8
//   names inside them), the tracking code in a Code 128 for 20 orders (their labels name no
//   order: only the service knows whose code it is), the order id in a QR code for the rest.
// - A DANFE-style PDF of 150 invoices, every tenth two pages long ("FOLHA 1/2"), and a folder of
//   50 single-invoice PDFs with meaningless names.
// What the board must make of it is known by construction: the two last orders belong to one
// customer, and a label giving only that customer's name and postal code fits both (ambiguous);
// one label is for nobody the service has (unmatched); one invoice of the folder is there twice
// under two names (duplicate). Every other piece has exactly one order.
import { createHash } from 'node:crypto';
import { PDFDocument, StandardFonts, type PDFFont } from 'pdf-lib';
import type { Order, Tracking } from '../../src/shared/api/types.ts';
import { isValidAccessKey } from '../../src/shared/bulk/check-digits.ts';
import type { SandboxState } from '../../src/sandbox/model.ts';
import { PACK_FIXTURES } from '../../src/sandbox/seed-packing.ts';
import { logo } from '../../src/zpl/split/test-day.ts';

export const DAY_ORDERS = 200;
/** Orders whose label carries only a tracking code (the first ones). */
export const TRACKED = 20;
/** Invoices in the one multi-invoice PDF; the rest are single PDFs in a folder. */
export const IN_DANFE = 150;

const FIRST_NAMES = ['José', 'Maria', 'Ana', 'João', 'Conceição', 'Zoë', 'Françoise', 'Ñuño'];
const LAST_NAMES = ['Souza', 'Araújo', 'Müller', 'Lefèvre', 'Gonçalves', 'Brandão', 'Åström'];

export const dayOrderId = (n: number) => `DAY-${String(n).padStart(4, '0')}`;
const trackingCode = (n: number) => `QD${String(700_000_000 + n * 104_729).slice(0, 9)}BR`;

export interface DayFile {
  name: string;
  bytes: Uint8Array;
}

export interface BulkDay {
  orders: Order[];
  /** labels.zpl: DAY_ORDERS + 1 labels (one for nobody). */
  labels: DayFile;
  /** invoices.pdf: IN_DANFE invoices on IN_DANFE + IN_DANFE / 10 pages. */
  danfe: DayFile;
  /** The folder of single invoices, one of them twice under another name. */
  singles: DayFile[];
  /** What the board must find, by construction. */
  expected: {
    labels: { matched: number; ambiguous: number; unmatched: number };
    invoices: { matched: number; duplicate: number };
    /** The ambiguous label's two candidates, and the source of the duplicate invoice. */
    ambiguousBetween: [string, string];
    duplicateName: string;
  };
}

function customerOf(n: number): { name: string; postal: string } {
  // The last two orders share one customer: same name, same postal code.
  const k = n === DAY_ORDERS ? DAY_ORDERS - 1 : n;
  const first = FIRST_NAMES[k % FIRST_NAMES.length] ?? 'Ana';
  const last = LAST_NAMES[Math.floor(k / FIRST_NAMES.length) % LAST_NAMES.length] ?? 'Souza';
  return {
    name: `${first} ${last} ${k}`,
    postal: `${String(10_000 + k * 37).padStart(5, '0')}-${String(k % 1000).padStart(3, '0')}`,
  };
}

/** Invoice `n`'s NF-e access key (an invented issuer), its check digit found by the validator. */
function accessKey(n: number): string {
  const stem = `3526110000000000020055001${String(n).padStart(9, '0')}1${'0'.repeat(8)}`;
  for (let digit = 0; digit <= 9; digit += 1)
    if (isValidAccessKey(`${stem}${digit}`)) return `${stem}${digit}`;
  throw new Error(`no check digit for invoice ${n}`);
}

function labelsFile(orders: readonly Order[]): string {
  const fields = '^FO20,20^XGR:LOGO.GRF,2,2^FS^FO20,120^A0N,32,32^FN1^FS^FO20,160^A0N,32,32^FN2^FS';
  const tracked = `^XA^DFR:TRACKED.ZPL^FS^CI28^BY3,2.5,80${fields}^FO20,230^BCN,,Y,N^FN3^FS^XZ\n`;
  const byOrder = `^XA^DFR:ORDER.ZPL^FS^CI28${fields}^FO20,230^BQN,2,5^FN3^FS^XZ\n`;
  const weak = `^XA^DFR:WEAK.ZPL^FS^CI28${fields}^XZ\n`;
  const recall = (format: string, name: string, postal: string, code?: string) =>
    `^XA^XFR:${format}.ZPL^FS^FN1^FD${name}^FS^FN2^FDCEP ${postal}^FS` +
    (code === undefined ? '' : `^FN3^FD${code}^FS`) +
    '^XZ\n';
  const labels = orders.map((order, i) => {
    const n = i + 1;
    const { name, postal } = customerOf(n);
    if (n <= TRACKED) return recall('TRACKED', name, postal, trackingCode(n));
    if (n === DAY_ORDERS - 1) return recall('WEAK', name, postal);
    return recall('ORDER', name, postal, `MA,${order.id}`);
  });
  const stranger = recall('WEAK', 'Fulano de Tal', '99999-999');
  return (
    '^XA^CI28^PW812^LH0,0^MMT^XZ\n' +
    logo('LOGO', 4) +
    tracked +
    byOrder +
    weak +
    labels.join('') +
    stranger
  );
}

function drawInvoicePage(
  pdf: PDFDocument,
  font: PDFFont,
  order: Order,
  n: number,
  sheet: string,
): void {
  const page = pdf.addPage([595, 842]);
  const { name, postal } = customerOf(n);
  const lines = [
    'DANFE - Documento Auxiliar da Nota Fiscal Eletronica',
    `No ${String(2000 + n)
      .padStart(9, '0')
      .replace(/(\d{3})(?=\d)/g, '$1.')}  SERIE 001  FOLHA ${sheet}`,
    'CHAVE DE ACESSO',
    accessKey(2000 + n).replace(/(\d{4})(?=\d)/g, '$1 '),
    `Pedido ${order.id}`,
    // Helvetica's WinAnsi lacks some of these letters: the invoice prints the name unaccented.
    name.normalize('NFD').replace(/[\u0300-\u036f]/g, ''),
    `CEP ${postal}`,
  ];
  lines.forEach((text, i) => page.drawText(text, { x: 40, y: 790 - i * 26, size: 12, font }));
}

async function invoicePdf(orders: readonly { order: Order; n: number }[]): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (const { order, n } of orders) {
    const pages = n % 10 === 0 && orders.length > 1 ? 2 : 1;
    for (let sheet = 1; sheet <= pages; sheet += 1)
      drawInvoicePage(pdf, font, order, n, `${sheet}/${pages}`);
  }
  return pdf.save({ updateFieldAppearances: false });
}

/** A name that says nothing about the invoice: the first hex digits of a hash of `seed`. */
const meaningless = (seed: string) =>
  `scan-${createHash('sha256').update(seed).digest('hex').slice(0, 10)}.pdf`;

/**
 * Adds the day's 200 orders (created this morning, open for packing) and the trackings of the
 * first 20 to `company` in `state`, and returns the day's files.
 */
export async function addBulkDay(
  state: SandboxState,
  company: string,
  now: number,
): Promise<BulkDay> {
  const records = state.companies[company];
  const model = records?.orders[PACK_FIXTURES.orders.plain.id];
  if (!records || !model) throw new Error(`the sandbox has no plain pack order for ${company}`);
  const orders: Order[] = [];
  for (let n = 1; n <= DAY_ORDERS; n += 1) {
    const id = dayOrderId(n);
    const created = new Date(now - (DAY_ORDERS - n + 1) * 60_000).toISOString();
    const { name, postal } = customerOf(n);
    const order: Order = {
      ...structuredClone(model),
      id,
      status: 'picking',
      customer: { ...model.customer, name, email: `${id.toLowerCase()}@example.com` },
      shipping_address: { ...model.shipping_address, postal_code: postal },
      invoice: null,
      labels: [],
      created_at: created,
      updated_at: created,
    };
    records.orders[id] = order;
    orders.push(order);
    if (n <= TRACKED) {
      const tracking: Tracking = {
        id: `TRK-DAY-${n}`,
        order: id,
        code: trackingCode(n),
        carrier: 'Correios',
        status: 'created',
        url: `https://rastreamento.example.com.br/${trackingCode(n)}`,
        events: [],
      };
      records.trackings.push(tracking);
    }
  }
  const numbered = orders.map((order, i) => ({ order, n: i + 1 }));
  const singles: DayFile[] = [];
  for (const entry of numbered.slice(IN_DANFE))
    singles.push({ name: meaningless(entry.order.id), bytes: await invoicePdf([entry]) });
  const [first] = singles;
  if (!first) throw new Error('the day has no single invoices');
  const duplicateName = meaningless('a second copy');
  singles.push({ name: duplicateName, bytes: first.bytes });
  return {
    orders,
    labels: { name: 'labels.zpl', bytes: new TextEncoder().encode(labelsFile(orders)) },
    danfe: { name: 'invoices.pdf', bytes: await invoicePdf(numbered.slice(0, IN_DANFE)) },
    singles,
    expected: {
      labels: { matched: DAY_ORDERS - 1, ambiguous: 1, unmatched: 1 },
      invoices: { matched: DAY_ORDERS, duplicate: 1 },
      ambiguousBetween: [dayOrderId(DAY_ORDERS - 1), dayOrderId(DAY_ORDERS)],
      duplicateName,
    },
  };
}
