// Reading the command line's ORDER.json and PACK.json: what the slip needs from each is checked
// here, and a file that fails is refused with one sentence naming the field
// ("order.json: items[3].quantity must be a whole number above 0."). The rules are the API's
// (src/shared/api/openapi.yaml: Order, Customer, Address, OrderItem) for the fields the slip
// prints; anything else the file holds passes through untouched. A date must be a day of the
// calendar: "2027-13-45" or "2027-02-29" would otherwise print as another day.
import { z } from 'zod';
import type { Order } from '../../shared/api/schemas.ts';
import type { PackStatus } from '../../shared/pack/types.ts';
import type { SlipPack } from './pack-record.ts';

const IDENTIFIER = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;
/** A pack's status as the station exports it (src/shared/pack/types.ts, PackStatus). */
const PACK_STATUSES = ['open', 'finished', 'short'] as const satisfies readonly PackStatus[];

const text = (max: number) =>
  z
    .string({ error: 'must be text' })
    .min(1, { error: 'must not be empty' })
    .max(max, { error: `must be at most ${max} characters` });
const optionalText = (max: number) =>
  z.string({ error: 'must be text' }).max(max, { error: `must be at most ${max} characters` });
const identifier = text(64).regex(IDENTIFIER, {
  error: 'must be letters, digits, dot, dash or underscore, starting with a letter or digit',
});
const wholeAboveZero = z
  .number({ error: 'must be a whole number above 0' })
  .int({ error: 'must be a whole number above 0' })
  .min(1, { error: 'must be a whole number above 0' })
  .max(100_000, { error: 'must be at most 100000' });

/** Whether the YYYY-MM-DD that `value` starts with is a day of the calendar. */
function isCalendarDay(value: string): boolean {
  const [year, month, day] = value.slice(0, 10).split('-').map(Number) as [number, number, number];
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1];
  return days !== undefined && day >= 1 && day <= days;
}
const notADay = {
  error: (issue: { input?: unknown }) => `is not a real date (${String(issue.input)})`,
};

const isoDate = z
  .string({ error: 'must be a date as YYYY-MM-DD' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'must be a date as YYYY-MM-DD', abort: true })
  .refine(isCalendarDay, notADay);
/** A moment as the API writes one (format: date-time): 2027-03-15T10:30:00Z, or with an offset. */
const TIMESTAMP =
  /^\d{4}-\d{2}-\d{2}[T ]([01]\d|2[0-3]):[0-5]\d:[0-5]\d(\.\d{1,9})?(Z|[+-]([01]\d|2[0-3]):?[0-5]\d)?$/i;
const timestamp = (error: string) =>
  z
    .string({ error })
    .regex(TIMESTAMP, { error: 'must be a timestamp as YYYY-MM-DDTHH:MM:SSZ', abort: true })
    .refine(isCalendarDay, notADay);

const orderFileSchema = z.looseObject({
  id: identifier,
  status: optionalText(32).optional(),
  warehouse: optionalText(32).optional(),
  customer: z.looseObject(
    {
      name: text(200),
      document: optionalText(32).optional(),
      email: optionalText(200).optional(),
      phone: optionalText(32).optional(),
    },
    { error: 'must be an object with the customer’s name' },
  ),
  shipping_address: z.looseObject(
    {
      street: text(200),
      number: optionalText(20).optional(),
      complement: optionalText(200).optional(),
      district: optionalText(100).optional(),
      city: text(100),
      state: text(50),
      postal_code: text(16),
      country: optionalText(2).optional(),
    },
    { error: 'must be an object with street, city, state and postal_code' },
  ),
  items: z
    .array(
      z.looseObject({ sku: identifier, quantity: wholeAboveZero }, { error: 'must be an object' }),
      {
        error: 'must be a list of lines',
      },
    )
    .min(1, { error: 'must hold at least one line' })
    .max(500, { error: 'must hold at most 500 lines' }),
  carrier: optionalText(100).optional(),
  notes: optionalText(2000).optional(),
  created_at: timestamp('must be a timestamp').optional(),
  products: z
    .array(z.looseObject({ sku: identifier, name: text(200) }, { error: 'must be an object' }), {
      error: 'must be a list of products',
    })
    .optional(),
});

const unitSchema = z.looseObject(
  {
    sku: identifier,
    quantity: wholeAboveZero,
    lot: z.string({ error: 'must be text or null' }).nullable().optional(),
    expiry: isoDate.nullable().optional(),
  },
  { error: 'must be an object' },
);
const packSchema = z.looseObject(
  {
    orderId: text(64),
    station: z.string({ error: 'must be text or null' }).nullable().optional(),
    account: z.string({ error: 'must be text or null' }).nullable().optional(),
    status: z.enum(PACK_STATUSES, { error: 'must be open, finished or short' }).optional(),
    finishedAt: timestamp('must be a timestamp or null').nullable().optional(),
    units: z.array(unitSchema, { error: 'must be a list of scans' }),
  },
  { error: 'must be a pack record' },
);
const exportSchema = z.looseObject({
  packs: z.array(packSchema, { error: 'must be a list of packs' }),
});

