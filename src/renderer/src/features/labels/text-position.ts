/**
 * The index in `text` of a 1-based line and column, as the ZPL engine counts them (a line
 * break is CRLF, CR or LF; columns in UTF-16 units, as the text box counts them).
 */
export function offsetOf(text: string, line: number, column: number): number {
  let offset = 0;
  for (let current = 1; current < line; current++) {
    const next = text.slice(offset).search(/\r\n|\r|\n/);
    if (next < 0) return text.length;
    offset += next + (text.startsWith('\r\n', offset + next) ? 2 : 1);
  }
  return Math.min(text.length, offset + Math.max(0, column - 1));
}
