/** A whole-number parameter, or undefined when it is empty or not a number. */
export function int(raw: string | undefined): number | undefined {
  if (raw === undefined) return undefined;
  const text = raw.trim();
  if (text === '') return undefined;
  const value = Number.parseInt(text, 10);
  return Number.isFinite(value) ? value : undefined;
}

/**
 * A field position (^FO, ^FT): read leniently, as Labelary does, from the first number in the
 * parameter ("B50" is 50), so a stray letter does not send the field to the label's edge.
 */
export function position(raw: string | undefined): number | undefined {
  const plain = int(raw);
  if (plain !== undefined || raw === undefined) return plain;
  const match = /[+-]?\d+/.exec(raw);
  return match ? Number.parseInt(match[0], 10) : undefined;
}

/** A decimal parameter (^BY's ratio), or undefined. */
export function decimal(raw: string | undefined): number | undefined {
  if (raw === undefined) return undefined;
  const text = raw.trim();
  if (text === '') return undefined;
  const value = Number.parseFloat(text);
  return Number.isFinite(value) ? value : undefined;
}

/** Y/N parameters: undefined when empty, so the command's own default applies. */
export function yesNo(raw: string | undefined): boolean | undefined {
  const text = raw?.trim().toUpperCase() ?? '';
  if (text === 'Y') return true;
  if (text === 'N') return false;
  return undefined;
}

export const clamp = (value: number, min: number, max: number): number =>
  Math.min(max, Math.max(min, value));
