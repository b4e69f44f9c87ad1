import { describe, expect, it, vi } from 'vitest';
import type { OutboxChange } from '@shared/ipc/channels.ts';
import type { PackView } from '@shared/pack/types.ts';
import { fail, ok, type Result } from '@shared/result.ts';
import { jobView } from '@renderer/test-utils.tsx';
import { createPackStore, scanCode } from './pack-store.ts';
import { packView, verdict } from './pack-fixtures.ts';

/** A promise the test settles when it wants (a slow answer from main). */
function later<T>() {
  let settle!: (value: T) => void;
  const promise = new Promise<T>((resolve) => (settle = resolve));
  return { promise, settle };
}

const bridgeWith = (over: Record<string, unknown> = {}) => ({
  openPack: vi.fn(async () => ok(packView())),
  packScan: vi.fn(async () => ok(packView())),
  answerPack: vi.fn(async () => ok(packView())),
  undoPackScan: vi.fn(async () => ok(packView())),
  finishPack: vi.fn(async () => ok(packView())),
  exportPacks: vi.fn(),
  onOutbox: vi.fn(() => () => undefined),
  retryPaper: vi.fn(async () => ok(packView())),
  ...over,
});

describe('pack store', () => {
  it('keeps only a trailing CR/LF off a scan: spaces and ASCII 29 stay', () => {
    expect(scanCode(' 01\u001d10 L1 \r\n')).toBe(' 01\u001d10 L1 ');
    expect(scanCode('A\nB\n')).toBe('A\nB');
  });

  it('sends scans one at a time, in the order typed, even when main answers slowly', async () => {
    const first = later<Result<PackView>>();
    const packScan = vi
      .fn()
      .mockReturnValueOnce(first.promise)
      .mockResolvedValueOnce(ok(packView({ verdict: verdict({ serial: 2 }) })));
    const play = vi.fn();
    const store = createPackStore(bridgeWith({ packScan }), { play }, () => 30);
    await store.getState().open('PB-20001', 'new');
    const one = store.getState().scan('A1');
    const two = store.getState().scan('A2');
    await Promise.resolve();
    expect(packScan).toHaveBeenCalledTimes(1);
    first.settle(ok(packView({ verdict: verdict({ serial: 1, tone: 'warning' }) })));
    await Promise.all([one, two]);
    expect(packScan.mock.calls.map(([input]) => input.code)).toEqual(['A1', 'A2']);
    expect(play.mock.calls).toEqual([['warning'], ['success']]);
  });

  it('does not replay the verdict a resumed pack already had', async () => {
    const opened = packView({ verdict: verdict({ serial: 7 }) });
    const play = vi.fn();
    const store = createPackStore(
      bridgeWith({
        openPack: vi.fn(async () => ok(opened)),
        answerPack: vi.fn(async () => ok(opened)),
      }),
      { play },
      () => 30,
    );
    await store.getState().open('PB-20001', 'picking');
    await store.getState().answer({ kind: 'notes' });
    expect(play).not.toHaveBeenCalled();
  });

  it('opens only orders a packer packs, but resumes a pack left open whatever the status', async () => {
    const cannot = fail<PackView>({
      code: 'pack.cannot_pack',
      messageKey: 'packVerdict.errors.cannot_pack',
      message: 'Order PB-20001 is shipped.',
    });
    const openPack = vi.fn().mockResolvedValueOnce(cannot).mockResolvedValue(ok(packView()));
    const play = vi.fn();
    const store = createPackStore(bridgeWith({ openPack }), { play }, () => 12);
    // Shipped: main is asked only whether a pack was left open; its "no" is not an error.
    await store.getState().open('PB-20001', 'shipped');
    expect(openPack).toHaveBeenCalledTimes(1);
    expect(store.getState()).toMatchObject({ view: null, error: null, opening: null });
    expect(play).not.toHaveBeenCalled();
    // Packed: a pack was finished; nothing is asked.
    await store.getState().open('PB-20001', 'packed');
    expect(openPack).toHaveBeenCalledTimes(1);
    await store.getState().open('PB-20001', 'processing');
    expect(openPack).toHaveBeenLastCalledWith({ orderId: 'PB-20001', expiryWarningDays: 12 });
    store.getState().setAside();
    expect(store.getState().takesScans()).toBe(false);
    // The service may already say packed by another hand: the pack this window left open resumes.
    await store.getState().open('PB-20001', 'packed');
    expect(openPack).toHaveBeenCalledTimes(3);
    expect(store.getState().takesScans()).toBe(true);
  });

  it('says what main refused, with the failure sound, and keeps the view', async () => {
    const refused = fail<PackView>({
      code: 'pack.not_found',
      messageKey: 'errors.generic',
      message: 'No such pack',
    });
    const play = vi.fn();
    const store = createPackStore(
      bridgeWith({ packScan: vi.fn(async () => refused) }),
      { play },
      () => 30,
    );
    await store.getState().open('PB-20001', 'new');
    await store.getState().scan('X');
    expect(store.getState().error?.kind).toBe('action');
    expect(store.getState().view?.id).toBe('pack-1');
    expect(play).toHaveBeenCalledWith('failure');
  });

  it('follows the job that marks the order packed', async () => {
    let push: ((change: OutboxChange) => void) | null = null;
    const finished = packView({
      status: 'finished',
      finish: { statusJobId: 'job-9', printJobId: null, printProblem: null, documents: [] },
    });
    const store = createPackStore(
      bridgeWith({
        openPack: vi.fn(async () => ok(finished)),
        onOutbox: (listener: (change: OutboxChange) => void) => {
          push = listener;
          return () => undefined;
        },
      }),
      { play: vi.fn() },
      () => 30,
    );
    store.getState().follow();
    await store.getState().open('PB-20001', 'new');
    const send = push as unknown as (change: OutboxChange) => void;
    const change = (id: string, state: 'sending' | 'done') =>
      ({
        profileId: 'sandbox',
        snapshot: {},
        job: jobView({ id, kind: 'order.update', state }),
      }) as unknown as OutboxChange;
    send(change('other', 'sending'));
    expect(store.getState().statusJob).toBeNull();
    send(change('job-9', 'done'));
    expect(store.getState().statusJob?.state).toBe('done');
  });
});
