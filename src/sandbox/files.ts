import { createHash } from 'node:crypto';
import type { LabelFormat } from '../shared/api/types.ts';

export const sha256 = (data: Uint8Array | string): string =>
  createHash('sha256').update(data).digest('hex');

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** PDF readers accept the header anywhere in the first KiB; so do we. */
export const looksLikePdf = (data: Buffer): boolean => data.subarray(0, 1024).includes('%PDF-');

export const looksLikePng = (data: Buffer): boolean => data.subarray(0, 8).equals(PNG_SIGNATURE);

export function labelFormatFromName(fileName: string): LabelFormat | null {
  const ext = fileName.toLowerCase().split('.').pop() ?? '';
  if (['zpl', 'prn', 'txt'].includes(ext)) return 'zpl';
  if (ext === 'pdf') return 'pdf';
  if (ext === 'png') return 'png';
  return null;
}

export function sniffLabelFormat(data: Buffer): LabelFormat | null {
  if (looksLikePdf(data)) return 'pdf';
  if (looksLikePng(data)) return 'png';
  if (/\^XA/i.test(data.subarray(0, 64 * 1024).toString('latin1'))) return 'zpl';
  return null;
}
