// An activity-log row as one sentence: the screen says it in the operator's language, the CSV
// export in English, and both through this one function, so they cannot disagree.
import type { AuditView } from './ipc/channels.ts';
import { REPRINT_REASONS, type ReprintReason } from './printing.ts';

/** A catalogue lookup: i18next's `t` in the window, `translate('en', …)` in main. */
export type Translate = (key: string, values?: Record<string, unknown>) => string;

const isReprintReason = (value: string): value is ReprintReason =>
  (REPRINT_REASONS as readonly string[]).includes(value);

/**
 * The row's sentence from the key and values stored with it, the kind of submission named in
 * words and a reprint's reason in the reader's words. Rows older than keyed sentences, or naming
 * a sentence this version lacks, keep the English they were written in.
 */
export function describeActivity(t: Translate, entry: AuditView): string {
  if (!entry.params || !entry.messageKey) return entry.message;
  const kind = entry.params['kind'];
  const why = entry.params['reason'];
  const status = entry.params['status'];
  const values = {
    ...entry.params,
    ...(typeof kind === 'string' ? { kind: t(`outbox.kinds.${kind.replace('.', '_')}`) } : {}),
    // An order status inside a sentence ("marked packed"), in the reader's words.
    ...(typeof status === 'string'
      ? { status: t(`orderStatus.${status}`, { defaultValue: status }).toLocaleLowerCase() }
      : {}),
    // A reprint's reason is stored as its code (damaged, lost…) and said in the reader's words.
    ...(typeof why === 'string' && isReprintReason(why)
      ? { reason: t(`print.reasons.${why}`) }
      : {}),
  };
  const sentence = t(entry.messageKey, { ...values, defaultValue: entry.message });
  if (!entry.reason) return sentence;
  const reason = t(entry.reason.messageKey, {
    message: entry.message,
    defaultValue: entry.message,
  });
  return `${sentence}. ${t('activity.because', { reason })}`;
}
