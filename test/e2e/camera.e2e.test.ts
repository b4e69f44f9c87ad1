import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync, readdirSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { proofEvents, type ClipEvent } from '../../src/main/evidence/clip-events.ts';
import { verifyEvidence } from '../../src/main/evidence/verify.ts';
import type { StationCore } from '../../src/main/core/station-core.ts';
import { PACK_FIXTURES } from '../../src/sandbox/seed-packing.ts';
import { en } from '../../src/shared/i18n/en.ts';
import { memoryKeychain, tempDir } from '../outbox/helpers.ts';
import { until } from '../support/until.ts';
import {
  decodedFrames,
  fakeCameraVideo,
  lastFrameSeconds,
  packetCount,
  probeDurationMs,
} from '../evidence/webm.ts';
import { browserArgs, closeBrowser, scanOrder, withOnlineStation } from './harness.ts';

// Proof of pack (issue #41) in the real renderer, on a real core: Chromium's fake camera, fed a
// video ffmpeg makes here, is the overhead camera. Recording follows the pack by itself: the
// order opened starts it, the finish stops it three seconds later (Settings → Camera's default tail). The clip is judged by outsiders:
// ffprobe reads its duration, sha256 of the file on disk is the record's, and Tesseract reads
// the order number burned into a frame decoded by ffmpeg at the last scan.

const scratch = tempDir('packbench-e2e-camera-');
const video = join(scratch.path, 'bench.y4m');

/** Chromium, with its fake camera playing `file`. */
async function cameraPlays(file: string): Promise<void> {
  await closeBrowser();
  browserArgs([
    '--use-fake-device-for-media-stream',
    `--use-file-for-fake-video-capture=${file}`,
    // Chromium asks nobody; the app's own grant rules are main's (window-security.test.ts).
    '--use-fake-ui-for-media-stream',
    // The app's scheme is secure; the test's stand-in origin must be treated alike.
    '--unsafely-treat-insecure-origin-as-secure=http://packbench.test',
  ]);
}

beforeAll(async () => {
  // A moving test pattern at the clip's own size (720p), 15 fps, 2 s (Chromium loops it):
  // the camera gives what the station asks, so the band is laid on its frames' own planes.
  fakeCameraVideo(video, { width: 1280, height: 720, fps: 15, seconds: 2 });
  await cameraPlays(video);
});
afterAll(async () => {
  await closeBrowser();
  scratch.remove();
});

/** The frame at `seconds` of the clip, decoded by ffmpeg and read by Tesseract. */
function textAt(file: string, seconds: number): string {
  const frame = join(scratch.path, `frame-${seconds.toFixed(2)}.png`);
  execFileSync('ffmpeg', [
    '-loglevel',
    'error',
    '-y',
    '-ss',
    seconds.toFixed(2),
    '-i',
    file,
    '-frames:v',
    '1',
    frame,
  ]);
  return execFileSync('tesseract', [frame, 'stdout', '--psm', '6'], { encoding: 'utf8' });
}

/** The verdict's serial: it grows with every answer the pack gives. */
const serialOf = async (page: Page) =>
  Number(
    (await page
      .getByTestId('pack-verdict')
      .getAttribute('data-serial', { timeout: 1_000 })
      .catch(() => '0')) ?? 0,
  );

/**
 * Every unit of the order scanned by SKU in the scan field, each waited on until answered; a
 * batch line's lot list is answered with Enter (the FEFO lot it opens on).
 */
async function scanEveryUnit(
  page: Page,
  order: { items: readonly { sku: string; quantity: number }[] },
): Promise<void> {
  const lots = page.getByTestId('pack-lot-list');
  for (const item of order.items)
    for (let n = 0; n < item.quantity; n += 1) {
      const before = await serialOf(page);
      const field = page.getByTestId('scan-input');
      await field.fill(item.sku);
      await field.press('Enter');
      await until(
        async () => (await serialOf(page)) > before || (await lots.count()) > 0,
        'the scan answered',
      );
      if ((await lots.count()) > 0) {
        const asked = await serialOf(page);
        await page.keyboard.press('Enter');
        await until(async () => (await serialOf(page)) > asked, 'the lot was taken');
      }
    }
}

