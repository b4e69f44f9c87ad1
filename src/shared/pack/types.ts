import { z } from 'zod';
import type { MessageKey } from '../i18n/message-key.ts';
import type { PackDocumentView } from '../documents.ts';

// What the window and main agree on about a verified pack: the checklist the card shows, the
// verdict of each scan, the questions that wait on the packer, the pack's settings and record.
// Main owns the pack (it commits every scan); the window shows this view and sends answers.

/** How a unit was recognised. */
export const IDENTIFIED_BY = ['gtin', 'gs1', 'sku', 'alias', 'lot-list'] as const;
export type IdentifiedBy = (typeof IDENTIFIED_BY)[number];

/** Why a lot other than the first-expiring one went into the box. */
export const FEFO_REASONS = ['not_on_shelf', 'damaged', 'customer_asked', 'other'] as const;
export type FefoReason = (typeof FEFO_REASONS)[number];

/** Why a lot the inventory does not know went into the box. */
export const UNKNOWN_LOT_REASONS = ['label_differs', 'inventory_behind', 'other'] as const;
export type UnknownLotReason = (typeof UNKNOWN_LOT_REASONS)[number];

/** Every reason a lot prompt accepts (the prompt names the ones that fit it). */
export const LOT_REASONS = [
  'not_on_shelf',
  'damaged',
  'customer_asked',
  'label_differs',
  'inventory_behind',
  'other',
] as const satisfies readonly (FefoReason | UnknownLotReason)[];

/** Why a pack finished short. */
export const SHORT_REASONS = ['out_of_stock', 'damaged', 'customer_asked', 'other'] as const;
export type ShortReason = (typeof SHORT_REASONS)[number];

/** Why a box leaves although its weight is off the expectation (issue #29). */
export const WEIGHT_REASONS = [
  'packaging_differs',
  'product_weight_wrong',
  'scale_off',
  'other',
] as const;
export type WeightReason = (typeof WEIGHT_REASONS)[number];

export type OverrideReason = FefoReason | UnknownLotReason | ShortReason | WeightReason;
export const OVERRIDE_REASONS: readonly OverrideReason[] = [
  ...new Set<OverrideReason>([
    ...FEFO_REASONS,
    ...UNKNOWN_LOT_REASONS,
    ...SHORT_REASONS,
    ...WEIGHT_REASONS,
  ]),
];

/** The box's weight as the finish took it, kept with the pack record. */
export interface PackWeighing {
  /** The stable weight on the scale, in grams. */
  grams: number;
  /** What the box should weigh (contents + tare); null when a product has no weight. */
  expectedGrams: number | null;
  /** The products without a weight, when the expectation is unknown. */
  unweighed: string[];
  /** The box type taken for the tare, and its tare. */
  box: string | null;
  tareGrams: number;
  /** Weighed minus expected, and how far off it may be; null without an expectation. */
  differenceGrams: number | null;
  allowedGrams: number | null;
  /** The packer's reason for a box outside the tolerance. */
  override: { reason: WeightReason; text: string | null } | null;
}

/** A lot's standing against today and the expiry warning threshold. */
export type LotState = 'expired' | 'expiring' | 'ok' | 'unknown';

/** One lot of a batch-controlled product in the order's warehouse, as the inventory said. */
export interface LotOption {
  lot: string;
  /** YYYY-MM-DD, or null when the inventory gave none. */
  expiry: string | null;
  /** Units the inventory said were available, less what this pack already took from it. */
  available: number;
  state: LotState;
  /** The lot first-expiry-first-out says should go next (not expired, with stock). */
  fefo: boolean;
}

/** One line of the order as the checklist shows it. */
export interface PackLine {
  sku: string;
  /** The product's name; null when the service did not know it (or could not be asked). */
  name: string | null;
  /** The product's barcode as the service gave it. */
  barcode: string | null;
  expected: number;
  scanned: number;
  batchControlled: boolean;
  weightKg: number | null;
  /** Lots recorded so far for this line, in the order first scanned. */
  lots: { lot: string; expiry: string | null; quantity: number; state: LotState }[];
}

/** An override the packer gave a reason for. */
export interface PackOverride {
  kind: 'not_fefo' | 'unknown_lot' | 'short';
  reason: OverrideReason;
  /** The packer's own words ("other", or anything added). */
  text: string | null;
}

/** One counted scan (a case counts its quantity at once). */
export interface PackUnit {
  seq: number;
  at: number;
  sku: string;
  quantity: number;
  /** The scan as the wedge typed it (ASCII 29 kept). */
  code: string;
  identifiedBy: IdentifiedBy;
  lot: string | null;
  expiry: string | null;
  lotState: LotState | null;
  override: PackOverride | null;
}

