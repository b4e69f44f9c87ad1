// A GS1 element string (what follows the symbology identifier) → its elements, each checked
// against the AI table: length, character set, check digit, date. Two written forms: the
// transmitted one, where a group separator (ASCII 29) ends every element that is not of
// predefined length, and the human-readable one, "(01)…(17)…(10)…", where the parentheses do.
import { AI_TABLE, aiAt, type AiDefinition, type Component } from './ai-table.ts';
import { isoDate, validClock } from './dates.ts';
import { gtinCheckDigitValid } from './gtin.ts';
import type { ScanError } from './types.ts';

export const GS = '\u001d';

export interface Element {
  ai: string;
  value: string;
}

export type ElementsResult =
  { ais: Record<string, string>; error: null } | { ais: null; error: ScanError };

/** CSET 82, the GS1 character set of alphanumeric fields: no space, no #, $, @, [, \, ]… */
const CSET_82 = /^[!"%-?A-Z_a-z]*$/;
/** An AI as the human-readable form writes it. */
const HRI_AI = /\((\d{2,4})\)/g;

const refuse = (error: ScanError): ElementsResult => ({ ais: null, error });

const unknownAi = (at: string): ScanError => ({
  messageKey: 'scan.unknownAi',
  params: { ai: at.split(GS)[0]?.slice(0, 4) ?? '' },
});

/** A character named so a person can tell it apart: printable ones quoted, all by code point. */
export function describeCharacter(ch: string): string {
  const code = `U+${(ch.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`;
  return /^[!-~]$/.test(ch) ? `"${ch}" (${code})` : code;
}

/** Elements as transmitted: predefined-length AIs by their length, the others up to a GS. */
function splitTransmitted(data: string): Element[] | ScanError {
  const elements: Element[] = [];
  let at = 0;
  while (at < data.length) {
    // A GS before the first element (FNC1 in first position) or doubled is no element.
    if (data[at] === GS) {
      at += 1;
      continue;
    }
    const definition = aiAt(data, at);
    if (!definition) return unknownAi(data.slice(at));
    at += definition.ai.length;
    let end = definition.predefined
      ? Math.min(at + definition.maxLength, data.length)
      : data.length;
    const separator = data.indexOf(GS, at);
    // A separator inside a predefined-length field cuts it short; validation says so.
    if (separator >= 0 && separator < end) end = separator;
    elements.push({ ai: definition.ai, value: data.slice(at, end) });
    at = end;
  }
  return elements;
}

/**
 * The human-readable form: every "(digits)" opens an element. A value holding "(" + digits + ")"
 * cannot be told from the next AI in this form, so an unknown AI there is refused, not absorbed.
 * Spaces are dropped: no GS1 value may hold one, and people type them between elements.
 */
function splitHumanReadable(text: string): Element[] | ScanError {
  const data = text.replace(/ /g, '');
  const marks = [...data.matchAll(HRI_AI)];
  if (marks[0]?.index !== 0) return unknownAi(data);
  const elements: Element[] = [];
  for (const [i, mark] of marks.entries()) {
    const ai = mark[1] ?? '';
    if (!AI_TABLE.has(ai)) return unknownAi(ai);
    const start = mark.index + mark[0].length;
    elements.push({ ai, value: data.slice(start, marks[i + 1]?.index ?? data.length) });
  }
  return elements;
}

/** The value cut into the AI's components, or the length refusal. */
function components(definition: AiDefinition, value: string): [Component, string][] | ScanError {
  const { ai, minLength, maxLength } = definition;
  const got = value.length;
  if (got < minLength)
    return minLength === maxLength
      ? { messageKey: 'scan.truncated', params: { ai, got, length: minLength } }
      : { messageKey: 'scan.tooShort', params: { ai, got, length: minLength } };
  if (got > maxLength)
    return { messageKey: 'scan.tooLong', params: { ai, length: got, max: maxLength } };
  const pieces: [Component, string][] = [];
  let at = 0;
  for (const component of definition.components) {
    const rest = got - at;
    // An optional fixed part ("[N6]") is there whole or not at all.
    if (!component.variable && component.min === 0 && rest > 0 && rest < component.max)
      return { messageKey: 'scan.truncated', params: { ai, got, length: at + component.max } };
    const take = component.variable ? rest : Math.min(component.max, rest);
    pieces.push([component, value.slice(at, at + take)]);
    at += take;
  }
  return pieces;
}

/** Why an element cannot be accepted, or null: length, then characters, then its checks. */
export function checkElement(element: Element, now: number): ScanError | null {
  const definition = AI_TABLE.get(element.ai);
  if (!definition) return unknownAi(element.ai);
  const { ai, value } = element;
  const pieces = components(definition, value);
  if (!Array.isArray(pieces)) return pieces;
  for (const [component, piece] of pieces) {
    const allowed = component.cset === 'N' ? /^\d$/ : CSET_82;
    const bad = [...piece].find((ch) => !allowed.test(ch));
    if (bad !== undefined)
      return {
        messageKey: 'scan.invalidCharacter',
        params: { ai, character: describeCharacter(bad) },
      };
  }
  const impossible: ScanError = { messageKey: 'scan.impossibleDate', params: { ai, value } };
  for (const [component, piece] of pieces) {
    if (piece === '') continue;
    for (const check of component.checks) {
      if (check === 'csum' && !gtinCheckDigitValid(piece))
        return { messageKey: 'scan.badCheckDigit', params: { code: piece } };
      if (check === 'yymmd0' && !isoDate(piece, now, true)) return impossible;
      if (check === 'yymmdd' && !isoDate(piece, now, false)) return impossible;
      if (
        check === 'yymmddhh' &&
        !(isoDate(piece.slice(0, 6), now, false) && validClock(piece.slice(6), [23], false))
      )
        return impossible;
      if (check === 'hhmm' && !validClock(piece, [23, 59], false)) return impossible;
      if (check === 'mmoptss' && !validClock(piece, [59, 59], true)) return impossible;
    }
  }
  return null;
}

/** Whether `data` reads as the human-readable form: it opens with a parenthesised AI we know. */
export function isHumanReadable(data: string): boolean {
  const m = /^\((\d{2,4})\)/.exec(data.replace(/^ +/, ''));
  return m !== null && AI_TABLE.has(m[1] ?? '');
}

/** Every element of `data` checked, keyed by AI; the first refusal otherwise. */
export function readElementString(data: string, now: number): ElementsResult {
  // Inside a GS1 carrier, any "(digits)" opening says the human-readable form was meant.
  const elements = /^ *\(\d{2,4}\)/.test(data) ? splitHumanReadable(data) : splitTransmitted(data);
  if (!Array.isArray(elements)) return refuse(elements);
  if (elements.length === 0) return refuse({ messageKey: 'scan.empty', params: {} });
  const ais: Record<string, string> = {};
  for (const element of elements) {
    const error = checkElement(element, now);
    if (error) return refuse(error);
    const seen = ais[element.ai];
    // The same AI twice is harmless when it says the same thing; otherwise which one is meant?
    if (seen !== undefined && seen !== element.value)
      return refuse({ messageKey: 'scan.duplicateAi', params: { ai: element.ai } });
    ais[element.ai] = element.value;
  }
  return { ais, error: null };
}
