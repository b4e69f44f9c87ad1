// The parameter lists of the graphic-data commands: ^GF (draw now), ~DG (store), ^XG / ^IM /
// ^IL (recall). Parameters arrive as raw text, one character per byte (latin1); the data part
// keeps every character, commas included.
import type { Bitmap } from '../bitmap.ts';
import { decodeGraphicData, type GraphicCompression, type GraphicData } from './graphic-data.ts';
import { intParam, parseObjectName, splitParams, type RawParams } from './params.ts';

/** Splits off the first `count` comma-separated fields; the rest is the data, untouched. */
function fieldsThenData(
  raw: string,
  count: number,
): { fields: string[]; data: string | undefined } {
  const fields: string[] = [];
  let from = 0;
  for (let i = 0; i < count; i++) {
    const comma = raw.indexOf(',', from);
    if (comma < 0) {
      fields.push(raw.slice(from));
      return { fields, data: undefined };
    }
    fields.push(raw.slice(from, comma));
    from = comma + 1;
  }
  return { fields, data: raw.slice(from) };
}

/**
 * A count the command cannot do without (^GF b, c, d; ~DG t, w): the guide says the command is
 * ignored when one is missing, so this returns undefined (and warns) rather than a default.
 */
function requiredCount(
  raw: string | undefined,
  label: string,
  warnings: string[],
): number | undefined {
  if (raw === undefined || raw.trim() === '') {
    warnings.push(`${label} is missing; the command is ignored`);
    return undefined;
  }
  const match = /^\s*(\d+)\s*$/.exec(raw);
  const value = match ? Number(match[1]) : Number.NaN;
  if (!Number.isSafeInteger(value) || value < 1) {
    warnings.push(`${label} "${raw}" is not a whole number from 1; the command is ignored`);
    return undefined;
  }
  return value;
}

export interface ParsedGraphicField {
  /** Undefined when the command is ignored (a required count missing or unusable). */
  graphic: GraphicData | undefined;
  warnings: string[];
}

/**
 * ^GFa,b,c,d,data. a: A (default), B or C. b, c and d are required (the guide: "command is
 * ignored if a value is not specified"). The guide's 99999 ceiling is not applied to c and d:
 * whole-label images are bigger and print.
 */
export function parseGraphicField(raw: string): ParsedGraphicField {
  const warnings: string[] = [];
  const { fields, data } = fieldsThenData(raw, 4);
  let compression: GraphicCompression = 'A';
  const a = (fields[0] ?? '').trim();
  if (a === 'A' || a === 'B' || a === 'C') compression = a;
  else if (a !== '') warnings.push(`^GF compression type "${a}" is not A, B or C; A is used`);
  const b = requiredCount(fields[1], '^GF binary byte count', warnings);
  const c = requiredCount(fields[2], '^GF graphic field count', warnings);
  const d = requiredCount(fields[3], '^GF bytes per row', warnings);
  if (b === undefined || c === undefined || d === undefined)
    return { graphic: undefined, warnings };
  return {
    graphic: {
      compression,
      binaryByteCount: b,
      graphicFieldCount: c,
      bytesPerRow: d,
      data: data ?? '',
    },
    warnings,
  };
}

/**
 * For the tokenizer: ^GFB (and C) data is "strictly binary … all control prefixes are ignored
 * until the total number of bytes … is sent", so after ^GF's fourth comma it must take exactly
 * this many raw bytes instead of stopping at the next ^ or ~. `header` is the text after "GF"
 * up to and including the fourth comma; undefined means "ASCII data, read as usual".
 */
export function graphicFieldBinaryLength(header: string): number | undefined {
  const { fields, data } = fieldsThenData(header, 4);
  if (data === undefined) return undefined;
  const type = (fields[0] ?? '').trim();
  if (type !== 'B' && type !== 'C') return undefined;
  const match = /^\s*(\d+)\s*$/.exec(fields[1] ?? '');
  return match ? Number(match[1]) : undefined;
}

export interface DecodedGraphicField {
  /** Undefined when the command is ignored. */
  bitmap: Bitmap | undefined;
  warnings: string[];
}

