import type { MessageKey } from '../../shared/i18n/message-key.ts';
import type { DatabaseSync } from 'node:sqlite';
import * as sqlite from '../platform/sqlite-rows.ts';
import { describeActivity, type Translate } from '../../shared/activity-text.ts';
import { translate } from '../../shared/i18n/translate.ts';
import { isMessageKey } from '../../shared/i18n/english.ts';

/** The English catalogue as the activity sentence reads it (i18next's plural forms included). */
const english: Translate = (key, values = {}) => {
  const params: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(values))
    if (typeof value === 'string' || typeof value === 'number') params[name] = value;
  const count = params['count'];
  const keys = typeof count === 'number' ? [`${key}_${count === 1 ? 'one' : 'other'}`, key] : [key];
  for (const candidate of keys) {
    const text = translate('en', candidate, params);
    if (text !== candidate) return text;
  }
  return typeof values['defaultValue'] === 'string' ? values['defaultValue'] : key;
};

/** Why something failed: the sentence key of the reason, and the service's words if it gave any. */
export interface AuditReason {
  messageKey: MessageKey;
  serviceMessage?: string;
}

export interface AuditEntry {
  id: number;
  at: number;
  profileId: string | null;
  event: string;
  jobId: string | null;
  /**
   * The activity sentence (`activity.*`), rendered in the operator's language when shown; null
   * when the stored key is not one of this version's sentences (its English `message` stands).
   */
  messageKey: MessageKey | null;
  /** Its values; null for rows written before sentences were stored as keys and values. */
  params: Record<string, string | number> | null;
  reason: AuditReason | null;
  /** The same in English, for logs and the CSV export. */
  message: string;
  details: unknown;
}

export type AuditInput = Omit<
  AuditEntry,
  'id' | 'at' | 'details' | 'profileId' | 'jobId' | 'params' | 'reason' | 'messageKey'
> & {
  /** Every activity written now names a sentence of the catalogues. */
  messageKey: MessageKey;
  profileId?: string | null;
  jobId?: string | null;
  params?: Record<string, string | number>;
  reason?: AuditReason;
  details?: unknown;
};

interface AuditRow {
  id: number;
  at: number;
  profile_id: string | null;
  event: string;
  job_id: string | null;
  message_key: string;
  message: string;
  details: string | null;
  params: string | null;
}

/** Append-only record of what happened at this station. Never holds an API key. */
export class AuditLog {
  private readonly db: DatabaseSync;
  private readonly now: () => number;

  constructor(db: DatabaseSync, now: () => number) {
    this.db = db;
    this.now = now;
  }

  record(entry: AuditInput): void {
    this.db
      .prepare(
        'INSERT INTO audit (at, profile_id, event, job_id, message_key, message, details, params) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
      )
      .run(
        this.now(),
        entry.profileId ?? null,
        entry.event,
        entry.jobId ?? null,
        entry.messageKey,
        entry.message,
        entry.details === undefined ? null : JSON.stringify(entry.details),
        JSON.stringify({ values: entry.params ?? {}, reason: entry.reason ?? null }),
      );
  }

  list(options: { since?: number; limit?: number; jobId?: string } = {}): AuditEntry[] {
    const rows = sqlite.rows<AuditRow>(
      this.db,
      `SELECT * FROM audit WHERE at >= ? ${options.jobId ? 'AND job_id = ?' : ''} ORDER BY id DESC LIMIT ?`,
      ...[options.since ?? 0, ...(options.jobId ? [options.jobId] : []), options.limit ?? 1000],
    );
    return rows.map((r) => ({
      id: r.id,
      at: r.at,
      profileId: r.profile_id,
      event: r.event,
      jobId: r.job_id,
      messageKey: isMessageKey(r.message_key) ? r.message_key : null,
      ...paramsOf(r.params),
      message: r.message,
      details: r.details === null ? null : (JSON.parse(r.details) as unknown),
    }));
  }

  /** Deletes entries older than the retention period; returns how many. */
  purge(retentionDays: number): number {
    const cutoff = this.now() - retentionDays * 86_400_000;
    return Number(this.db.prepare('DELETE FROM audit WHERE at < ?').run(cutoff).changes);
  }

  toCsv(entries: AuditEntry[]): string {
    const header = ['time', 'profile', 'event', 'job', 'message_key', 'message'];
    const lines = entries.map((e) =>
      [
        new Date(e.at).toISOString(),
        e.profileId ?? '',
        e.event,
        e.jobId ?? '',
        e.messageKey ?? '',
        // The sentence the Outbox screen shows, in English: one function writes both.
        describeActivity(english, e),
      ]
        .map(csvField)
        .join(','),
    );
    return `${[header.join(','), ...lines].join('\r\n')}\r\n`;
  }
}

/** RFC 4180 quoting, and a leading quote on anything a spreadsheet would run as a formula. */
export function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** A row's values and reason; rows from before migration 4 have none (their English stays). */
function paramsOf(text: string | null): Pick<AuditEntry, 'params' | 'reason'> {
  if (!text) return { params: null, reason: null };
  try {
    const parsed = JSON.parse(text) as {
      values?: AuditEntry['params'];
      reason?: AuditReason | null;
    };
    return { params: parsed.values ?? {}, reason: parsed.reason ?? null };
  } catch {
    return { params: null, reason: null };
  }
}
