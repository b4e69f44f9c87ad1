import { describe, expect, it } from 'vitest';
import type { JobView, OutboxSnapshot } from '@shared/outbox.ts';
import { fail, ok } from '@shared/result.ts';
import { createQueryClient, invalidateForOutbox, readError, unwrap } from './queries.ts';

const snapshot = {} as OutboxSnapshot;
const job = (kind: JobView['kind'], state: JobView['state']) => ({ kind, state }) as JobView;

describe('the window’s reads', () => {
  it('carries a failed read as its AppError', async () => {
    const error = {
      code: 'api.network',
      messageKey: 'errors.api.network',
      message: 'down',
    } as const;
    await expect(unwrap(Promise.resolve(ok(3)))).resolves.toBe(3);
    const thrown = await unwrap(Promise.resolve(fail(error))).catch((e: unknown) => e);
    expect(readError(thrown)).toEqual(error);
    expect(readError(new Error('other'))).toBeNull();
  });

  it('marks stale exactly the reads a delivered job changes', () => {
    const client = createQueryClient();
    client.setQueryData(['queryTrackings', { order: 'PB-1' }], []);
    client.setQueryData(['queryInventory', {}], []);
    const stale = (operation: string) =>
      client.getQueryCache().findAll({ queryKey: [operation] })[0]?.state.isInvalidated;
    invalidateForOutbox(client, { profileId: 'p', snapshot, job: job('label.upload', 'sending') });
    expect(stale('queryTrackings')).toBe(false);
    invalidateForOutbox(client, { profileId: 'p', snapshot, job: job('label.upload', 'done') });
    expect(stale('queryTrackings')).toBe(true);
    expect(stale('queryInventory')).toBe(false);
    invalidateForOutbox(client, { profileId: 'p', snapshot, job: job('inbound.create', 'done') });
    expect(stale('queryInventory')).toBe(true);
  });

  it('marks the outbox list and activity log stale on every change, delivered or not', () => {
    const client = createQueryClient();
    client.setQueryData(['getOutbox'], { snapshot, jobs: [] });
    client.setQueryData(['getAudit', { limit: 200 }], []);
    const stale = (operation: string) =>
      client.getQueryCache().findAll({ queryKey: [operation] })[0]?.state.isInvalidated;
    expect(stale('getOutbox')).toBe(false);
    invalidateForOutbox(client, { profileId: 'p', snapshot, job: job('order.create', 'queued') });
    expect(stale('getOutbox')).toBe(true);
    expect(stale('getAudit')).toBe(true);
  });
});
