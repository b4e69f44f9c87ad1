import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveAppRequest, APP_ORIGIN } from '../../src/main/app-protocol.ts';
import { createStationCore, type StationCore } from '../../src/main/core/station-core.ts';
import { verifyEvidence } from '../../src/main/evidence/verify.ts';
import type { IpcEventLike } from '../../src/main/ipc-manager.ts';
import { policySchema } from '../../src/shared/policy/schema.ts';
import { PACK_FIXTURES } from '../../src/sandbox/index.ts';
import { memoryKeychain, tempDir } from '../outbox/helpers.ts';
import { invoker, registerTestHandlers } from '../support/test-handlers.ts';
import { fragments, liveWebm } from './webm.ts';
import { scanOrderUnits } from '../records/stations.ts';

// Proof of pack as IT sets it (issue #41): the machine policy names the clips folder (a share),
// locks Settings → Camera and makes the clip a gate for the finish. Then the station's own
// player: the order's clips with one cue per scan, the clip served (whole and by range) by the
// app's protocol from that folder, and Export evidence writing a bundle that verifies.

const dir = tempDir('packbench-proof-policy-');
const share = join(dir.path, 'share', 'clips');
const evidenceDir = join(dir.path, 'Documents', 'Packbench evidence');
let core: StationCore;
let call = invoker(new Map()).unwrap;
let result = invoker(new Map()).result;
let webm: Buffer;

beforeAll(async () => {
  webm = await liveWebm(3);
  const policy = policySchema.parse({
    camera: { enabled: true, required: true, folder: share, tailSeconds: 0, locked: true },
  });
  core = await createStationCore({
    dataDir: join(dir.path, 'station'),
    keychain: memoryKeychain(),
    health: { intervalMs: 60_000 },
    policy: { file: join(dir.path, 'policy.json'), policy },
    evidenceDir,
  });
  const registered = new Map<string, (event: IpcEventLike, ...args: unknown[]) => unknown>();
  registerTestHandlers({ core, registered, isTrustedSender: () => true });
  ({ unwrap: call, result } = invoker(registered));
});
afterAll(async () => {
  await core.close();
  dir.remove();
});

/** Every unit of the order scanned (lots answered with the FEFO one); the pack left open. */
const scanAll = (order: (typeof PACK_FIXTURES.orders)['plain']) => scanOrderUnits(call, order);

