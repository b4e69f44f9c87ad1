import { describe, expect, it } from 'vitest';
import { fail, ok } from '../../shared/result.ts';
import type { Handlers } from './context.ts';
import { updateHandlers, watchPacks } from './updates.ts';

describe('update handlers', () => {
  it('answers the updater status', async () => {
    const handlers = updateHandlers(() => ({ state: 'ready', version: '0.2.0', hours: null }));
    expect(await handlers.getUpdate(undefined)).toEqual(
      ok({ state: 'ready', version: '0.2.0', hours: null }),
    );
  });

  it('tells which pack each pack channel answered with, and passes failures on', async () => {
    const noted: string[] = [];
    const view = (id: string, status: string) => ({ id, status });
    const base = {
      openPack: () => ok(view('p1', 'open')),
      packScan: async () => ok(view('p1', 'open')),
      answerPack: () =>
        fail({ code: 'pack.refused', messageKey: 'updates.ready', message: 'refused' }),
      undoPackScan: () => ok(view('p1', 'open')),
      finishPack: async () => ok(view('p1', 'finished')),
      getStatus: () => ok('untouched'),
    } as unknown as Handlers;
    const handlers = watchPacks(base, (pack) => noted.push(`${pack.id}:${pack.status}`));
    await handlers.openPack({ orderId: 'o1', expiryWarningDays: 30 });
    await handlers.packScan({ packId: 'p1', code: '123' });
    const refused = await handlers.answerPack({ packId: 'p1', answer: { kind: 'skip' } } as never);
    await handlers.finishPack({ packId: 'p1' } as never);
    expect(noted).toEqual(['p1:open', 'p1:open', 'p1:finished']);
    expect(refused.ok).toBe(false);
    expect(handlers.getStatus).toBe(base.getStatus);
  });
});
