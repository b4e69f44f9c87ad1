import { describe, expect, it, vi } from 'vitest';
import { channels } from '../shared/ipc/channels.ts';
import { createBridge, type IpcRendererLike } from './bridge.ts';

function fakeIpc() {
  const listeners = new Map<string, Set<(event: unknown, ...args: unknown[]) => void>>();
  const ipc = {
    invoke: vi.fn(async (channel: string, input: unknown) => ({
      ok: true,
      value: { channel, input },
    })),
    on: vi.fn((channel: string, fn: (event: unknown, ...args: unknown[]) => void) => {
      if (!listeners.has(channel)) listeners.set(channel, new Set());
      listeners.get(channel)?.add(fn);
    }),
    removeListener: vi.fn((channel: string, fn: (event: unknown, ...args: unknown[]) => void) => {
      listeners.get(channel)?.delete(fn);
    }),
  } satisfies IpcRendererLike;
  const emit = (channel: string, payload: unknown) => {
    for (const fn of listeners.get(channel) ?? []) fn({ sender: 'secret-ipc-event' }, payload);
  };
  return { ipc, emit, listeners };
}

describe('createBridge', () => {
  it('exposes exactly the contract and nothing else', () => {
    const bridge = createBridge(fakeIpc().ipc);
    expect(Object.keys(bridge).sort()).toEqual(Object.keys(channels).sort());
    expect(Object.isFrozen(bridge)).toBe(true);
  });

  it('sends invoke calls on the namespaced channel', async () => {
    const { ipc } = fakeIpc();
    const bridge = createBridge(ipc);
    await expect(bridge.getAppInfo()).resolves.toEqual({
      ok: true,
      value: { channel: 'packbench:getAppInfo', input: undefined },
    });
    expect(ipc.invoke).toHaveBeenCalledTimes(1);
  });

  it('delivers event payloads without the IPC event and unsubscribes', () => {
    const { ipc, emit, listeners } = fakeIpc();
    const bridge = createBridge(ipc);
    const seen: unknown[] = [];
    const off = bridge.onNotice((payload) => seen.push(payload));
    emit('packbench:onNotice', { level: 'info', messageKey: 'x' });
    expect(seen).toEqual([{ level: 'info', messageKey: 'x' }]);
    off();
    emit('packbench:onNotice', { level: 'info', messageKey: 'y' });
    expect(seen).toHaveLength(1);
    expect(listeners.get('packbench:onNotice')?.size).toBe(0);
  });

  it('rejects a subscription without a listener function', () => {
    const bridge = createBridge(fakeIpc().ipc);
    expect(() => (bridge.onNotice as (l: unknown) => void)('nope')).toThrow(/listener function/);
  });
});
