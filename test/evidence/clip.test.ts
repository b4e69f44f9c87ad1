import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { proofEvents, type ClipEvent } from '../../src/main/evidence/clip-events.ts';
import { nodeClipFs, type ClipFs } from '../../src/main/evidence/clip-fs.ts';
import { ClipStore, type ClipSentence } from '../../src/main/evidence/clip-store.ts';
import { cuesOf } from '../../src/main/evidence/cues.ts';
import { EvidenceRecorder } from '../../src/main/evidence/recorder.ts';
import { PackStore } from '../../src/main/pack/pack-store.ts';
import { systemClock } from '../../src/main/platform/clock.ts';
import { translate } from '../../src/shared/i18n/translate.ts';
import {
  closeStation,
  ORDERS,
  packOrder,
  startStation,
  type TestStation,
} from '../records/stations.ts';
import { decodedFrames, fragments, liveWebm, probeDurationMs, recording } from './webm.ts';

// Proof of pack's clips on a real station (issue #41): a real WebM from ffmpeg handed to main
// in fragments while a pack is packed through the real IPC handlers, the clip's hash and length
// in the pack's record, a clip cut by a process killed mid-write, and a disk that fills.

const SECONDS = 4;
const RATE = 15;
const PIECE = 16 * 1024;
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

let station: TestStation;
let webm: Buffer;
let clipsDir: string;

beforeAll(async () => {
  [station, webm] = await Promise.all([startStation(), liveWebm(SECONDS, '640x360', RATE)]);
  clipsDir = join(station.dir.path, 'clips');
}, 30_000);

afterAll(async () => {
  if (station) await closeStation(station);
});

const recorderFor = (fs: ClipFs = nodeClipFs, stopped: ClipSentence[] = []) =>
  new EvidenceRecorder({
    db: station.core.outbox.database,
    clips: new ClipStore({
      dir: clipsDir,
      clock: systemClock,
      fs,
      onStopped: (_, sentence) => stopped.push(sentence),
    }),
    clock: systemClock,
  });

const clipEvents = (packId: string) =>
  proofEvents(station.core.outbox.database, packId).filter(
    (e): e is ClipEvent => e.kind === 'clip',
  );