/** A sentence for the packer, with its tone and the sound it plays. */
export interface PackVerdict {
  tone: 'ok' | 'warning' | 'error';
  messageKey: MessageKey;
  params: Record<string, string | number>;
  /** Increments with every verdict, so the window plays a sound once per scan. */
  serial: number;
}

/** What waits on the packer before the next unit counts. */
export type PackPrompt =
  /** A mistake: the screen is red and locked until acknowledged (Enter or the ack barcode). */
  | { kind: 'lock'; verdict: PackVerdict }
  /** A plain barcode on a batch-controlled product: which lot is it? Earliest expiry first. */
  | { kind: 'lot'; sku: string; code: string; quantity: number; options: LotOption[] }
  /** A lot that needs a reason: not the first-expiring one, or unknown to the inventory. */
  | {
      kind: 'reason';
      why: 'not_fefo' | 'unknown_lot';
      sku: string;
      lot: string;
      expiry: string | null;
      /** The lot FEFO wanted, when there is one. */
      fefo: { lot: string; expiry: string | null } | null;
      reasons: readonly OverrideReason[];
    };

export type PackStatus = 'open' | 'finished' | 'short';

/** Settings → Packing, kept per station in pack.json. */
export const packSettingsSchema = z.object({
  /** Finish by itself when the last unit is counted; otherwise Enter finishes. */
  autoFinish: z.boolean(),
  /** Set the order's status to `packed` through the outbox when a pack finishes. */
  markPacked: z.boolean(),
  /** Print the order's label through the print queue when a pack finishes. */
  printLabel: z.boolean(),
  /** Print the packing slip on the document printer when a pack finishes (after the label). */
  printSlip: z.boolean().default(false),
  /** Print the order's delivered invoice on the document printer when a pack finishes. */
  printInvoice: z.boolean().default(false),
  /** A barcode that acknowledges a locked screen, as Enter does (null: Enter only). */
  ackCode: z.string().trim().min(1).max(64).nullable(),
});
export type PackSettings = z.output<typeof packSettingsSchema>;

export const DEFAULT_PACK_SETTINGS: PackSettings = {
  autoFinish: true,
  markPacked: true,
  printLabel: false,
  printSlip: false,
  printInvoice: false,
  ackCode: null,
};

/** A local barcode alias: a case or multi-pack code that counts `quantity` units of `sku`. */
export const barcodeAliasSchema = z.object({
  alias: z
    .string()
    .trim()
    .min(1)
    .max(64)
    .regex(/^[\x21-\x7e]+$/, 'is not printable ASCII without spaces'),
  sku: z.string().trim().min(1).max(64),
  quantity: z.number().int().min(1).max(10_000),
});
export type BarcodeAlias = z.output<typeof barcodeAliasSchema>;

/** What the finish did besides committing the record; each part may fail on its own. */
export interface PackFinishOutcome {
  /** The outbox job that marks the order packed (null: the setting is off). */
  statusJobId: string | null;
  /** The print job of the label (null: not asked, or no label to print). */
  printJobId: string | null;
  /** Why the label did not print, when asked and it could not. */
  printProblem: MessageKey | null;
  /** The slip and the invoice, when the settings asked for them, in the order they print. */
  documents: PackDocumentView[];
}

/** The pack as the window shows it. */
export interface PackView {
  id: string;
  orderId: string;
  warehouse: string;
  /** This computer's name and the packer's account, as the record keeps them. */
  station: string;
  packer: string;
  /** The order's notes; they must be acknowledged once before the first unit counts. */
  notes: string | null;
  notesAcknowledged: boolean;
  lines: PackLine[];
  /** The newest counted scans (the lines hold every count). */
  units: PackUnit[];
  /** Counted scans that carry an override (a reason), in the whole pack. */
  overrides: number;
  prompt: PackPrompt | null;
  /** The newest verdict (the card's banner). */
  verdict: PackVerdict | null;
  status: PackStatus;
  /** Every line complete (finish is possible without a reason). */
  complete: boolean;
  /** SKUs whose lots could not be read when the order opened (FEFO not checked for them). */
  lotsUnread: string[];
  startedAt: number;
  finishedAt: number | null;
  finish: PackFinishOutcome | null;
  /** The box's weight as the finish took it (a station with a scale). */
  weighing: PackWeighing | null;
  settings: PackSettings;
}

/** The packer's answer to what the pack asked. */
export type PackAnswer =
  | { kind: 'acknowledge' }
  | { kind: 'notes' }
  | { kind: 'lot'; lot: string }
  | { kind: 'reason'; reason: OverrideReason; text?: string }
  | { kind: 'cancel' };
