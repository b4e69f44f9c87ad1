import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStationCore, type StationCore } from '../../src/main/core/station-core.ts';
import { proofEvents } from '../../src/main/evidence/clip-events.ts';
import type { IpcEventLike } from '../../src/main/ipc-manager.ts';
import { systemClock, type Clock } from '../../src/main/platform/clock.ts';
import { PACK_FIXTURES } from '../../src/sandbox/index.ts';
import { DEFAULT_CAMERA_SETTINGS } from '../../src/shared/camera.ts';
import { memoryKeychain, tempDir } from '../outbox/helpers.ts';
import { invoker, registerTestHandlers } from '../support/test-handlers.ts';
import { fragments, liveWebm } from './webm.ts';

// A clip on hold (issue #41: "never the clip of a pack that is still open or under hold"): a
// supervisor keeps an order's clips for a dispute from the player, and retention passes them
// by until the hold is lifted; the hold and its lifting are in the pack's record.

const DAY = 24 * 60 * 60 * 1000;
const dir = tempDir('packbench-clip-hold-');
let offset = 0;
/** The station's calendar moves on when told; its timers are the system's. */
const clock: Clock = { ...systemClock, now: () => systemClock.now() + offset };
let core: StationCore;
let call = invoker(new Map()).unwrap;
let webm: Buffer;

beforeAll(async () => {
  webm = await liveWebm(1);
  core = await createStationCore({
    dataDir: dir.path,
    keychain: memoryKeychain(),
    health: { intervalMs: 60_000 },
    clock,
  });
  const registered = new Map<string, (event: IpcEventLike, ...args: unknown[]) => unknown>();
  registerTestHandlers({ core, registered, isTrustedSender: () => true });
  call = invoker(registered).unwrap;
  await call('saveCamera', { ...DEFAULT_CAMERA_SETTINGS, enabled: true, keepDays: 1 });
});
afterAll(async () => {
  await core.close();
  dir.remove();
});

/** Opens the order's pack with its clip recording; the finish left to the caller. */
async function recordOpen(orderId: string): Promise<string> {
  await call('lookupOrder', { id: orderId });
  const view = await call('openPack', { orderId, expiryWarningDays: 30 });
  await call('clipStart', { packId: view.id });
  for (const piece of fragments(webm, 32 * 1024))
    await call('clipAppend', { packId: view.id, bytes: new Uint8Array(piece) });
  return view.id;
}

/** The order packed short (no scan needed) and its clip closed: a retention pass runs. */
async function recordFinished(orderId: string): Promise<string> {
  const packId = await recordOpen(orderId);
  const view = await call('finishPack', { packId, short: { reason: 'out_of_stock' } });
  expect(view.status).toBe('short');
  await call('clipFinish', { packId });
  return packId;
}

describe('clips on hold', () => {
  it('are passed by retention until the hold is lifted', async () => {
    const { plain, gift, case: caseOrder, bench } = PACK_FIXTURES.orders;
    const held = await recordFinished(plain.id);
    const other = await recordFinished(gift.id);
    const kept = await call('holdClips', { orderId: plain.id, held: true });
    expect(kept?.held).toBe(true);
    expect(kept?.packId).toBe(held);

    // Two days on (clips are kept one): the next close runs retention.
    offset += 2 * DAY;
    await recordFinished(caseOrder.id);
    expect((await call('packClips', { orderId: plain.id }))?.clips[0]?.available).toBe(true);
    expect((await call('packClips', { orderId: gift.id }))?.clips[0]?.available).toBe(false);
    expect(proofEvents(core.outbox.database, other).map((e) => e.kind)).toEqual([
      'clip',
      'clip-deleted',
    ]);

    // The hold lifted: the next pass takes the held clip too; an open pack's clip stays.
    const released = await call('holdClips', { orderId: plain.id, held: false });
    expect(released?.held).toBe(false);
    const open = await recordOpen(bench.id);
    offset += 2 * DAY;
    await call('clipFinish', { packId: open });
    expect((await call('packClips', { orderId: plain.id }))?.clips[0]?.available).toBe(false);
    expect(proofEvents(core.outbox.database, held).map((e) => e.kind)).toEqual([
      'clip',
      'clip-hold',
      'clip-hold',
      'clip-deleted',
    ]);
    expect(core.evidence.recorder.clips.list().map((clip) => clip.packId)).toContain(open);
  });

  it('needs a pack packed here', async () => {
    expect(await call('holdClips', { orderId: 'NO-SUCH-ORDER', held: true })).toBeNull();
  });
});
