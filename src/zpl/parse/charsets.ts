// Byte → Unicode tables for the single-byte ^CI character sets. Bytes below 0x80 are ASCII
// in every set decoded here; only the upper halves differ, so only those are spelled out.
//
// Sources: Zebra ZPL II Programming Guide, ^CI ("0–12 are Zebra Code Page 850 with specific
// character replacements", 13 = Zebra Code Page 850, 27 = Zebra Code Page 1252) and its
// "Zebra Code Pages" appendix. The appendix charts are pictures of the standard IBM 850 and
// Windows-1252 layouts (Loftware's note on Zebra CP850 confirms © at 0xB8 and ° at 0xF8, as in
// IBM 850), so the standard tables are written out here.
//
// Not here, on purpose: the national replacements of ^CI1–12 (which ASCII positions such as
// 0x23, 0x40, 0x5B–0x5E, 0x7B–0x7E become £, §, Ä…). The guide gives them only as a picture
// ("International Character Sets") that none of our references transcribe, and guessing them
// from other vendors' ISO 646 tables would put wrong letters on labels. Those sets decode as
// ^CI0 and say so (see field-data.ts).

/** IBM/Zebra code page 850, bytes 0x80–0xFF. */
export const CP850_HIGH: string = [
  'ÇüéâäàåçêëèïîìÄÅ',
  'ÉæÆôöòûùÿÖÜø£Ø×ƒ',
  'áíóúñÑªº¿®¬½¼¡«»',
  '░▒▓│┤ÁÂÀ©╣║╗╝¢¥┐',
  '└┴┬├─┼ãÃ╚╔╩╦╠═╬¤',
  'ðÐÊËÈıÍÎÏ┘┌█▄¦Ì▀',
  'ÓßÔÒõÕµþÞÚÛÙýÝ¯´',
  // 0xF0 is a soft hyphen and 0xFF a no-break space: written as escapes so they stay visible.
  '\u00ad±‗¾¶§÷¸°¨·¹³²■\u00a0',
].join('');

/**
 * Windows/Zebra code page 1252, bytes 0x80–0x9F; 0xA0–0xFF equal Latin-1. The five
 * positions 1252 leaves undefined (0x81, 0x8D, 0x8F, 0x90, 0x9D) map to the C1 control of
 * the same number, as the WHATWG decoder does.
 */
export const CP1252_80_9F: string = [
  '\u20ac\u0081\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\u008d\u017d\u008f',
  '\u0090\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\u009d\u017e\u0178',
].join('');

/** What each ^CI value means, for messages ("^CI14 (double-byte Asian) is not supported"). */
export const CHARSET_NAMES: Readonly<Record<number, string>> = {
  0: 'USA 1',
  1: 'USA 2',
  2: 'UK',
  3: 'Holland',
  4: 'Denmark/Norway',
  5: 'Sweden/Finland',
  6: 'Germany',
  7: 'France 1',
  8: 'France 2',
  9: 'Italy',
  10: 'Spain',
  11: 'Miscellaneous',
  12: 'Japan (ASCII with Yen symbol)',
  13: 'Zebra Code Page 850',
  14: 'double-byte Asian encodings',
  15: 'Shift-JIS',
  16: 'EUC-JP and EUC-CN',
  17: 'UCS-2 big-endian (deprecated)',
  24: 'single-byte Asian encoding',
  26: 'multibyte Asian encodings with ASCII transparency',
  27: 'Zebra Code Page 1252',
  28: 'UTF-8',
  29: 'UTF-16 big-endian',
  30: 'UTF-16 little-endian',
  31: 'Zebra Code Page 1250',
  33: 'Code Page 1251',
  34: 'Code Page 1253',
  35: 'Code Page 1254',
  36: 'Code Page 1255',
};

/** One byte of a single-byte set: ASCII below 0x80, the table above it. */
export function cp850Char(byte: number): string {
  return byte < 0x80 ? String.fromCharCode(byte) : (CP850_HIGH[byte - 0x80] ?? '\ufffd');
}

export function cp1252Char(byte: number): string {
  if (byte >= 0x80 && byte < 0xa0) return CP1252_80_9F[byte - 0x80] ?? '\ufffd';
  return String.fromCharCode(byte);
}
