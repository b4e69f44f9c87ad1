// Everything the packing slip says, as text in the slip's language, before any of it is placed
// on a page: the drawing (slip-pdf.ts) decides where, this file decides what.
import type { Order } from '../../shared/api/schemas.ts';
import { formattersFor } from './format.ts';
import { lotsBySku, type SlipPack } from './pack-record.ts';
import { fill, wordsFor, type DocumentLanguage } from './words.ts';

export interface SlipInput {
  /** The order exactly as the API returns it (GET /orders/{id}). */
  order: Order;
  /** Product names by SKU, from the service's catalogue; a line without one says so. */
  productNames?: ReadonlyMap<string, string>;
  /** The verified pack of this order, for the lots and expiry dates that went into the box. */
  pack?: SlipPack;
}

export interface SlipContext {
  /** When the slip is printed (ms since the epoch): shown on it and the PDF's own dates. */
  at: number;
  /** IANA zone for the printed time and the order's date; the system's when absent. */
  timeZone?: string;
  station: string;
  packer: string;
  lang: DocumentLanguage;
}

export interface SlipFact {
  label: string;
  value: string;
}

export interface SlipLine {
  name: string;
  /** False when no name was known: the name column then says so, in grey. */
  named: boolean;
  sku: string;
  quantity: string;
  lots: string[];
}

export interface SlipModel {
  title: string;
  orderId: string;
  orderHeading: string;
  continued: string;
  customerLabel: string;
  customer: string[];
  shipToLabel: string;
  shipTo: string[];
  facts: SlipFact[];
  packedBy: string;
  columns: { product: string; sku: string; quantity: string; lots: string | null };
  lines: SlipLine[];
  total: string;
  notesLabel: string;
  notes: string | null;
  page: (page: number, pages: number) => string;
}

/** A field of a loosely typed API object as text, or undefined when absent or empty. */
function text(source: unknown, key: string): string | undefined {
  if (typeof source !== 'object' || source === null) return undefined;
  const value = (source as Record<string, unknown>)[key];
  if (typeof value === 'number') return String(value);
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

const joined = (parts: (string | undefined)[], separator: string): string | undefined => {
  const present = parts.filter((p): p is string => p !== undefined);
  return present.length > 0 ? present.join(separator) : undefined;
};

/** The address as it is written on a parcel: street and number, district, city, postcode. */
function addressLines(address: unknown, country: (code: string) => string): string[] {
  const street = joined([text(address, 'street'), text(address, 'number')], ', ');
  const cityLine = joined(
    [joined([text(address, 'city'), text(address, 'state')], ' – '), text(address, 'postal_code')],
    '  ',
  );
  const code = text(address, 'country');
  return [
    street,
    text(address, 'complement'),
    text(address, 'district'),
    cityLine,
    code === undefined ? undefined : country(code),
  ].filter((line): line is string => line !== undefined);
}

export function slipModel(input: SlipInput, context: SlipContext): SlipModel {
  const words = wordsFor(context.lang).slip;
  const format = formattersFor(context.lang, context.timeZone);
  const { order } = input;
  const lots = lotsBySku(input.pack);
  const withLots = input.pack !== undefined;

  const customer = order.customer;
  const document = text(customer, 'document');
  const customerLines = [
    text(customer, 'name'),
    document === undefined ? undefined : fill(words.taxId, { document }),
    text(customer, 'email'),
    text(customer, 'phone'),
  ].filter((line): line is string => line !== undefined);

  const created = text(order, 'created_at');
  const facts: SlipFact[] = [
    ...(created === undefined ? [] : [{ label: words.orderDate, value: format.day(created) }]),
    { label: words.printed, value: format.moment(context.at) },
    { label: words.carrier, value: text(order, 'carrier') ?? words.noCarrier },
  ];
  const warehouse = text(order, 'warehouse');
  if (warehouse !== undefined) facts.push({ label: words.warehouse, value: warehouse });

  const lines: SlipLine[] = order.items.map((item) => {
    const name = input.productNames?.get(item.sku);
    return {
      name: name ?? words.unnamed,
      named: name !== undefined,
      sku: item.sku,
      quantity: format.number(item.quantity),
      lots: (lots.get(item.sku) ?? []).map((lot) =>
        fill(words.lot, {
          lot: lot.lot,
          expiry: lot.expiry === null ? words.noExpiry : format.date(lot.expiry),
          quantity: format.number(lot.quantity),
        }),
      ),
    };
  });
  const units = order.items.reduce((sum, item) => sum + item.quantity, 0);

  return {
    title: words.title,
    orderId: order.id,
    orderHeading: fill(words.order, { id: order.id }),
    continued: fill(words.continued, { id: order.id }),
    customerLabel: words.customer,
    customer: customerLines,
    shipToLabel: words.shipTo,
    shipTo: addressLines(order.shipping_address, format.country),
    facts,
    packedBy: fill(words.packedAt, { station: context.station, packer: context.packer }),
    columns: {
      product: words.product,
      sku: words.sku,
      quantity: words.quantity,
      lots: withLots ? words.lots : null,
    },
    lines,
    total: fill(words.total, {
      units: format.number(units),
      lines: format.number(order.items.length),
    }),
    notesLabel: words.notes,
    notes: text(order, 'notes') ?? null,
    page: (page, pages) =>
      fill(words.page, { page: format.number(page), pages: format.number(pages) }),
  };
}