describe('a clip recorded while a pack is packed', () => {
  it('plays, is the bytes handed over, and its hash and length are in the pack record', async () => {
    const recorder = recorderFor();
    const pieces = fragments(webm, PIECE);
    const rec = recording(station, recorder, pieces);
    const view = await packOrder(rec.station, ORDERS.plain);
    expect(view.status).toBe('finished');
    await rec.rest();
    const result = await recorder.finish(rec.packId());
    expect(result).not.toBeNull();
    if (!result) return;
    expect(pieces.length).toBeGreaterThan(4);

    // The file is exactly what was handed over, closed under its final name.
    const onDisk = readFileSync(result.file);
    expect(onDisk.equals(webm)).toBe(true);
    expect(result.file.endsWith('.webm')).toBe(true);
    expect(readdirSync(clipsDir).some((name) => name.endsWith('.part'))).toBe(false);

    // The record holds the clip's SHA-256 and length, and they are the file's.
    const [event] = clipEvents(rec.packId());
    expect(event).toMatchObject({ bytes: onDisk.length, sha256: sha256(onDisk), stopped: null });
    expect(event?.file).toBe(result.file);

    // It plays: ffmpeg decodes every frame, ffprobe's duration is ours and the recording's.
    expect(decodedFrames(result.file)).toBe(SECONDS * RATE);
    const probed = probeDurationMs(result.file);
    expect(Math.abs(probed - (result.durationMs ?? 0))).toBeLessThanOrEqual(100);
    expect(Math.abs(probed - SECONDS * 1000)).toBeLessThanOrEqual(500);

    // The pack's own record is whole beside it, and each counted scan has its cue.
    const record = station.journal.record(rec.packId());
    const units = ORDERS.plain.items.reduce((sum, item) => sum + item.quantity, 0);
    expect(record?.units.reduce((sum, unit) => sum + unit.quantity, 0)).toBe(units);
    const store = new PackStore(station.core.outbox.database);
    const pack = store.get(rec.packId());
    if (!pack || !event) throw new Error('no pack');
    const cues = cuesOf(pack, store.events(pack.id), event);
    const scans = store.events(pack.id).filter((e) => e.kind === 'unit');
    expect(cues.map((cue) => cue.id)).toEqual(scans.map((e) => `unit-${e.seq}`));
    expect(cues.map((cue) => cue.startMs)).toEqual(scans.map((e) => e.at - event.startedAt));
  });

  it('survives a crash mid-write: the part before the cut is closed as it is, hashed and plays', async () => {
    const view = await packOrder(station, ORDERS.case);
    const source = join(station.dir.path, 'source.webm');
    writeFileSync(source, webm);
    const child = spawn(
      process.execPath,
      [join(import.meta.dirname, 'crash-child.ts'), clipsDir, view.id, source, String(PIECE), '4'],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    const killed = new Promise<NodeJS.Signals | null>((resolve) =>
      child.once('exit', (_, signal) => resolve(signal)),
    );
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => chunk.toString().includes('cut') && resolve());
      child.once('exit', () => reject(new Error('the recording process ended by itself')));
    });
    child.kill('SIGKILL');
    expect(await killed).toBe('SIGKILL');
    const [part] = readdirSync(clipsDir).filter((name) => name.endsWith('.part'));
    expect(part).toMatch(new RegExp(`^${view.id}\\.\\d+\\.webm\\.part$`));

    // The station starts again: what the crash left is closed and written into the record.
    const recovered = await recorderFor().recover();
    expect(recovered).toHaveLength(1);
    const [result] = recovered;
    if (!result) return;
    const cutAt = 4 * PIECE + PIECE / 2;
    const onDisk = readFileSync(result.file);
    expect(onDisk.length).toBe(cutAt);
    expect(onDisk.equals(webm.subarray(0, cutAt))).toBe(true);
    expect(result).toMatchObject({ packId: view.id, recovered: true, bytes: cutAt });
    expect(clipEvents(view.id)).toEqual([
      expect.objectContaining({ sha256: sha256(onDisk), bytes: cutAt, recovered: true }),
    ]);
    expect(existsSync(join(clipsDir, part ?? ''))).toBe(false);

    // The part before the cut plays: frames decode, up to about where the bytes ended.
    const frames = decodedFrames(result.file);
    expect(frames).toBeGreaterThan(0);
    expect(frames).toBeLessThan(SECONDS * RATE);
    const probed = probeDurationMs(result.file);
    expect(probed).toBeLessThan(SECONDS * 1000 - 500);
    expect(Math.abs(probed - (result.durationMs ?? 0))).toBeLessThanOrEqual(250);
  });

  it('stops the clip with a sentence on a full disk, and the pack and its record go on', async () => {
    let writes = 0;
    const fullAfterThree: ClipFs = {
      ...nodeClipFs,
      appendBytes: async (path, bytes) => {
        writes += 1;
        if (writes > 3)
          throw Object.assign(new Error('ENOSPC: no space left on device, write'), {
            code: 'ENOSPC',
          });
        return nodeClipFs.appendBytes(path, bytes);
      },
    };
    const stopped: ClipSentence[] = [];
    const recorder = recorderFor(fullAfterThree, stopped);
    const pieces = fragments(webm, PIECE);
    const rec = recording(station, recorder, pieces);
    const view = await packOrder(rec.station, ORDERS.gift);
    await rec.rest();
    expect(view.status).toBe('finished');
    expect(writes).toBe(4); // the clip stopped at the first refusal: no write after it
    expect(stopped).toEqual([
      { messageKey: 'evidence.clip.diskFull', params: { folder: clipsDir } },
    ]);
    expect(translate('en', stopped[0]?.messageKey ?? '', stopped[0]?.params)).toBe(
      `The disk holding the clips (${clipsDir}) is full: this pack is no longer recorded. Packing goes on.`,
    );

    const result = await recorder.finish(rec.packId());
    const onDisk = readFileSync(result?.file ?? '');
    expect(onDisk.equals(webm.subarray(0, 3 * PIECE))).toBe(true);
    const [event] = clipEvents(rec.packId());
    expect(event).toMatchObject({
      bytes: 3 * PIECE,
      sha256: sha256(onDisk),
      stopped: { messageKey: 'evidence.clip.diskFull' },
    });
    expect(decodedFrames(result?.file ?? '')).toBeGreaterThan(0);

    // The pack's record is whole: every unit, finished, as packing without a camera gives it.
    const record = station.journal.record(rec.packId());
    expect(record?.status).toBe('finished');
    const units = ORDERS.gift.items.reduce((sum, item) => sum + item.quantity, 0);
    expect(record?.units.reduce((sum, unit) => sum + unit.quantity, 0)).toBe(units);
  });
});
