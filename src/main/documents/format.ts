// Dates, numbers and countries as the slip's language writes them (Intl, which Node and
// Electron ship with full ICU). The time zone is passed in: the same input gives the same page
// on any machine when the caller says which zone the station is in.
import type { DocumentLanguage } from './words.ts';

export interface Formatters {
  /** A moment (ms since the epoch) with its time: "15 de março de 2027 10:30". */
  moment(ms: number): string;
  /** An API timestamp's day ("2027-03-15T10:30:00Z"); the text itself if it is not one. */
  day(timestamp: string): string;
  /** A calendar date as YYYY-MM-DD (an expiry): "15/03/2027", "03/15/2027". */
  date(isoDate: string): string;
  number(value: number): string;
  /** A two-letter country code in the language ("BR" → "Brasil"); the code if unknown. */
  country(code: string): string;
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

export function formattersFor(lang: DocumentLanguage, timeZone?: string): Formatters {
  const zone = timeZone === undefined ? {} : { timeZone };
  const moment = new Intl.DateTimeFormat(lang, { dateStyle: 'long', timeStyle: 'short', ...zone });
  const day = new Intl.DateTimeFormat(lang, { dateStyle: 'long', ...zone });
  // A calendar date has no zone: read and written in UTC it stays the same day everywhere.
  const date = new Intl.DateTimeFormat(lang, {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    timeZone: 'UTC',
  });
  const number = new Intl.NumberFormat(lang);
  const regions = new Intl.DisplayNames([lang], { type: 'region', fallback: 'code' });
  return {
    moment: (ms) => moment.format(ms),
    day: (timestamp) => {
      const ms = Date.parse(timestamp);
      return Number.isNaN(ms) ? timestamp : day.format(ms);
    },
    date: (isoDate) => {
      const m = ISO_DATE.exec(isoDate);
      if (!m) return isoDate;
      return date.format(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
    },
    number: (value) => number.format(value),
    country: (code) => {
      try {
        return regions.of(code.toUpperCase()) ?? code;
      } catch {
        return code; // not a region code Intl accepts ("B1"): print it as given
      }
    },
  };
}
