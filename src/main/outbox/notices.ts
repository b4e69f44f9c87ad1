import type { DatabaseSync } from 'node:sqlite';
import type { OutboxNotice } from '../../shared/outbox.ts';
import * as sqlite from '../platform/sqlite-rows.ts';

/**
 * What the station must tell the operator and keep telling until someone acknowledges it (a
 * salvaged outbox, jobs whose profile is gone). Kept in the outbox database, so a restart does
 * not lose the message and does not repeat the event.
 */
export class NoticeBoard {
  private readonly db: DatabaseSync;
  private readonly now: () => number;

  constructor(db: DatabaseSync, now: () => number) {
    this.db = db;
    this.now = now;
  }

  post(notice: Omit<OutboxNotice, 'id' | 'at'>): void {
    this.db
      .prepare('INSERT INTO notices (kind, details, created_at) VALUES (?, ?, ?)')
      .run(notice.kind, JSON.stringify(notice.details), this.now());
  }

  /** Every notice not yet acknowledged, oldest first. */
  open(): OutboxNotice[] {
    const rows = sqlite.rows<{ id: number; kind: string; details: string; created_at: number }>(
      this.db,
      'SELECT id, kind, details, created_at FROM notices WHERE acknowledged_at IS NULL ORDER BY id',
    );
    return rows.map(
      (r) =>
        ({
          id: r.id,
          kind: r.kind,
          details: JSON.parse(r.details) as unknown,
          at: r.created_at,
        }) as OutboxNotice,
    );
  }

  acknowledge(id: number): boolean {
    const result = this.db
      .prepare('UPDATE notices SET acknowledged_at = ? WHERE id = ? AND acknowledged_at IS NULL')
      .run(this.now(), id);
    return Number(result.changes) > 0;
  }
}
