// A day's files for the sandbox's demo company (issue #39): what a marketplace and an ERP hand a
// seller, made from the sandbox's own open orders, so a new user can try bulk files in a minute.
// One ZPL file (a ~DG logo downloaded once, a ^DF format every label recalls, UTF-8 names, the
// tracking code or order id in a Code 128) and one PDF of DANFE pages, in `drop/`; beside it the
// orders and trackings as the service lists them, for `npm run files -- match`.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { Order } from '../shared/api/types.ts';
import { isValidAccessKey } from '../shared/bulk/check-digits.ts';
import type { SandboxState } from './model.ts';

/** Orders a seller still has to ship: the ones a day's labels and invoices are for. */
const OPEN = new Set(['new', 'processing', 'picking', 'packed']);
const MAX_ORDERS = 12;

/** Invoice `n`'s NF-e access key (an invented issuer), its check digit found by the validator. */
function accessKey(n: number): string {
  const stem = `3526110000000000010055001${String(n).padStart(9, '0')}1${'0'.repeat(8)}`;
  for (let digit = 0; digit <= 9; digit += 1)
    if (isValidAccessKey(`${stem}${digit}`)) return `${stem}${digit}`;
  return `${stem}0`;
}

/** ZPL field data may not hold ^ or ~: the demo's names and addresses never need them. */
const fieldText = (text: string) => text.replace(/[\^~]/g, ' ');

function labelsFile(orders: readonly Order[], trackingOf: (id: string) => string | null): string {
  const logo = `~DGR:LOGO.GRF,128,4,${'FF00FF00'.repeat(16)}\n`;
  const format =
    '^XA^DFR:DAY.ZPL^FS^CI28^PW812^FO30,30^XGR:LOGO.GRF,2,2^FS' +
    '^FO120,30^A0N,40,40^FN1^FS^FO30,100^A0N,32,32^FN2^FS^FO30,145^A0N,32,32^FN3^FS' +
    '^FO30,200^BY3^BCN,110,Y,N^FN4^FS^XZ\n';
  const labels = orders.map((order) => {
    const code = trackingOf(order.id) ?? order.id;
    return (
      `^XA^XFR:DAY.ZPL^FN1^FDPedido ${fieldText(order.id)}^FS` +
      `^FN2^FD${fieldText(order.customer.name)}^FS` +
      `^FN3^FDCEP ${fieldText(order.shipping_address.postal_code)}^FS^FN4^FD${fieldText(code)}^FS^XZ\n`
    );
  });
  return logo + format + labels.join('');
}

async function invoicesFile(orders: readonly Order[]): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  // Helvetica's WinAnsi covers Portuguese; a character outside it becomes '?' rather than failing.
  const encodable = (text: string) =>
    [...text]
      .map((c) => {
        try {
          font.encodeText(c);
          return c;
        } catch {
          return '?';
        }
      })
      .join('');
  orders.forEach((order, n) => {
    const page = pdf.addPage([595, 842]);
    const lines = [
      'DANFE - Documento Auxiliar da Nota Fiscal Eletronica',
      `No ${String(1001 + n).padStart(9, '0')}  SERIE 001  FOLHA 1/1`,
      'CHAVE DE ACESSO',
      accessKey(1001 + n).replace(/(\d{4})(?=\d)/g, '$1 '),
      `Pedido ${order.id}`,
      order.customer.name,
      `CEP ${order.shipping_address.postal_code}`,
    ];
    lines.forEach((text, i) =>
      page.drawText(encodable(text), { x: 40, y: 790 - i * 26, size: 12, font }),
    );
  });
  return pdf.save({ updateFieldAppearances: false });
}

/**
 * Writes the demo day of `company` into `dir` (replacing what was there): `drop/labels.zpl`,
 * `drop/invoices.pdf`, `orders.json`, `trackings.json`. Returns how many orders it covers.
 */
export async function writeDemoDay(
  state: SandboxState,
  company: string,
  dir: string,
): Promise<{ orders: number }> {
  const records = state.companies[company];
  if (!records) throw new Error(`No company ${company} in the sandbox.`);
  const orders = Object.values(records.orders)
    .filter((order) => OPEN.has(order.status))
    .sort((a, b) => a.id.localeCompare(b.id))
    .slice(0, MAX_ORDERS);
  const ids = new Set(orders.map((order) => order.id));
  const trackings = records.trackings.filter((t) => ids.has(t.order));
  const trackingOf = (id: string) => trackings.find((t) => t.order === id)?.code ?? null;
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(join(dir, 'drop'), { recursive: true });
  writeFileSync(join(dir, 'drop', 'labels.zpl'), labelsFile(orders, trackingOf));
  writeFileSync(join(dir, 'drop', 'invoices.pdf'), await invoicesFile(orders));
  writeFileSync(join(dir, 'orders.json'), JSON.stringify({ data: orders }, null, 2));
  writeFileSync(join(dir, 'trackings.json'), JSON.stringify({ data: trackings }, null, 2));
  return { orders: orders.length };
}
