import type { TFunction } from 'i18next';

/** "40 s", "12 min", "3 h 5 min", "2 d": how long something has waited, in the operator's words. */
export function describeAge(t: TFunction, ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  if (s < 60) return t('age.seconds', { count: s });
  const min = Math.floor(s / 60);
  if (min < 60) return t('age.minutes', { count: min });
  const h = Math.floor(min / 60);
  if (h < 48) return t('age.hours', { h, min: min % 60 });
  return t('age.days', { count: Math.floor(h / 24) });
}
