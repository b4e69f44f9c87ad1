// The CRC that closes a ZB64 block (`:B64:data:crc`, `:Z64:data:crc`).
//
// The guide (ZB64 Encoding and Compression) only says "four hexadecimal digits representing the
// CRC calculated over the :encoded_data field". The variant printers check is CRC-16/XMODEM:
// CCITT polynomial 0x1021, initial value 0x0000, no reflection, no final xor, over the Base64
// text's bytes as sent. Source: zebrafy issue #17 and PR #18 (a ZD420 silently dropped ZB64
// data checked with the 0xFFFF-initialised "CCITT-FALSE" variant and printed it with XMODEM;
// the PR builds its table from Zebra's CPCL/Link-OS guide, "Calculating the CRC16 Checksum").

const TABLE = ((): Uint16Array => {
  const table = new Uint16Array(256);
  for (let i = 0; i < 256; i++) {
    let crc = i << 8;
    for (let bit = 0; bit < 8; bit++) crc = crc & 0x8000 ? (crc << 1) ^ 0x1021 : crc << 1;
    table[i] = crc & 0xffff;
  }
  return table;
})();

/** CRC-16/XMODEM of the string's character codes (latin1: one byte each) from `start` to `end`. */
export function crc16Xmodem(text: string, start = 0, end = text.length): number {
  let crc = 0;
  for (let i = start; i < end; i++) {
    crc = ((crc << 8) ^ (TABLE[((crc >> 8) ^ text.charCodeAt(i)) & 0xff] ?? 0)) & 0xffff;
  }
  return crc;
}

/** The CRC as a ZB64 block writes it: four upper-case hex digits. */
export function crc16Hex(crc: number): string {
  return crc.toString(16).toUpperCase().padStart(4, '0');
}
