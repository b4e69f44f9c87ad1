import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StationCore } from '../../src/main/core/station-core.ts';
import { proofEvents } from '../../src/main/evidence/clip-events.ts';
import type { IpcEventLike } from '../../src/main/ipc-manager.ts';
import { startSandbox, type RunningSandbox } from '../../src/sandbox/index.ts';
import { PACK_FIXTURES } from '../../src/sandbox/seed-packing.ts';
import { DEFAULT_CAMERA_SETTINGS } from '../../src/shared/camera.ts';
import { stationFor, tempDir } from '../outbox/helpers.ts';
import { invoker, registerTestHandlers } from '../support/test-handlers.ts';

// Each pack's clip through the real IPC handlers of a real core (issue #41): nothing is recorded
// while Settings → Camera is off; on, the window's fragments are written as they come, and the
// close writes the clip's size, SHA-256 and duration into the pack's record. The fragments are
// a real WebM made by ffmpeg, cut where a MediaRecorder would hand them over.

const dir = tempDir('packbench-station-clips-');
let sandbox: RunningSandbox;
let core: StationCore;
let api = invoker(new Map());
let webm: Uint8Array;

beforeAll(async () => {
  const file = join(dir.path, 'two-seconds.webm');
  execFileSync('ffmpeg', [
    '-loglevel',
    'error',
    '-f',
    'lavfi',
    '-i',
    'testsrc=size=320x180:rate=15',
    '-t',
    '2',
    '-c:v',
    'libvpx',
    '-b:v',
    '300k',
    file,
  ]);
  webm = new Uint8Array(readFileSync(file));
  sandbox = await startSandbox({ port: 0, host: '127.0.0.1' });
  core = await stationFor(sandbox, join(dir.path, 'station'));
  const registered = new Map<string, (event: IpcEventLike, ...args: unknown[]) => unknown>();
  registerTestHandlers({ core, registered, isTrustedSender: () => true });
  api = invoker(registered);
});
afterAll(async () => {
  await core.close();
  await sandbox.close().catch(() => undefined);
  dir.remove();
});

describe('pack clips through IPC', () => {
  it('records nothing while the camera is off, then keeps each clip in its pack record', async () => {
    const order = PACK_FIXTURES.orders.plain;
    await api.unwrap('lookupOrder', { id: order.id });
    const pack = await api.unwrap('openPack', { orderId: order.id, expiryWarningDays: 30 });
    expect(await api.unwrap('getCamera', undefined)).toEqual(DEFAULT_CAMERA_SETTINGS);
    expect(await api.unwrap('clipStart', { packId: pack.id })).toEqual({ recording: false });

    const saved = await api.unwrap('saveCamera', { ...DEFAULT_CAMERA_SETTINGS, enabled: true });
    expect(saved.enabled).toBe(true);
    expect(await api.unwrap('clipStart', { packId: pack.id })).toEqual({ recording: true });
    // Three fragments, as MediaRecorder hands them over; each written before its call answers.
    const cuts = [0, 4096, Math.floor(webm.length / 2), webm.length];
    for (let i = 1; i < cuts.length; i += 1)
      await api.unwrap('clipAppend', { packId: pack.id, bytes: webm.slice(cuts[i - 1], cuts[i]) });
    const clips = join(dir.path, 'station', 'clips');
    expect(readdirSync(clips).some((name) => name.endsWith('.webm.part'))).toBe(true);

    const summary = await api.unwrap('clipFinish', { packId: pack.id });
    const sha256 = createHash('sha256').update(webm).digest('hex');
    expect(summary).toMatchObject({ packId: pack.id, bytes: webm.length, sha256 });
    // The WebM's own timestamps: 2 s of frames at 15 fps.
    expect(summary?.durationMs).toBeGreaterThan(1800);
    expect(summary?.durationMs).toBeLessThan(2200);
    const [file] = readdirSync(clips);
    expect(file).toMatch(new RegExp(`^${pack.id}\\.\\d+\\.webm$`));
    expect(
      createHash('sha256')
        .update(readFileSync(join(clips, file ?? '')))
        .digest('hex'),
    ).toBe(sha256);
    expect(proofEvents(core.outbox.database, pack.id)).toMatchObject([
      { kind: 'clip', file: expect.stringContaining(pack.id), bytes: webm.length, sha256 },
    ]);
    // A second close has nothing to close.
    expect(await api.unwrap('clipFinish', { packId: pack.id })).toBeNull();
  });

  it('refuses a fragment that is not bytes, or empty, at the door', async () => {
    const empty = await api.result('clipAppend', { packId: 'p-1', bytes: new Uint8Array() });
    expect(empty.ok).toBe(false);
    const notBytes = await api.result('clipAppend', {
      packId: 'p-1',
      bytes: 'frames' as unknown as Uint8Array,
    });
    expect(notBytes.ok).toBe(false);
  });
});