/** ^GF parameters to the image it draws (1 = black), with every warning on the way. */
export function decodeGraphicField(raw: string): DecodedGraphicField {
  const parsed = parseGraphicField(raw);
  if (!parsed.graphic) return { bitmap: undefined, warnings: parsed.warnings };
  const decoded = decodeGraphicData(parsed.graphic);
  return { bitmap: decoded.bitmap, warnings: [...parsed.warnings, ...decoded.warnings] };
}

export interface ParsedDownloadGraphic {
  /** Where the graphic is stored: device letter (R: when not given), name and extension (GRF). */
  device: string;
  name: string;
  extension: string;
  /** Undefined when the command is ignored. */
  graphic: GraphicData | undefined;
  warnings: string[];
}

/**
 * ~DGd:o.x,t,w,data: device (default R:), name (default UNKNOWN), .GRF, total bytes, bytes
 * per row, then ASCII hex data (plain, compressed or ZB64, as for ^GFA).
 */
export function parseDownloadGraphic(raw: string): ParsedDownloadGraphic {
  const warnings: string[] = [];
  const { fields, data } = fieldsThenData(raw, 3);
  const object = parseObjectName(fields[0], 'GRF', '~DG', warnings);
  const t = requiredCount(fields[1], '~DG total bytes', warnings);
  const w = requiredCount(fields[2], '~DG bytes per row', warnings);
  const graphic: GraphicData | undefined =
    t === undefined || w === undefined
      ? undefined
      : {
          compression: 'A',
          binaryByteCount: t,
          graphicFieldCount: t,
          bytesPerRow: w,
          data: data ?? '',
        };
  return {
    device: object.device ?? 'R',
    name: object.name,
    extension: object.extension,
    graphic,
    warnings,
  };
}

export interface DecodedDownloadGraphic {
  device: string;
  name: string;
  extension: string;
  /** Undefined when the command is ignored. */
  bitmap: Bitmap | undefined;
  warnings: string[];
}

/** ~DG parameters to the stored name and the image (1 = black). */
export function decodeDownloadGraphic(raw: string): DecodedDownloadGraphic {
  const parsed = parseDownloadGraphic(raw);
  const { device, name, extension } = parsed;
  if (!parsed.graphic)
    return { device, name, extension, bitmap: undefined, warnings: parsed.warnings };
  const decoded = decodeGraphicData(parsed.graphic);
  return {
    device,
    name,
    extension,
    bitmap: decoded.bitmap,
    warnings: [...parsed.warnings, ...decoded.warnings],
  };
}

export interface RecallGraphic {
  /** Undefined: not given, search R:, E:, B:, A: in that order (the guide's ^XG default). */
  device: string | undefined;
  name: string;
  extension: string;
  /** Magnification along x and y, 1 to 10. */
  magnificationX: number;
  magnificationY: number;
  warnings: string[];
}

/** ^XGd:o.x,mx,my — recall a stored graphic, magnified 1–10× on each axis (default 1). */
export function parseRecallGraphic(params: RawParams): RecallGraphic {
  const warnings: string[] = [];
  const [name, mx, my] = splitParams(params);
  const object = parseObjectName(name, 'GRF', '^XG', warnings);
  const magnificationX = intParam(
    mx,
    1,
    { label: '^XG x magnification', min: 1, max: 10 },
    warnings,
  );
  const magnificationY = intParam(
    my,
    1,
    { label: '^XG y magnification', min: 1, max: 10 },
    warnings,
  );
  return { ...object, magnificationX, magnificationY, warnings };
}

export interface StoredImageName {
  device: string | undefined;
  name: string;
  extension: string;
  warnings: string[];
}

/** ^IMd:o.x and ^ILd:o.x (and ^ISd:o.x): the image's name; .GRF is the only extension. */
export function parseImageName(params: RawParams, command: '^IM' | '^IL' | '^IS'): StoredImageName {
  const warnings: string[] = [];
  const [name] = splitParams(params);
  return { ...parseObjectName(name, 'GRF', command, warnings), warnings };
}
