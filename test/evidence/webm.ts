import { execFileSync, spawn, spawnSync } from 'node:child_process';
import type { EvidenceRecorder } from '../../src/main/evidence/recorder.ts';
import type { TestStation } from '../records/stations.ts';

// Real WebM for the proof-of-pack tests (issue #41), made by Debian's ffmpeg the way
// MediaRecorder makes it: written to a pipe, so the Segment and its Clusters have no size, no
// Duration and no Cues, and the clip only plays because its frames follow one another. ffprobe
// reads back how long a clip plays, from its packets (a live WebM states no duration).

/** A live WebM of `seconds` of ffmpeg's test pattern (VP8), as ffmpeg streamed it. */
export function liveWebm(seconds: number, size = '640x360', rate = 15): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const ffmpeg = spawn(
      'ffmpeg',
      [
        ...['-hide_banner', '-loglevel', 'error', '-f', 'lavfi'],
        ...['-i', `testsrc=duration=${seconds}:size=${size}:rate=${rate}`],
        ...['-c:v', 'libvpx', '-deadline', 'realtime', '-cpu-used', '8', '-b:v', '600k'],
        ...['-f', 'webm', '-live', '1', '-cluster_time_limit', '500', 'pipe:1'],
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    const chunks: Buffer[] = [];
    let stderr = '';
    ffmpeg.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
    ffmpeg.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    ffmpeg.once('error', reject);
    ffmpeg.once('close', (code) =>
      code === 0 ? resolve(Buffer.concat(chunks)) : reject(new Error(`ffmpeg: ${stderr}`)),
    );
  });
}

/**
 * A video for Chromium's fake camera (`--use-file-for-fake-video-capture`): ffmpeg's moving test
 * pattern as a `.y4m`, `seconds` long (Chromium loops it).
 */
export function fakeCameraVideo(
  file: string,
  { width, height, fps, seconds }: { width: number; height: number; fps: number; seconds: number },
): string {
  execFileSync('ffmpeg', [
    ...['-loglevel', 'error', '-f', 'lavfi'],
    ...['-i', `testsrc=size=${width}x${height}:rate=${fps}`],
    ...['-t', String(seconds), '-pix_fmt', 'yuv420p', file],
  ]);
  return file;
}

/** The clip cut in fragments of about `size` bytes, as MediaRecorder's timeslices hand them. */
export function fragments(clip: Buffer, size: number): Buffer[] {
  const pieces: Buffer[] = [];
  for (let at = 0; at < clip.length; at += size) pieces.push(clip.subarray(at, at + size));
  return pieces;
}

/** When the file's last frame starts (s), as ffprobe reads its packets. */
export function lastFrameSeconds(file: string): number {
  return lastPacket(file).pts;
}

/** How long ffprobe says the file plays (ms): its last packet's time plus its duration. */
export function probeDurationMs(file: string): number {
  const { pts, duration } = lastPacket(file);
  return Math.round((pts + duration) * 1000);
}

function lastPacket(file: string): { pts: number; duration: number } {
  const probe = spawnSync(
    'ffprobe',
    ['-v', 'error', '-show_entries', 'packet=pts_time,duration_time', '-of', 'csv=p=0', file],
    { encoding: 'utf8' },
  );
  if (probe.status !== 0) throw new Error(`ffprobe: ${probe.stderr}`);
  const last = probe.stdout.trim().split('\n').at(-1) ?? '';
  const [pts, duration] = last.split(',').map(Number);
  if (pts === undefined || !Number.isFinite(pts)) throw new Error(`ffprobe read no packet`);
  // The last packet may state no duration ("N/A"), as MediaRecorder's last block can.
  return { pts, duration: duration !== undefined && Number.isFinite(duration) ? duration : 0 };
}

/** One count ffprobe gives for the file's video stream (`-count_frames` decodes them all). */
function countOf(file: string, flag: '-count_frames' | '-count_packets', entry: string): number {
  const probe = spawnSync(
    'ffprobe',
    ['-v', 'error', flag, '-select_streams', 'v:0', '-show_entries', `stream=${entry}`].concat([
      '-of',
      'csv=p=0',
      file,
    ]),
    { encoding: 'utf8' },
  );
  if (probe.status !== 0) throw new Error(`ffprobe could not read ${file}: ${probe.stderr}`);
  return Number(probe.stdout.trim());
}

/** How many video frames ffmpeg decodes from the file; throws when it cannot decode it. */
export const decodedFrames = (file: string) => countOf(file, '-count_frames', 'nb_read_frames');

/** How many video packets (frames) the file holds, read without decoding them. */
export const packetCount = (file: string) => countOf(file, '-count_packets', 'nb_read_packets');

/**
 * The station as the window drives it while the camera records: the clip starts when the pack
 * opens, and each call to the station hands main the next fragment first. Pass it to
 * packOrder(); `packId()` names the pack once it opened.
 */
export function recording(
  station: TestStation,
  recorder: EvidenceRecorder,
  pieces: readonly Uint8Array[],
): { station: TestStation; packId: () => string; rest: () => Promise<void> } {
  let packId = '';
  let next = 0;
  const feed = async () => {
    const piece = pieces[next];
    if (!packId || !piece) return;
    next += 1;
    await recorder.append(packId, piece);
  };
  const call = (async (name: string, input: unknown) => {
    await feed();
    const view = await (station.call as (n: string, i: unknown) => Promise<{ id: string }>)(
      name,
      input,
    );
    if (name === 'openPack') {
      packId = view.id;
      recorder.start(packId);
      await feed();
    }
    return view;
  }) as TestStation['call'];
  return {
    station: { ...station, call },
    packId: () => packId,
    // The few seconds after the finish: what the camera still hands over.
    rest: async () => {
      while (next < pieces.length) await feed();
    },
  };
}