/** A path into the file as a script writes it: items[3].quantity. */
function pathOf(path: readonly PropertyKey[]): string {
  return path
    .map((part, i) =>
      typeof part === 'number' ? `[${part}]` : `${i === 0 ? '' : '.'}${String(part)}`,
    )
    .join('');
}

function valueAt(data: unknown, path: readonly PropertyKey[]): unknown {
  let node = data;
  for (const part of path) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<PropertyKey, unknown>)[part];
  }
  return node;
}

/** What a JSON value is, in words, when it is not the object a file must hold. */
function kindOf(data: unknown): string {
  if (data === null) return 'null';
  if (Array.isArray(data)) return 'a list';
  if (typeof data === 'string') return 'text';
  if (typeof data === 'number') return 'a number';
  if (typeof data === 'boolean') return String(data);
  return typeof data;
}

const isObject = (data: unknown): data is object =>
  typeof data === 'object' && data !== null && !Array.isArray(data);

/** One sentence for the first problem zod found, naming the file and the field. */
function refusal(file: string, data: unknown, error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return `${file} is not valid.`;
  const where = pathOf(issue.path);
  // The file itself is checked to be an object before zod sees it, so this is not expected.
  if (where === '') return `${file} is not valid.`;
  const missing = valueAt(data, issue.path) === undefined;
  return `${file}: ${where} ${missing ? 'is missing' : issue.message}.`;
}

export type Checked<T> = { ok: true; value: T } | { ok: false; sentence: string };

export interface OrderFile {
  order: Order;
  productNames: Map<string, string>;
}

export function checkOrderFile(file: string, data: unknown): Checked<OrderFile> {
  if (!isObject(data))
    return {
      ok: false,
      sentence: `${file} must hold one order as a JSON object, not ${kindOf(data)}.`,
    };
  const parsed = orderFileSchema.safeParse(data);
  if (!parsed.success) return { ok: false, sentence: refusal(file, data, parsed.error) };
  const { products, ...order } = parsed.data;
  return {
    ok: true,
    value: {
      // The API's own status is not needed on paper; an order file without one still prints.
      order: { ...order, status: order.status ?? '' },
      productNames: new Map((products ?? []).map((p) => [p.sku, p.name])),
    },
  };
}

/**
 * The pack of `orderId` in an export: the last one finished (status finished or short, as the
 * station's own Print slip takes it), by its finishedAt; a pack still open is never used. A record
 * written by hand without a status counts as finished unless its finishedAt is null.
 */
export function checkPackFile(file: string, data: unknown, orderId: string): Checked<SlipPack> {
  if (!isObject(data))
    return {
      ok: false,
      sentence: `${file} must hold a pack record as a JSON object ({"packs": [...]} or one pack), not ${kindOf(data)}.`,
    };
  // The station's export ({ packs: [...] }), or one pack taken out of it.
  const isExport = 'packs' in data;
  const parsed = isExport
    ? exportSchema.safeParse(data)
    : packSchema.transform((pack) => ({ packs: [pack] })).safeParse(data);
  if (!parsed.success) return { ok: false, sentence: refusal(file, data, parsed.error) };
  const { packs } = parsed.data;
  const mine = packs.filter((p) => p.orderId === orderId);
  if (mine.length === 0)
    return { ok: false, sentence: `${file} holds no pack of order ${orderId}.` };
  // By the moment, not the text: "…T10:00:00-03:00" is after "…T12:00:00Z". Ties keep file order.
  // A finished pack without a finishedAt sorts first (-Infinity ties with -Infinity: 0, not NaN).
  const finishedMs = (p: (typeof mine)[number]) =>
    p.finishedAt ? Date.parse(p.finishedAt) : -Infinity;
  const pack = mine
    .filter((p) => (p.status === undefined ? p.finishedAt !== null : p.status !== 'open'))
    .sort((a, b) => {
      const [x, y] = [finishedMs(a), finishedMs(b)];
      return x === y ? 0 : x < y ? -1 : 1;
    })
    .at(-1);
  if (!pack) return { ok: false, sentence: `${file} holds no finished pack of order ${orderId}.` };
  return {
    ok: true,
    value: {
      orderId: pack.orderId,
      station: pack.station ?? null,
      account: pack.account ?? null,
      units: pack.units.map((u) => ({
        sku: u.sku,
        quantity: u.quantity,
        lot: u.lot ?? null,
        expiry: u.expiry ?? null,
      })),
    },
  };
}
