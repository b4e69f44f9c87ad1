import { nothingSecret } from '../../src/shared/details.ts';
import { describe, expect, it } from 'vitest';
import {
  registerIpcHandlers,
  type Handlers,
  type IpcEventLike,
} from '../../src/main/ipc-manager.ts';
import { channelOf, invokeNames, type InvokeName } from '../../src/shared/ipc/channels.ts';
import { LIMITS } from '../../src/shared/limits.ts';
import { ok, type Result } from '../../src/shared/result.ts';

// Every limit of the table, refused at the IPC door with its own code and sentence, before any
// handler (and so the outbox, the database, the API) sees the input.

function station() {
  const calls: string[] = [];
  const registered = new Map<string, (event: IpcEventLike, input: unknown) => unknown>();
  const handlers = Object.fromEntries(
    invokeNames.map((name) => [
      name,
      () => {
        calls.push(name);
        return ok(null);
      },
    ]),
  ) as unknown as Handlers;
  registerIpcHandlers(
    {
      handle: (channel, listener) => void registered.set(channel, listener),
      removeHandler: (channel) => void registered.delete(channel),
    },
    handlers,
    { isTrustedSender: () => true, redact: nothingSecret },
  );
  const own: IpcEventLike = { sender: { id: 1 }, senderFrame: { url: 'app://packbench/' } };
  const invoke = (name: InvokeName, input: unknown) =>
    registered.get(channelOf(name))?.(own, input) as Promise<Result<unknown>>;
  return { invoke, calls };
}

const nested = (levels: number): unknown => {
  let value: unknown = 'bottom';
  for (let i = 0; i < levels; i += 1) value = { next: value };
  return value;
};

const job = (product: Record<string, unknown>) => ({
  kind: 'product.create',
  payload: { product: { sku: 'B-1', name: 'bounded', ...product } },
});

describe('the limit table at the IPC door', () => {
  it('a 100 MB string field in a job payload: string_too_long, with where', async () => {
    const { invoke, calls } = station();
    const result = await invoke('submitJob', job({ note: 'x'.repeat(100 * 1024 * 1024) }));
    expect(result).toEqual({
      ok: false,
      error: {
        code: 'limits.string_too_long',
        messageKey: 'errors.limits.string_too_long',
        message: 'payload.product.note is a text longer than 64 KB.',
        details: { path: ['payload', 'product', 'note'], limit: LIMITS.stringBytes },
      },
    });
    expect(calls).toEqual([]);
  });

  it('a string exactly at the limit passes; one byte more (or a long property name) does not', async () => {
    const { invoke, calls } = station();
    expect(await invoke('submitJob', job({ note: 'x'.repeat(LIMITS.stringBytes) }))).toEqual(
      ok(null),
    );
    // "é" is two bytes in UTF-8: half as many characters reach the same bound.
    expect(
      await invoke('submitJob', job({ note: 'é'.repeat(LIMITS.stringBytes / 2 + 1) })),
    ).toMatchObject({ ok: false, error: { code: 'limits.string_too_long' } });
    expect(
      await invoke('submitJob', job({ ['k'.repeat(LIMITS.stringBytes + 1)]: 1 })),
    ).toMatchObject({ ok: false, error: { code: 'limits.string_too_long' } });
    expect(calls).toEqual(['submitJob']);
  });

  it('a file over 20 MB: file_too_large', async () => {
    const { invoke, calls } = station();
    const result = await invoke('submitInvoice', {
      order: 'PB-1',
      fileName: 'big.pdf',
      bytes: new Uint8Array(LIMITS.fileBytes + 1),
    });
    expect(result).toMatchObject({
      ok: false,
      error: {
        code: 'limits.file_too_large',
        messageKey: 'errors.limits.file_too_large',
        details: { path: ['bytes'], limit: LIMITS.fileBytes },
      },
    });
    expect(calls).toEqual([]);
  });

  it('an array of more than 10 000 items: too_many_items', async () => {
    const { invoke, calls } = station();
    const items = Array.from({ length: LIMITS.items + 1 }, () => ({ sku: 'A', quantity: 1 }));
    expect(
      await invoke('submitJob', {
        kind: 'order.create',
        payload: { order: { id: 'PB-1', items } },
      }),
    ).toMatchObject({
      ok: false,
      error: {
        code: 'limits.too_many_items',
        messageKey: 'errors.limits.too_many_items',
        details: { path: ['payload', 'order', 'items'], limit: LIMITS.items },
      },
    });
    expect(calls).toEqual([]);
  });

  it('nesting deeper than 32: too_deep (a cycle too)', async () => {
    const { invoke, calls } = station();
    // The input object is the first level, payload the second, product the third.
    expect(await invoke('submitJob', job({ deep: nested(LIMITS.depth - 3) }))).toEqual(ok(null));
    expect(await invoke('submitJob', job({ deep: nested(LIMITS.depth - 2) }))).toMatchObject({
      ok: false,
      error: {
        code: 'limits.too_deep',
        messageKey: 'errors.limits.too_deep',
        details: { limit: LIMITS.depth },
      },
    });
    const cycle: Record<string, unknown> = {};
    cycle['self'] = cycle;
    expect(await invoke('submitJob', job({ cycle }))).toMatchObject({
      ok: false,
      error: { code: 'limits.too_deep' },
    });
    expect(calls).toEqual(['submitJob']);
  });

  it('a whole message over 25 MB: message_too_large', async () => {
    const { invoke, calls } = station();
    const chunk = 'x'.repeat(60 * 1024);
    const notes = Array.from({ length: 450 }, () => chunk);
    expect(await invoke('submitJob', job({ notes }))).toMatchObject({
      ok: false,
      error: {
        code: 'limits.message_too_large',
        messageKey: 'errors.limits.message_too_large',
        details: { path: [], limit: LIMITS.messageBytes },
      },
    });
    // Shared references count each time (as the stored JSON would): 2^40 leaves are refused
    // quickly instead of walked.
    let shared: unknown = chunk;
    for (let i = 0; i < 25; i += 1) shared = [shared, shared];
    const started = Date.now();
    expect(await invoke('editJob', { id: crypto.randomUUID(), payload: { shared } })).toMatchObject(
      { ok: false, error: { code: 'limits.message_too_large' } },
    );
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(calls).toEqual([]);
  });

  it('other invalid input is still ipc.invalid_input', async () => {
    const { invoke } = station();
    expect(await invoke('lookupOrder', { id: '' })).toMatchObject({
      ok: false,
      error: { code: 'ipc.invalid_input', messageKey: 'errors.ipc.invalid_input' },
    });
  });
});
