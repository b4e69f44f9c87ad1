// Stored formats (^DF … ^XF): the name a format is filed under, and the values a recalling
// format gives the stored one's ^FN variables. Storing and recalling themselves are the
// interpreter's (they feed commands to it); this is what both sides must agree on.
import { splitParams, type ZplCommand } from '../parse/index.ts';
import { int } from './numbers.ts';

/** A stored object's name as the printer files it: device, name and extension, upper case. */
export function objectKey(raw: string, extension: string): string {
  const text = raw.trim().toUpperCase();
  const colon = text.indexOf(':');
  const device = colon === 1 ? text.slice(0, 1) : 'R';
  const rest = colon === 1 ? text.slice(2) : text;
  const dot = rest.lastIndexOf('.');
  const name = dot >= 0 ? rest.slice(0, dot) : rest;
  // Objects are looked up by name and extension; the device letter only says where they live,
  // and a preview has one memory, so R:, E:, B: and A: are one place here.
  void device;
  return `${name || 'UNKNOWN'}.${dot >= 0 ? rest.slice(dot + 1) || extension : extension}`;
}

/**
 * The ^FN values a format that recalls a stored one (^XF) gives: the data of the fields that
 * name a number without a position. Empty when the format recalls nothing.
 */
export function recalledVariables(commands: readonly ZplCommand[]): Map<number, string> {
  const variables = new Map<number, string>();
  if (!commands.some((c) => c.name === 'XF')) return variables;
  let number: number | null = null;
  let positioned = false;
  for (const c of commands) {
    if (c.name === 'FO' || c.name === 'FT') positioned = true;
    else if (c.name === 'FN') number = int(splitParams(c.params, c.delimiter)[0]) ?? null;
    else if ((c.name === 'FD' || c.name === 'FV') && number !== null && !positioned)
      variables.set(number, c.params);
    else if (c.name === 'FS') {
      number = null;
      positioned = false;
    }
  }
  return variables;
}
