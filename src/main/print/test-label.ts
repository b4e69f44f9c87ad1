// The test label (issue #20: Settings → Printers → Test print, and `printer test`): which
// station printed it, when, and what the printer said of itself just before — so the label
// in the operator's hand proves the whole path, from this computer to that printer.
import { hostname } from 'node:os';
import { describeStatus, type PrinterStatus } from './status.ts';

export interface TestLabelInput {
  /** Default: this computer's host name. */
  station?: string;
  /** The printer target as given (tcp://… or cups:…). */
  target: string;
  status: PrinterStatus;
  at: Date;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** Local date and time with its UTC offset: "2025-03-14 09:26:53 +01:00". */
export function stationTime(at: Date): string {
  const offset = -at.getTimezoneOffset();
  const sign = offset < 0 ? '-' : '+';
  const abs = Math.abs(offset);
  return (
    `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())} ` +
    `${pad(at.getHours())}:${pad(at.getMinutes())}:${pad(at.getSeconds())} ` +
    `${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`
  );
}

/**
 * Field data through ^FH: "^", "~" and "_" (the hex escape itself) and every non-ASCII byte
 * of the UTF-8 text become _XX, so a station called "Pack^1" or "Bühne" cannot end the field
 * or start a command. ^CI28 tells the printer the bytes are UTF-8.
 */
export function fieldHex(text: string): string {
  let out = '';
  for (const byte of new TextEncoder().encode(text)) {
    const safe = byte >= 0x20 && byte < 0x7f && byte !== 0x5e && byte !== 0x7e && byte !== 0x5f;
    out += safe
      ? String.fromCharCode(byte)
      : `_${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

export function testLabelZpl({ station = hostname(), target, status, at }: TestLabelInput): string {
  const lines = [
    ['Station', station],
    ['Printed', stationTime(at)],
    ['Printer', target],
    ['Status', describeStatus(status)],
  ];
  const fields = lines.map(
    ([label, value], i) =>
      `^FO40,${150 + i * 60}^A0N,34,34^FB730,1,0,L^FH_^FD${fieldHex(`${label}: ${value}`)}^FS`,
  );
  return [
    '^XA',
    '^CI28',
    '^PW812',
    '^FO40,40^A0N,56,56^FDPackbench test label^FS',
    '^FO40,110^GB730,3,3^FS',
    ...fields,
    `^FO40,${150 + lines.length * 60 + 10}^GB730,3,3^FS`,
    '^XZ',
    '',
  ].join('\n');
}
