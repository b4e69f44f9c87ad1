// ~HI, Zebra's host identification: which printer model answers and, what matters here, the
// density of its print head. ZPL II Programming Guide, "~HI Host Identification": one string
// "XXXXXX,V1.0.0,dpm,000KB,X" — model, firmware version, dots per millimetre (6, 8, 12 or 24),
// memory, recognisable options. Settings → Printers reads the density from it, so the station
// need not be told twice what the printer already knows.
import { PrintError } from './errors.ts';
import { FrameReader, queryPrinter, type HostStatusOptions } from './host-status.ts';

export interface PrinterIdentity {
  model: string;
  firmware: string;
  dpmm: 6 | 8 | 12 | 24;
}

export function parseHostIdentification(strings: readonly string[]): PrinterIdentity {
  const [model = '', firmware = '', dots = ''] = (strings[0] ?? '').split(',');
  const dpmm = Number(dots.trim());
  if (dpmm !== 6 && dpmm !== 8 && dpmm !== 12 && dpmm !== 24)
    throw new PrintError(
      'bad-reply',
      `The printer's identification does not give its density ("${dots.trim()}" is not 6, 8, 12 or 24 dots per mm).`,
    );
  return { model: model.trim(), firmware: firmware.trim(), dpmm };
}

/** Sends ~HI to host:port and reads the one-string answer. */
export function queryHostIdentification(
  host: string,
  port: number,
  options: HostStatusOptions,
): Promise<PrinterIdentity> {
  return queryPrinter(
    host,
    port,
    '~HI',
    'identification',
    new FrameReader(1, parseHostIdentification),
    options,
  );
}
