// CRC-32 as PNG chunks use it (ISO 3309 / ITU-T V.42, reflected polynomial 0xEDB88320).
// Table-driven: one lookup per byte. The core may not import node:zlib, and PNG only needs
// the CRC over a few chunks, so 1 KiB of table built once is the whole cost.

const TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

/** Continues a CRC over `bytes[start, end)`; start from `crc = 0` for a fresh one. */
export function crc32(bytes: Uint8Array, crc = 0, start = 0, end = bytes.length): number {
  let c = ~crc >>> 0;
  for (let i = start; i < end; i++) {
    c = (TABLE[(c ^ (bytes[i] ?? 0)) & 0xff] ?? 0) ^ (c >>> 8);
  }
  return ~c >>> 0;
}
