import { DatabaseSync } from 'node:sqlite';
import { describe, expect, it } from 'vitest';
import { describeActivity } from '../../shared/activity-text.ts';
import { en } from '../../shared/i18n/en.ts';
import { AuditLog } from './audit-log.ts';

// The activity CSV says each row in the same English sentence the Outbox screen shows, built
// by the one function both use, from the catalogue: never a second, hand-written text.
function auditLog(db = new DatabaseSync(':memory:')) {
  db.exec(
    `CREATE TABLE audit (id INTEGER PRIMARY KEY, at INTEGER NOT NULL, profile_id TEXT, event TEXT NOT NULL,
     job_id TEXT, message_key TEXT, message TEXT NOT NULL, details TEXT, params TEXT)`,
  );
  return new AuditLog(db, () => Date.parse('2026-11-26T10:00:00Z'));
}

describe('the activity CSV', () => {
  it('renders each row from the English catalogue, plural forms and reasons included', () => {
    const audit = auditLog();
    audit.record({
      event: 'pack.finished',
      messageKey: 'activity.pack_finished',
      params: { order: 'PB-1', units: 3, missing: 0 },
      message: 'a hand-written text that must not reach the CSV',
    });
    const csv = audit.toCsv(audit.list());
    const row = csv.split('\r\n')[1] ?? '';
    expect(row).not.toContain('hand-written');
    const template = en.activity.pack_finished;
    expect(row).toContain(template.replace('{{order}}', 'PB-1').replace('{{units}}', '3'));
  });

  it('agrees with the screen’s function given the same catalogue', () => {
    const audit = auditLog();
    audit.record({
      event: 'job.failed',
      messageKey: 'activity.pack_status_failed',
      params: { order: 'PB-2' },
      reason: { messageKey: 'errors.internal' },
      message: 'the disk is full',
    });
    const [entry] = audit.list();
    const lookup = (key: string) =>
      key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], en);
    const screenT = (key: string, values: Record<string, unknown> = {}) =>
      String(lookup(key) ?? values['defaultValue'] ?? key).replace(
        /\{\{(\w+)\}\}/g,
        (_, name: string) => String(values[name]),
      );
    const csv = audit.toCsv(audit.list());
    expect(entry).toBeDefined();
    if (entry) expect(csv).toContain(describeActivity(screenT, entry));
  });

  it('reads a row naming a sentence this version lacks as its English, key null', () => {
    const db = new DatabaseSync(':memory:');
    const audit = auditLog(db);
    audit.record({
      event: 'job.enqueued',
      messageKey: 'activity.enqueued',
      params: { kind: 'invoice.upload', subject: 'PB-3' },
      message: 'invoice.upload for PB-3 queued',
    });
    // As a later (or older) version would have written it.
    db.exec("UPDATE audit SET message_key = 'activity.from_a_later_version'");
    const [entry] = audit.list();
    expect(entry?.messageKey).toBeNull();
    expect(audit.toCsv(audit.list()).split('\r\n')[1]).toMatch(
      /,job\.enqueued,,,invoice\.upload for PB-3 queued$/,
    );
  });
});
