// The word-level scans of a piece's text: whole tokens (order ids, tracking codes) and runs of
// adjacent words (names, spaced tracking codes). Each looks the piece's own substrings up in the
// index's maps, so its cost follows the length of the text, not the number of candidates.
import type { CandidateIndex, TokenTarget } from './candidate-index.ts';
import { foldText, isLetterOrDigitAt } from './normalize.ts';

const isSpace = (char: string | undefined): boolean =>
  char === ' ' || char === '\t' || char === '\u00a0';
const isLineBreak = (char: string | undefined): boolean =>
  char === '\n' || char === '\r' || char === '\f' || char === '\v';

/** The end of the word (letters and digits) that starts at `start`. */
function wordEnd(text: string, start: number): number {
  let end = start;
  while (isLetterOrDigitAt(text, end)) end++;
  return end;
}

/**
 * Every indexed key that appears in `text` as a whole token: case ignored, and the characters
 * on either side are not letters or digits (so `PB-1042-2` holds PB-1042, `PB-10422` does not).
 * A key may hold punctuation (`PB-1042`), never whitespace: from the start of a word whose text
 * begins some key, the candidate substring grows until whitespace or the longest key.
 */
export function findWholeTokens(
  text: string,
  index: CandidateIndex,
  visit: (t: TokenTarget) => void,
): void {
  const lower = text.toLowerCase();
  const { wholeTokens, longestWholeToken, wholeTokenFirstWords } = index;
  let start = 0;
  while (start < lower.length) {
    if (!isLetterOrDigitAt(lower, start)) {
      start++;
      continue;
    }
    const first = wordEnd(lower, start);
    if (wholeTokenFirstWords.has(lower.slice(start, first))) {
      const limit = Math.min(lower.length, start + longestWholeToken);
      for (let end = first; end <= limit; end++) {
        if (isLetterOrDigitAt(lower, end)) continue;
        const next = lower[end];
        for (const target of wholeTokens.get(lower.slice(start, end)) ?? []) visit(target);
        if (next === undefined || isSpace(next) || isLineBreak(next)) break;
      }
    }
    start = first;
  }
}

/**
 * Whether a name found from `start` to `end` stands on its own in its line: the nearest
 * character before and after it, spaces skipped, is not a letter. "MARIA SOUZA LIMA" does not
 * hold the name "Maria Souza" (it may be another person); "Destinatário: MARIA SOUZA, 01311-000"
 * does. A label line such as "MARIA SOUZA CEP" is missed by this: a missed name leaves the
 * piece for the operator, a wrong one puts an order on the wrong box.
 */
function standsAlone(text: string, start: number, end: number): boolean {
  let before = start - 1;
  while (isSpace(text[before])) before--;
  let after = end;
  while (isSpace(text[after])) after++;
  return !/\p{L}/u.test(text[before] ?? '') && !/\p{L}/u.test(text[after] ?? '');
}

/**
 * Every indexed name or spaced tracking code spelled by adjacent words of one line, with
 * accents, case, spacing and punctuation ignored ("MARÍA  de-SOUZA" spells "mariadesouza").
 */
export function findCompactRuns(
  text: string,
  index: CandidateIndex,
  visit: (t: TokenTarget) => void,
): void {
  const { compactRuns, compactPrefixes, longestCompactRun } = index;
  const folded = foldText(text);
  // Word boundaries of the folded text: starts[i] to ends[i]; lineOf[i] numbers its line.
  const starts: number[] = [];
  const ends: number[] = [];
  const lineOf: number[] = [];
  let line = 0;
  for (let at = 0; at < folded.length;) {
    if (isLetterOrDigitAt(folded, at)) {
      const end = wordEnd(folded, at);
      starts.push(at);
      ends.push(end);
      lineOf.push(line);
      at = end;
    } else {
      if (isLineBreak(folded[at])) line++;
      at++;
    }
  }
  for (let first = 0; first < starts.length; first++) {
    let run = '';
    for (let last = first; last < starts.length && lineOf[last] === lineOf[first]; last++) {
      run += folded.slice(starts[last], ends[last]);
      if (run.length > longestCompactRun || !compactPrefixes.has(run)) break;
      const targets = compactRuns.get(run);
      if (targets === undefined) continue;
      const alone = standsAlone(folded, starts[first] as number, ends[last] as number);
      for (const target of targets) if (target.kind !== 'name' || alone) visit(target);
    }
  }
}
