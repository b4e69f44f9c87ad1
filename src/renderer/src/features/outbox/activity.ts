import type { TFunction } from 'i18next';
import type { AuditView } from '../../../../shared/ipc/channels.ts';
import { REPRINT_REASONS, type ReprintReason } from '../../../../shared/printing.ts';

const isReprintReason = (value: string): value is ReprintReason =>
  (REPRINT_REASONS as readonly string[]).includes(value);

/**
 * An activity-log row in the operator's language: its sentence from the key and values stored
 * with it, the kind of submission named in words. Rows older than keyed sentences keep the
 * English they were written in.
 */
export function describeActivity(t: TFunction, entry: AuditView): string {
  if (!entry.params) return entry.message;
  const kind = entry.params['kind'];
  const why = entry.params['reason'];
  const values = {
    ...entry.params,
    ...(typeof kind === 'string' ? { kind: t(`outbox.kinds.${kind.replace('.', '_')}`) } : {}),
    // A reprint's reason is stored as its code (damaged, lost…) and said in the operator's words.
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
