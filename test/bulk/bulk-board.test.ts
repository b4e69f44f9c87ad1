import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStationCore, type StationCore } from '../../src/main/core/station-core.ts';
import type { IpcEventLike } from '../../src/main/ipc-manager.ts';
import type { Result } from '../../src/shared/result.ts';
import { channelOf, type InvokeChannels, type InvokeName } from '../../src/shared/ipc/channels.ts';
import type { Order } from '../../src/shared/api/schemas.ts';
import { memoryKeychain, tempDir, useTestProfile } from '../outbox/helpers.ts';
import { registerTestHandlers } from '../support/test-handlers.ts';

// Bulk → the board through the real IPC handlers of a real station core on its embedded
// sandbox (issue #39): a dropped ZPL file naming one of the sandbox's seeded orders comes back
// as a matched row with its evidence; a label naming nothing, an empty file and a stranger are
// rows of their own. Offline, the drop is still split and listed, and the board says why.

const dir = tempDir('packbench-bulk-board-');
const registered = new Map<string, (event: IpcEventLike, ...args: unknown[]) => unknown>();
let core: StationCore;

async function invoke<K extends InvokeName>(
  name: K,
  input: InvokeChannels[K]['input'],
): Promise<Result<InvokeChannels[K]['output']>> {
  const handler = registered.get(channelOf(name));
  if (!handler) throw new Error(`no handler for ${name}`);
  return (await handler({ sender: {} } as IpcEventLike, input)) as Result<
    InvokeChannels[K]['output']
  >;
}

async function call<K extends InvokeName>(
  name: K,
  input: InvokeChannels[K]['input'],
): Promise<InvokeChannels[K]['output']> {
  const result = await invoke(name, input);
  if (!result.ok) throw new Error(`${name}: ${result.error.code} ${result.error.message}`);
  return result.value;
}

const ascii = (text: string) => new TextEncoder().encode(text);
const label = (text: string) =>
  `^XA^CI28^FO30,30^A0N,40,40^FD${text}^FS^FO30,100^BCN,80,Y,N^FD${text}^FS^XZ\n`;

beforeAll(async () => {
  core = await createStationCore({
    dataDir: dir.path,
    keychain: memoryKeychain(),
    health: { intervalMs: 60_000 },
  });
  registerTestHandlers({ core, registered, isTrustedSender: () => true });
});
afterAll(async () => {
  await core.close();
  dir.remove();
});

describe('the Bulk board channel', () => {
  let seeded: Order;

  it('matches a ZPL label naming a seeded order, and lists the rest row by row', async () => {
    // The order is read independently of the board: the listing's first page, as the window reads it.
    const page = await call('listOrders', {});
    const first = page.data[0];
    if (!first) throw new Error('the sandbox lists no order');
    seeded = first;
    const board = await call('bulkBoard', {
      files: [
        { name: 'day.zpl', bytes: ascii(label(`Pedido ${seeded.id}`) + label('Nobody at all')) },
        { name: 'empty.zpl', bytes: new Uint8Array() },
        { name: 'photo.png', bytes: new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]) },
      ],
    });
    expect(board.notice).toBeNull();
    expect(board.orders).toBeGreaterThanOrEqual(page.data.length);
    expect(board.rows).toHaveLength(4);
    const [matched, unmatched, empty, stranger] = board.rows;
    expect(matched).toMatchObject({
      source: 'day.zpl',
      kind: 'label',
      index: 1,
      pages: null,
      status: 'matched',
      order: seeded.id,
      candidates: [seeded.id],
      error: null,
      duplicateOf: null,
      deliveredAs: null,
    });
    expect(matched?.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(matched?.evidence).toContainEqual({
      key: 'orderId',
      value: seeded.id,
      order: seeded.id,
    });
    expect(unmatched).toMatchObject({ index: 2, status: 'unmatched', order: null, candidates: [] });
    expect(empty).toMatchObject({
      source: 'empty.zpl',
      status: 'refused',
      error: { messageKey: 'bulk.refused.empty', params: { source: 'empty.zpl' } },
    });
    expect(stranger).toMatchObject({
      source: 'photo.png',
      status: 'refused',
      error: { messageKey: 'bulk.refused.notLabelOrInvoice' },
    });
  });

  it('keeps both files of one name, the second as "name (2)"', async () => {
    const bytes = ascii(label(`Pedido ${seeded.id}`));
    const board = await call('bulkBoard', {
      files: [
        { name: 'a.zpl', bytes },
        { name: 'a.zpl', bytes },
      ],
    });
    expect(board.rows.map((r) => [r.source, r.status])).toEqual([
      ['a.zpl', 'matched'],
      ['a.zpl (2)', 'duplicate'],
    ]);
    expect(board.rows[1]?.duplicateOf).toEqual({ source: 'a.zpl', index: 1 });
  });

  it('refuses an empty drop at the door', async () => {
    const result = await invoke('bulkBoard', { files: [] });
    expect(result.ok).toBe(false);
  });

  it('offline, splits and lists the drop against no order and says so', async () => {
    await useTestProfile(core, 'http://127.0.0.1:9');
    const board = await call('bulkBoard', {
      files: [{ name: 'day.zpl', bytes: ascii(label(`Pedido ${seeded.id}`)) }],
    });
    expect(board.notice).toEqual({ messageKey: 'bulk.board.ordersUnavailable', params: {} });
    expect(board.orders).toBe(0);
    expect(board.rows).toMatchObject([{ kind: 'label', status: 'unmatched', order: null }]);
  }, 60_000);
});
