/**
 * A command's parameters, split by the delimiter in effect (`command.delimiter`, set by ^CD).
 * Parameters are positional, so an omitted one is an empty string: `^B3,,100` gives
 * `['', '', '100']`, and a command with no parameters gives `['']`. Nothing is trimmed:
 * spaces can be data, and what a stray space means is up to each command.
 *
 * `limit` keeps the last parameter whole: data-carrying commands end with a payload that may
 * hold the delimiter itself (a comma in ^GF/~DG ASCII data pads a row with zeros; binary
 * ^GFB data is any byte), so `splitParams(gf.params, ',', 5)` yields the four numbers and
 * the data untouched.
 */
export function splitParams(params: string, delimiter = ',', limit = Infinity): string[] {
  if (delimiter === '' || limit <= 1) return [params];
  const parts: string[] = [];
  let start = 0;
  while (parts.length < limit - 1) {
    const at = params.indexOf(delimiter, start);
    if (at < 0) break;
    parts.push(params.slice(start, at));
    start = at + delimiter.length;
  }
  parts.push(params.slice(start));
  return parts;
}
