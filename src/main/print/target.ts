// Where a label goes, parsed and validated in one place (issue #20): the command line, the
// Settings screen and the print queue all read a target through parseTarget, so a string that
// one of them accepts the others accept too.
//
//   tcp://host[:port]  a raw socket to the printer, port 9100 (Zebra's raw port) by default
//   cups:QUEUE         a CUPS queue: labels with `lp -d QUEUE -o raw`, documents through the
//                      queue's driver (CUPS_SERVER honoured)
//   windows:PRINTER    a Windows printer by the name Windows shows (documents only, issue #30)
import { isIPv4, isIPv6 } from 'node:net';
import { PrintError } from './errors.ts';

export const DEFAULT_RAW_PORT = 9100;

export type PrinterTarget =
  | { kind: 'tcp'; host: string; port: number }
  | { kind: 'cups'; queue: string }
  | { kind: 'windows'; printer: string };

/** Why a target string was refused; stable, for translated sentences in the app. */
export type TargetErrorCode =
  | 'target-empty'
  | 'target-scheme'
  | 'target-host'
  | 'target-port'
  | 'target-extra'
  | 'target-queue'
  | 'target-printer';

export type TargetParse =
  { ok: true; target: PrinterTarget } | { ok: false; code: TargetErrorCode; message: string };

const FORMS = 'use tcp://HOST[:PORT], cups:QUEUE or windows:PRINTER';

// RFC 1123 host names: dot-separated labels of letters, digits and inner hyphens.
const HOST_NAME =
  /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*\.?$/i;
// CUPS itself allows more in a queue name, but these are the names lpadmin users pick and
// the ones that survive every shell, URL and file name they end up in; a leading "-" would
// read as an option to lp.
const QUEUE_NAME = /^[A-Za-z0-9_][A-Za-z0-9_.-]{0,126}$/;
// Windows printer names: up to 220 characters, spaces allowed, never a comma or "!" (the
// spooler refuses them); a shared printer reads \\SERVER\NAME. Control characters would
// reach PowerShell, so they are refused too.
const WINDOWS_PRINTER = /^[^\s,!\p{Cc}][^,!\p{Cc}]{0,219}$/u;

const refuse = (code: TargetErrorCode, message: string): TargetParse => ({
  ok: false,
  code,
  message,
});

export function parseTarget(text: string): TargetParse {
  const input = text.trim();
  if (input === '') return refuse('target-empty', `No printer given: ${FORMS}.`);

  if (/^cups:/i.test(input)) {
    const queue = input.slice('cups:'.length);
    if (!QUEUE_NAME.test(queue))
      return refuse(
        'target-queue',
        `"${input}" does not name a CUPS queue: after cups: put the queue's name ` +
          `(letters, digits, "_", "-" or ".", as lpstat -v lists it).`,
      );
    return { ok: true, target: { kind: 'cups', queue } };
  }

  if (/^windows:/i.test(input)) {
    const printer = input.slice('windows:'.length);
    if (!WINDOWS_PRINTER.test(printer))
      return refuse(
        'target-printer',
        `"${input}" does not name a Windows printer: after windows: put the printer's name as ` +
          `Windows shows it (Settings → Printers), without a comma or "!".`,
      );
    return { ok: true, target: { kind: 'windows', printer } };
  }

  if (!/^tcp:\/\//i.test(input))
    return refuse('target-scheme', `"${input}" is not a printer target: ${FORMS}.`);
  const rest = input.slice('tcp://'.length);

  // [IPv6]:port, or host:port, or host alone.
  let host: string;
  let portText: string | undefined;
  const bracketed = /^\[([^\]]*)\](.*)$/.exec(rest);
  if (bracketed) {
    host = bracketed[1] ?? '';
    const after = bracketed[2] ?? '';
    if (after !== '' && !after.startsWith(':'))
      return refuse('target-extra', `"${input}" has something after the address: ${FORMS}.`);
    portText = after === '' ? undefined : after.slice(1);
    if (!isIPv6(host))
      return refuse('target-host', `"${host}" in "${input}" is not an IPv6 address.`);
  } else {
    const colon = rest.indexOf(':');
    host = colon === -1 ? rest : rest.slice(0, colon);
    portText = colon === -1 ? undefined : rest.slice(colon + 1);
    if (/[/?#@]/.test(host) || (portText !== undefined && /[/?#@]/.test(portText)))
      return refuse(
        'target-extra',
        `"${input}" has a path, user or query; a raw printer has none: ${FORMS}.`,
      );
    if (host === '') return refuse('target-host', `"${input}" names no printer host: ${FORMS}.`);
    if (!isIPv4(host) && !HOST_NAME.test(host))
      return refuse('target-host', `"${host}" is neither a host name nor an IP address.`);
  }

  let port = DEFAULT_RAW_PORT;
  if (portText !== undefined) {
    port = /^\d{1,5}$/.test(portText) ? Number(portText) : NaN;
    if (!(port >= 1 && port <= 65535))
      return refuse(
        'target-port',
        `"${portText}" in "${input}" is not a port: give a number from 1 to 65535 (9100 if unsure).`,
      );
  }
  return { ok: true, target: { kind: 'tcp', host: host.toLowerCase(), port } };
}

/** parseTarget for callers that only go on with a good target (the command line). */
export function toTarget(text: string): PrinterTarget {
  const parsed = parseTarget(text);
  if (!parsed.ok) throw new PrintError('bad-target', parsed.message);
  return parsed.target;
}

/** The canonical spelling: what the app stores, logs show and the printer lock is keyed by. */
export function formatTarget(target: PrinterTarget): string {
  if (target.kind === 'cups') return `cups:${target.queue}`;
  if (target.kind === 'windows') return `windows:${target.printer}`;
  const host = isIPv6(target.host) ? `[${target.host}]` : target.host;
  return `tcp://${host}:${target.port}`;
}