/**
 * Opens an order with notes from the scan field, reads its notes (Enter), and waits until its
 * clip has its first fragment on disk; the pack's id.
 */
async function openRecorded(page: Page, core: StationCore, orderId: string): Promise<string> {
  await page.getByTestId('scan-input').focus();
  await scanOrder(page, orderId);
  await page.getByTestId('pack-notes').waitFor();
  await page.getByTestId('scan-input').press('Enter');
  await page.getByTestId('pack-notes-read').waitFor();
  const packId = () => core.packing.store.openFor(core.profiles.active().id, orderId)?.id ?? '';
  await until(
    () => packId() !== '' && core.evidence.recorder.clips.state(packId()) === 'recording',
    `order ${orderId} is being recorded`,
  );
  return packId();
}

/** The pack's clip event, once its clip closed into the record. */
async function closedClip(core: StationCore, packId: string): Promise<ClipEvent | undefined> {
  const clipOf = () =>
    proofEvents(core.outbox.database, packId).find((e): e is ClipEvent => e.kind === 'clip');
  await until(() => clipOf() !== undefined, `the clip of ${packId} closed into its record`);
  return clipOf();
}

describe('the pack camera in a real browser', () => {
  it('records the pack by itself, with its facts burned in, and keeps the hash in the record', async () => {
    const data = tempDir('packbench-e2e-camera-data-');
    const order = PACK_FIXTURES.orders.plain;
    try {
      await withOnlineStation(
        async (station) => {
          const { page, core } = station;
          // Settings → Camera: recording on, as a supervisor turns it on.
          await page.getByRole('button', { name: en.nav.settings, exact: true }).click();
          await page.getByTestId('camera-form').waitFor();
          await page.getByLabel(en.camera.settings.enabled).check();
          await page.getByRole('button', { name: en.camera.settings.save }).click();
          await page.getByTestId('camera-saved').waitFor();
          expect(core.evidence.settings().enabled).toBe(true);
          await page.getByRole('button', { name: en.nav.station, exact: true }).click();
          await scanOrder(page, order.id);
          await page.getByTestId('pack-camera-dot').waitFor({ timeout: 15_000 });
          expect(await page.getByTestId('pack-camera-live').getAttribute('aria-label')).toBe(
            en.camera.card.live,
          );
          // Chromium has the breakout box: the overlay is drawn in a worker, and the card shows
          // the recorded track (a video), not a canvas the window's thread paints. The camera
          // gives 720p YUV, so the band goes straight onto its planes.
          const live = page.getByTestId('pack-camera-live');
          expect(await live.evaluate((e) => e.tagName)).toBe('VIDEO');
          await until(
            async () => (await live.getAttribute('data-overlay')) === 'planes',
            "the band laid on the camera's planes",
          );
          // A second of the order on camera, then every unit scanned by SKU.
          const openPack = () =>
            core.packing.store.openFor(core.profiles.active().id, order.id)?.id ?? '';
          await until(() => openPack() !== '', 'the pack opened');
          const packId = openPack();
          await scanEveryUnit(page, order);
          await page.getByTestId('pack-finished').waitFor();
          // The tail (3 s) and the close: the card says the clip was kept.
          await page.getByTestId('pack-camera-saved').waitFor({ timeout: 20_000 });
          expect(await page.getByTestId('pack-camera-dot').count()).toBe(0);

          const [clip] = proofEvents(core.outbox.database, packId).filter(
            (event): event is ClipEvent => event.kind === 'clip',
          );
          if (!clip) throw new Error('the pack record has no clip');
          const file = join(data.path, 'clips', clip.file.split('/').pop() ?? '');
          expect(readdirSync(join(data.path, 'clips'))).toContain(file.split('/').pop());
          const bytes = readFileSync(file);
          expect(clip.bytes).toBe(bytes.length);
          expect(clip.sha256).toBe(createHash('sha256').update(bytes).digest('hex'));
          expect(clip.stopped).toBeNull();
          // ffprobe's duration agrees with the one the record keeps, within half a second.
          expect(clip.durationMs).not.toBeNull();
          expect(Math.abs(probeDurationMs(file) - (clip.durationMs ?? 0))).toBeLessThan(500);
          // It plays: ffmpeg decodes every frame it holds (how many a loaded machine's
          // recorder managed to make is not the question).
          const frames = packetCount(file);
          expect(frames).toBeGreaterThan(0);
          expect(decodedFrames(file)).toBe(frames);
          // The last scan's cue in the clip: the order number and that scan's code are burned
          // into the frame (a second after it, the time the window takes to redraw the band;
          // no scan follows the last one).
          const last = core.packing.store
            .events(packId)
            .filter((event) => event.kind === 'unit')
            .at(-1);
          if (last?.kind !== 'unit') throw new Error('the pack record has no unit');
          const at = Math.max(0, (last.at - clip.startedAt) / 1000 + 1);
          // (At the last frame at most: a loaded machine's recorder may leave gaps before it.)
          const burned = textAt(file, Math.min(at, lastFrameSeconds(file)));
          expect(burned).toContain(order.id);
          expect(burned).toContain(last.unit.code);

          // The station's own player: the clip plays from the app's origin, its scans are
          // captions and a list, and a click on the second scan puts the picture there.
          const units = order.items.reduce((sum, item) => sum + item.quantity, 0);
          await page.getByRole('button', { name: en.camera.player.open }).click();
          const player = page.getByTestId('clip-video');
          await player.waitFor();
          await until(
            () => player.evaluate((v: HTMLVideoElement) => v.readyState >= 2),
            'the clip loaded in the player',
          );
          const cues = page.getByTestId('clip-cues').getByRole('button');
          expect(await cues.count()).toBe(units);
          await until(
            () =>
              player.evaluate((v: HTMLVideoElement) => (v.textTracks[0]?.cues?.length ?? 0) > 0),
            'the WebVTT track loaded',
          );
          expect(
            await player.evaluate((v: HTMLVideoElement) => v.textTracks[0]?.cues?.length),
          ).toBe(units);
          const second = cues.nth(1);
          const target = Number(await second.getAttribute('data-start-ms')) / 1000;
          await second.click();
          await until(
            () =>
              player.evaluate(
                (v: HTMLVideoElement, at: number) =>
                  !v.seeking && v.readyState >= 2 && Math.abs(v.currentTime - at) < 0.1,
                target,
              ),
            'the player jumped to the second scan',
          );
          // The picture at that moment, as the player shows it: the order is burned in.
          const png = await player.evaluate((v: HTMLVideoElement) => {
            const canvas = document.createElement('canvas');
            canvas.width = v.videoWidth;
            canvas.height = v.videoHeight;
            canvas.getContext('2d')?.drawImage(v, 0, 0);
            return canvas.toDataURL('image/png').split(',')[1] ?? '';
          });
          const shown = join(scratch.path, 'player-frame.png');
          writeFileSync(shown, Buffer.from(png, 'base64'));
          expect(
            execFileSync('tesseract', [shown, 'stdout', '--psm', '6'], { encoding: 'utf8' }),
          ).toContain(order.id);

          // Export evidence beside the player: a bundle that verifies, named on the card.
          await page.getByRole('button', { name: en.camera.player.export }).click();
          const exported = page.getByTestId('evidence-exported');
          await exported.waitFor({ timeout: 20_000 });
          const bundle = (await exported.getAttribute('data-file')) ?? '';
          expect(await verifyEvidence(bundle)).toMatchObject({ ok: true, problems: [] });
          // Playing the station's own clips widened nothing: no CSP violation, nothing outside.
          expect(await station.cspViolations()).toEqual([]);
          expect(station.outsideRequests()).toEqual([]);

          // The clips folder goes mid-pack (a share dropped): the card says so in a sentence,
          // the camera is let go, packing goes on to the finish, and the record keeps why.
          await page.keyboard.press('Escape');
          const share = join(scratch.path, 'share');
          await core.evidence.saveSettings({ ...core.evidence.settings(), folder: share });
          const next = PACK_FIXTURES.orders.gift;
          const nextId = await openRecorded(page, core, next.id);
          rmSync(share, { recursive: true, force: true });
          const stopped = page.getByTestId('pack-camera-stopped');
          await stopped.waitFor({ timeout: 15_000 });
          expect(await stopped.innerText()).toContain(share);
          expect(await page.getByTestId('pack-camera-dot').count()).toBe(0);
          await scanEveryUnit(page, next);
          await page.getByTestId('pack-finished').waitFor();
          const stoppedClip = await closedClip(core, nextId);
          expect(stoppedClip?.stopped?.messageKey).toBe('evidence.clip.writeFailed');
          expect(core.packing.store.get(nextId)?.status).toBe('finished');

          // The camera unplugged mid-pack: Chromium's fake camera loses its file, its track
          // ends as a camera pulled out does, the card says so and the pack goes on.
          await core.evidence.saveSettings({ ...core.evidence.settings(), folder: null });
          const third = PACK_FIXTURES.orders.case;
          const thirdId = await openRecorded(page, core, third.id);
          truncateSync(video, 0);
          const trouble = page.getByTestId('pack-camera-trouble');
          await trouble.waitFor({ timeout: 20_000 });
          expect(await trouble.innerText()).toBe(en.camera.card.unplugged);
          await scanEveryUnit(page, third);
          await page.getByTestId('pack-finished').waitFor();
          const kept = await closedClip(core, thirdId);
          // What was recorded before the camera went is kept and plays.
          expect(kept?.bytes).toBeGreaterThan(0);
          const keptFrames = packetCount(kept?.file ?? '');
          expect(keptFrames).toBeGreaterThan(0);
          expect(decodedFrames(kept?.file ?? '')).toBe(keptFrames);
        },
        { dataDir: data.path, keychain: memoryKeychain() },
      );
    } finally {
      data.remove();
    }
  }, 120_000);

  it('draws the band whole on a camera of another size, scaled to the clip', async () => {
    // 640×360: the clip is 720p, so each frame is scaled on a canvas in the worker.
    const small = fakeCameraVideo(join(scratch.path, 'small.y4m'), {
      width: 640,
      height: 360,
      fps: 15,
      seconds: 2,
    });
    await cameraPlays(small);
    const data = tempDir('packbench-e2e-camera-small-');
    const order = PACK_FIXTURES.orders.plain;
    try {
      await withOnlineStation(
        async ({ page, core }) => {
          await scanOrder(page, order.id);
          const live = page.getByTestId('pack-camera-live');
          await live.waitFor({ timeout: 15_000 });
          await until(
            async () => (await live.getAttribute('data-overlay')) === 'canvas',
            'the band drawn on a canvas',
          );
          const packId = core.packing.store.openFor(core.profiles.active().id, order.id)?.id;
          if (!packId) throw new Error('the pack did not open');
          await until(
            () => core.evidence.recorder.clips.state(packId) === 'recording',
            'the first fragment written',
          );
          await scanEveryUnit(page, order);
          await page.getByTestId('pack-finished').waitFor();
          const clip = await closedClip(core, packId);
          const file = clip?.file ?? '';
          // The clip has the chosen size, and its frames carry the order.
          expect(
            execFileSync(
              'ffprobe',
              [
                ...['-v', 'error', '-select_streams', 'v:0'],
                ...['-show_entries', 'stream=width,height', '-of', 'csv=p=0', file],
              ],
              { encoding: 'utf8' },
            ).trim(),
          ).toBe('1280,720');
          // The order is in the band of every frame: the clip's middle (a seek to the very last
          // frame's time may decode nothing, and ffmpeg then writes no picture).
          expect(textAt(file, lastFrameSeconds(file) / 2)).toContain(order.id);
        },
        { dataDir: data.path, keychain: memoryKeychain() },
        // Settings → Camera on before the window opens (the first test turns it on by hand).
        async (core) => {
          await core.evidence.saveSettings({ ...core.evidence.settings(), enabled: true });
        },
      );
    } finally {
      data.remove();
    }
  }, 60_000);
});
