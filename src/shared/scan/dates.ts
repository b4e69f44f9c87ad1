// GS1 dates: YYMMDD with the General Specifications' sliding window for the century (section
// 7.12), day 00 as "the month's last day" where the AI allows it, and the time parts of 8008,
// 7003 and 7011. An impossible date is refused, never rolled over (Feb 30 is not Mar 2).

/** The four-digit year for a two-digit one: within 49 years back and 50 ahead of `now`'s year. */
export function fullYear(yy: number, now: number): number {
  const current = new Date(now).getUTCFullYear();
  const century = current - (current % 100);
  const gap = yy - (current % 100);
  if (gap >= 51) return century - 100 + yy;
  if (gap <= -50) return century + 100 + yy;
  return century + yy;
}

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** YYMMDD → YYYY-MM-DD, or null when no such day exists. `dayZero`: 00 is the last day. */
export function isoDate(yymmdd: string, now: number, dayZero: boolean): string | null {
  if (!/^\d{6}$/.test(yymmdd)) return null;
  const year = fullYear(Number(yymmdd.slice(0, 2)), now);
  const month = Number(yymmdd.slice(2, 4));
  let day = Number(yymmdd.slice(4, 6));
  if (month < 1 || month > 12) return null;
  const last = daysInMonth(year, month);
  if (day === 0 && dayZero) day = last;
  if (day < 1 || day > last) return null;
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
}

/**
 * Two-digit clock fields, each at most its limit: `[23, 59]` is HHMM, `[59, 59]` with
 * `shorter` the optional MM[SS] of 8008 (none, minutes, or minutes and seconds).
 */
export function validClock(digits: string, limits: readonly number[], shorter: boolean): boolean {
  if (!/^(\d\d)*$/.test(digits)) return false;
  const pairs = digits.length / 2;
  if (pairs > limits.length || (!shorter && pairs !== limits.length)) return false;
  return [...digits.matchAll(/\d\d/g)].every((m, i) => Number(m[0]) <= (limits[i] ?? -1));
}