describe('proof of pack under the machine policy', () => {
  it('keeps Settings → Camera as IT set it, and refuses a change', async () => {
    const settings = await call('getCamera', undefined);
    expect(settings).toMatchObject({ enabled: true, required: true, folder: share });
    const refused = await result('saveCamera', { ...settings, required: false });
    expect(refused.ok).toBe(false);
    if (!refused.ok) expect(refused.error.messageKey).toBe('policy.locked');
  });

  it('finishes a pack only while its clip is being written, into the folder IT named', async () => {
    const order = PACK_FIXTURES.orders.plain;
    let view = await scanAll(order);
    // No clip at all: the finish is refused in a sentence, the pack stays open and whole.
    view = await call('finishPack', { packId: view.id });
    expect(view.status).toBe('open');
    expect(view.verdict?.messageKey).toBe('camera.gate.none');
    // Started but nothing written yet: still refused, with its own sentence.
    expect(await call('clipStart', { packId: view.id })).toEqual({ recording: true });
    view = await call('finishPack', { packId: view.id });
    expect(view.verdict?.messageKey).toBe('camera.gate.waiting');
    for (const piece of fragments(webm, 16 * 1024))
      await call('clipAppend', { packId: view.id, bytes: new Uint8Array(piece) });
    view = await call('finishPack', { packId: view.id });
    expect(view.status).toBe('finished');
    expect(view.station).not.toBe('');
    expect(view.packer).not.toBe('');

    const clip = await call('clipFinish', { packId: view.id });
    expect(clip?.bytes).toBe(webm.length);
    const [name] = readdirSync(share);
    expect(name).toMatch(new RegExp(`^${view.id}\\.\\d+\\.webm$`));
    expect(existsSync(join(dir.path, 'station', 'clips'))).toBe(false);

    // The player: the order's newest pack here, its clip and one cue per counted scan.
    const played = await call('packClips', { orderId: order.id });
    expect(played?.packId).toBe(view.id);
    const [first] = played?.clips ?? [];
    expect(first).toMatchObject({
      index: 0,
      src: `/clips/${view.id}/0.webm`,
      track: `/clips/${view.id}/0.vtt`,
      bytes: webm.length,
      sha256: createHash('sha256').update(webm).digest('hex'),
      available: true,
    });
    // Every scan happened before this clip began: none of them is in it, so no cue.
    expect(first?.cues).toEqual([]);

    // The app's protocol serves it from the share, whole and by range, and its track.
    const clips = core.evidence.clips;
    const whole = await serveAppRequest('/nonexistent', `${APP_ORIGIN}${first?.src}`, { clips });
    expect(whole.status).toBe(200);
    expect(Buffer.from(await whole.arrayBuffer()).equals(webm)).toBe(true);
    const range = await serveAppRequest('/nonexistent', `${APP_ORIGIN}${first?.src}`, {
      clips,
      range: 'bytes=10-19',
    });
    expect(range.status).toBe(206);
    expect(Buffer.from(await range.arrayBuffer()).equals(webm.subarray(10, 20))).toBe(true);
    const track = await serveAppRequest('/nonexistent', `${APP_ORIGIN}${first?.track}`, { clips });
    expect(await track.text()).toMatch(/^WEBVTT/);
    // Without the core's clips (a plain page request), the route answers nothing.
    expect((await serveAppRequest('/nonexistent', `${APP_ORIGIN}${first?.src}`)).status).toBe(404);

    // Export evidence, as the order card does it: a bundle that verifies, in the documents.
    const exported = await call('exportEvidence', { orderId: order.id });
    expect(dirname(exported.file)).toBe(evidenceDir);
    expect(readFileSync(exported.file).length).toBe(exported.bytes);
    const verified = await verifyEvidence(exported.file);
    expect(verified).toMatchObject({
      ok: true,
      problems: [],
      manifestSha256: exported.manifestSha256,
    });
  });

  it('gives cues at the scans a clip saw, and says when an order has no pack here', async () => {
    const order = PACK_FIXTURES.orders.gift;
    await call('lookupOrder', { id: order.id });
    const opened = await call('openPack', { orderId: order.id, expiryWarningDays: 30 });
    await call('clipStart', { packId: opened.id });
    for (const piece of fragments(webm, 16 * 1024))
      await call('clipAppend', { packId: opened.id, bytes: new Uint8Array(piece) });
    const view = await scanAll(order);
    const finished =
      view.status === 'finished' ? view : await call('finishPack', { packId: view.id });
    expect(finished.status).toBe('finished');
    await call('clipFinish', { packId: view.id });
    const played = await call('packClips', { orderId: order.id });
    const scans = order.items.reduce((sum, item) => sum + item.quantity, 0);
    // One cue per counted unit, each naming its product, in the order they were scanned:
    // the clip began before the first scan and its 3 s of frames outlast the last one.
    const cues = played?.clips[0]?.cues ?? [];
    expect(cues.map((cue) => cue.id.split('-')[0])).toEqual(Array(scans).fill('unit'));
    const skus = new Set(order.items.map((item) => item.sku));
    for (const cue of cues)
      expect(cue.lines.some((line) => [...skus].some((sku) => line.includes(sku)))).toBe(true);
    expect(cues.map((cue) => cue.startMs)).toEqual(
      cues.map((cue) => cue.startMs).sort((a, b) => a - b),
    );
    expect(await call('packClips', { orderId: 'NO-SUCH-ORDER' })).toBeNull();
    const none = await result('exportEvidence', { orderId: 'NO-SUCH-ORDER' });
    expect(none.ok).toBe(false);
    if (!none.ok) expect(none.error.messageKey).toBe('evidence.cli.noPack');
  });

  it('says when the clips folder goes mid-pack, and then holds the finish the policy gates', async () => {
    const order = PACK_FIXTURES.orders.case;
    await call('lookupOrder', { id: order.id });
    const opened = await call('openPack', { orderId: order.id, expiryWarningDays: 30 });
    await call('clipStart', { packId: opened.id });
    const pieces = fragments(webm, 16 * 1024);
    for (const piece of pieces.slice(0, 2))
      expect(await call('clipAppend', { packId: opened.id, bytes: new Uint8Array(piece) })).toEqual(
        { stopped: null },
      );
    // The share drops (its folder is gone): the next fragment cannot be written.
    rmSync(share, { recursive: true, force: true });
    const answer = await call('clipAppend', {
      packId: opened.id,
      bytes: new Uint8Array(pieces[2] ?? Buffer.alloc(1)),
    });
    expect(answer.stopped).toEqual({
      messageKey: 'evidence.clip.writeFailed',
      params: { folder: share, code: 'ENOENT' },
    });
    const view = await scanAll(order);
    const units = order.items.reduce((sum, item) => sum + item.quantity, 0);
    expect(view.lines.reduce((sum, line) => sum + line.scanned, 0)).toBe(units);
    const held = await call('finishPack', { packId: view.id });
    expect(held.status).toBe('open');
    expect(held.verdict?.messageKey).toBe('camera.gate.stopped');
  });
});
