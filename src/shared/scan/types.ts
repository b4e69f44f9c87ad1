import type { MessageKey } from '../i18n/message-key.ts';

export type ScanKind = 'gs1' | 'gtin' | 'text';
export type Symbology =
  'GS1-128' | 'GS1 DataMatrix' | 'GS1 QR' | 'GS1 DataBar' | 'EAN-13' | 'EAN-8';

/** A refusal: one sentence of the `scan.*` catalogue section and what it names. */
export interface ScanError {
  messageKey: MessageKey;
  params: Record<string, string | number>;
}

export interface ParsedScan {
  /** Exactly as received. */
  input: string;
  kind: ScanKind;
  /** From the AIM identifier when there is one. */
  symbology: Symbology | null;
  /** Always 14 digits (UPC-A, EAN-13, EAN-8, GTIN-14 normalised), check digit verified. */
  gtin: string | null;
  /** AI 10. */
  lot: string | null;
  /** AI 17 as YYYY-MM-DD (day 00 = the month's last day). */
  expiry: string | null;
  /** AI 21. */
  serial: string | null;
  /** 310n (kg) / 320n (lb), n = decimals. */
  netWeight: { value: number; unit: 'kg' | 'lb' } | null;
  /** Every AI with its raw value, keyed by the AI ("01", "10", "3103", ...). */
  ais: Record<string, string>;
  error: ScanError | null;
}

export interface ParseOptions {
  /** Epoch ms; the GS1 two-digit-year sliding window is relative to this instant's year. */
  now: number;
}
