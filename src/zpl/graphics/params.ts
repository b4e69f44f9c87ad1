// Reading the parameters of the graphics commands. The tokenizer may hand them over as the raw
// text after the command name or already split at the commas; both work here. An empty
// parameter means "use the default", as everywhere in ZPL.

/** A command's parameters: the raw text after its name, or that text split at the commas. */
export type RawParams = string | readonly (string | undefined)[];

/** One parameter each, empty ones as undefined. */
export function splitParams(params: RawParams): (string | undefined)[] {
  const list = typeof params === 'string' ? params.split(',') : [...params];
  return list.map((p) => (p === undefined || p.trim() === '' ? undefined : p));
}

export interface IntRule {
  /** How the warnings name the parameter, e.g. "^GB width". */
  label: string;
  min: number;
  max: number;
  /** Below `min` silently becomes `min` (^GB's "value of t to 32000": 0 is the line idiom). */
  quietBelowMin?: boolean;
}

/**
 * A whole-number parameter, clamped to the rule's range. Printers read the leading digits and
 * ignore the rest (`12.5` is 12); text that starts with no digit at all leaves the default.
 */
export function intParam(
  raw: string | undefined,
  fallback: number,
  rule: IntRule,
  warnings: string[],
): number {
  if (raw === undefined) return fallback;
  const match = /^\s*([+-]?)(\d+)/.exec(raw);
  if (!match) {
    warnings.push(`${rule.label} "${raw}" is not a number; ${fallback} is used`);
    return fallback;
  }
  const digits = match[2] ?? '0';
  // Long digit strings are clamped anyway; cap them before they lose precision.
  let value = digits.length > 9 ? 999_999_999 : Number(digits);
  if (match[1] === '-') value = -value;
  if (raw.trim() !== match[0].trim()) {
    warnings.push(`${rule.label} "${raw}" is not a whole number; ${value} is used`);
  }
  if (value < rule.min) {
    if (!rule.quietBelowMin) {
      warnings.push(`${rule.label} ${value} is below ${rule.min}; ${rule.min} is used`);
    }
    return rule.min;
  }
  if (value > rule.max) {
    warnings.push(`${rule.label} ${value} is above ${rule.max}; ${rule.max} is used`);
    return rule.max;
  }
  return value;
}

/** A one-letter choice; anything else warns and leaves the default. */
export function choiceParam<T extends string>(
  raw: string | undefined,
  choices: Readonly<Record<string, T>>,
  fallback: T,
  label: string,
  warnings: string[],
): T {
  if (raw === undefined) return fallback;
  const key = raw.trim();
  const value = Object.hasOwn(choices, key) ? choices[key] : undefined;
  if (value === undefined) {
    warnings.push(
      `${label} "${raw}" is not one of ${Object.keys(choices).join(', ')}; ${fallback} is used`,
    );
    return fallback;
  }
  return value;
}

/** Stored-object names, `d:o.x` (device, name, extension), as ~DG, ^XG, ^IL and ^IM write them. */
export interface ObjectName {
  /** `R`, `E`, `B`, `A`… without the colon; undefined when the command gave none. */
  device: string | undefined;
  name: string;
  extension: string;
}

/**
 * Splits `d:o.x`. The guide's defaults: no name is UNKNOWN; the extension of a graphic is
 * fixed (.GRF), and a different one is replaced, with a warning, since the printer stores the
 * object as .GRF whatever was written.
 */
export function parseObjectName(
  raw: string | undefined,
  fixedExtension: string,
  label: string,
  warnings: string[],
): ObjectName {
  let text = (raw ?? '').trim();
  let device: string | undefined;
  const colon = /^([A-Za-z]):/.exec(text);
  if (colon) {
    device = (colon[1] ?? '').toUpperCase();
    text = text.slice(2);
  }
  let name = text;
  const dot = text.lastIndexOf('.');
  if (dot >= 0) {
    name = text.slice(0, dot);
    const extension = text.slice(dot + 1);
    if (extension.toUpperCase() !== fixedExtension) {
      warnings.push(
        `${label} extension ".${extension}" is not .${fixedExtension}; .${fixedExtension} is used`,
      );
    }
  }
  if (name === '') name = 'UNKNOWN';
  return { device, name, extension: fixedExtension };
}
