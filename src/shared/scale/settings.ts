// A station's scale settings (scale.json in its data folder) and what the window is shown of the
// scale, live. Saved per station: each bench has its own scale, on its own port.
import { z } from 'zod';
import {
  SCALE_PARITIES,
  SCALE_PROTOCOLS,
  SCALE_UNITS,
  SERIAL_DEFAULTS,
  type ScaleReading,
} from './types.ts';

export const boxTypeSchema = z.object({
  name: z.string().trim().min(1).max(40),
  /** The empty box's weight, with its filler. */
  tareGrams: z.number().min(0).max(100_000),
});
export type BoxType = z.output<typeof boxTypeSchema>;

export const scaleSettingsSchema = z
  .object({
    /** `serial:PATH` or `hid:VID:PID[:SERIAL]`, as `npm run scale` takes it; null: no scale. */
    device: z
      .string()
      .trim()
      .max(300)
      .regex(/^(serial:.+|hid:[0-9a-fA-F]{1,4}:[0-9a-fA-F]{1,4}(:.+)?)$/)
      .nullable(),
    protocol: z.enum(SCALE_PROTOCOLS),
    serial: z.object({
      baudRate: z.number().int().min(110).max(921_600),
      dataBits: z.union([z.literal(7), z.literal(8)]),
      parity: z.enum(SCALE_PARITIES),
      stopBits: z.union([z.literal(1), z.literal(2)]),
    }),
    /** The unit the station shows weights in (the scale's own is converted). */
    unit: z.enum(SCALE_UNITS),
    boxes: z.array(boxTypeSchema).max(50),
    /** The box taken when the packer picks none (its name); null: no tare. */
    defaultBox: z.string().max(40).nullable(),
    /** A finish is held when the weight is off by more than max(grams, percent of expected). */
    tolerance: z.object({
      grams: z.number().min(0).max(100_000),
      percent: z.number().min(0).max(100),
    }),
  })
  .refine((s) => s.device === null || s.device.startsWith('hid:') === (s.protocol === 'hid'), {
    message: 'a hid: device speaks hid, a serial: device sics or nci',
    path: ['protocol'],
  })
  .refine((s) => s.defaultBox === null || s.boxes.some((box) => box.name === s.defaultBox), {
    message: 'is not one of the box types',
    path: ['defaultBox'],
  })
  .refine((s) => new Set(s.boxes.map((box) => box.name)).size === s.boxes.length, {
    message: 'has two box types of one name',
    path: ['boxes'],
  });
export type ScaleSettings = z.output<typeof scaleSettingsSchema>;

export const DEFAULT_SCALE_SETTINGS: ScaleSettings = {
  device: null,
  protocol: 'nci',
  serial: SERIAL_DEFAULTS.nci,
  unit: 'kg',
  boxes: [],
  defaultBox: null,
  tolerance: { grams: 20, percent: 2 },
};

/** Where the scale stands, for the status bar and the card. */
export type ScaleState =
  /** No scale set up: the station works as without one. */
  | 'off'
  | 'connecting'
  | 'reading'
  /** Open, but no answer to the last requests. */
  | 'silent'
  /** The port or device went away; the station tries again by itself. */
  | 'unplugged';

export interface ScaleView {
  state: ScaleState;
  device: string | null;
  /** The newest reading (null before the first, and while off or unplugged). */
  reading: ScaleReading | null;
  /** The reading is a weight to take: stable for the hold time. */
  stable: boolean;
  /** A weight was taken: the scale must show zero before the next. */
  needsZero: boolean;
}
