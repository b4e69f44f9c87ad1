import { describe, expect, it } from 'vitest';
import { WebmDuration } from './webm-duration.ts';

// A live WebM built by hand, element by element: the header, a Segment and Clusters of unknown
// size (as MediaRecorder writes them), a Tracks element to skip, and blocks at known times.

const bytes = (...parts: (number | number[] | Uint8Array)[]) =>
  Uint8Array.from(parts.flatMap((p) => (typeof p === 'number' ? [p] : [...p])));
const UNKNOWN = [0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff];
const element = (id: number[], content: Uint8Array) => bytes(id, 0x80 | content.length, content);
const block = (offset: number, payload = 20) =>
  element(
    [0xa3],
    bytes(0x81, (offset >> 8) & 0xff, offset & 0xff, 0x80, new Array(payload).fill(7)),
  );
const cluster = (time: number, ...blocks: Uint8Array[]) =>
  bytes(
    [0x1f, 0x43, 0xb6, 0x75],
    UNKNOWN,
    element([0xe7], bytes(time >> 8, time & 0xff)),
    ...blocks,
  );

function clip(scale = 1_000_000): Uint8Array {
  const scaleBytes = bytes((scale >> 16) & 0xff, (scale >> 8) & 0xff, scale & 0xff);
  return bytes(
    element([0x1a, 0x45, 0xdf, 0xa3], element([0x42, 0x82], new TextEncoder().encode('webm'))),
    [0x18, 0x53, 0x80, 0x67],
    UNKNOWN,
    element([0x15, 0x49, 0xa9, 0x66], element([0x2a, 0xd7, 0xb1], scaleBytes)),
    element([0x16, 0x54, 0xae, 0x6b], bytes(1, 2, 3, 4, 5)),
    cluster(0, block(0), block(66), block(133)),
    cluster(1000, block(0), block(-10), block(66)),
  );
}

const read = (data: Uint8Array, step: number) => {
  const scanner = new WebmDuration();
  for (let at = 0; at < data.length; at += step) scanner.push(data.subarray(at, at + step));
  return scanner.durationMs();
};

describe('WebmDuration', () => {
  it('answers the last frame plus one frame, however the fragments fall', () => {
    const data = clip();
    for (const step of [1, 2, 3, 7, 64, data.length]) expect(read(data, step)).toBe(1066 + 66);
  });

  it('follows the segment time scale', () => {
    expect(read(clip(500_000), 5)).toBe(Math.round((1066 + 66) / 2));
  });

  it('answers the frames that began before a cut', () => {
    const data = clip();
    // Cut inside the last block's payload: its head was read, so its time counts.
    expect(read(data.subarray(0, data.length - 5), 3)).toBe(1066 + 66);
    // Cut before the second cluster: the first one's frames only.
    const second = data.length - cluster(1000, block(0), block(-10), block(66)).length;
    expect(read(data.subarray(0, second), 1)).toBe(133 + 67);
  });

  it('answers null for no frame, and for bytes that are no WebM, without throwing', () => {
    expect(read(clip().subarray(0, 40), 1)).toBeNull();
    expect(read(new Uint8Array(64), 8)).toBeNull();
    expect(read(new TextEncoder().encode('not a webm at all'), 4)).toBeNull();
  });
});
