/// <reference lib="webworker" />
// The clip's overlay off the window's thread (issue #41): the camera's frames come in through
// a MediaStreamTrackProcessor's stream, each gets the pack's facts and is handed on, with its
// own timestamp, to a MediaStreamTrackGenerator's stream that MediaRecorder records. The window
// only sends the lines when they change, so a scan's verdict never waits behind a frame.
//
// A frame that is already the clip's size in a YUV layout (what a camera asked for 720p sends)
// gets the band blended into its planes (overlay-band.ts): a copy and the band's rows, about a
// tenth of drawing it whole. Any other (another size to crop or scale, RGB) is drawn on an
// OffscreenCanvas of the clip's size.
import { bandFromRgba, blendBand, isPlanarFormat, type Band } from './overlay-band.ts';
import { bandRows, drawBand, drawFrame } from './overlay-draw.ts';

export type OverlayMessage =
  | {
      kind: 'start';
      readable: ReadableStream<VideoFrame>;
      writable: WritableStream<VideoFrame>;
      width: number;
      height: number;
      lines: string[];
    }
  | { kind: 'lines'; lines: string[] };

/** How the worker lays the band, told the window when it changes (the live view shows it). */
export type OverlayWay = 'planes' | 'canvas';
export interface OverlayReport {
  kind: 'way';
  way: OverlayWay;
}

let lines: string[] = [];

/** The band for the current lines, made anew only when they (or the frame's range) change. */
const bands = (() => {
  let made: { key: string; band: Band } | null = null;
  return (width: number, height: number, fullRange: boolean): Band => {
    const key = `${width}×${height} ${fullRange} ${lines.join('\n')}`;
    if (made?.key === key) return made.band;
    const rows = bandRows(height, lines);
    const canvas = new OffscreenCanvas(width, rows);
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no 2D context for the band');
    drawBand(context, height, lines);
    const pixels = context.getImageData(0, 0, width, rows).data;
    made = { key, band: bandFromRgba(pixels, width, rows, fullRange) };
    return made.band;
  };
})();

/** One buffer reused for every frame's copy (VideoFrame copies it again when made). */
let buffer = new Uint8Array(0);

/** The frame with the band blended into its own planes, or null when it must be drawn. */
async function blended(
  frame: VideoFrame,
  width: number,
  height: number,
): Promise<VideoFrame | null> {
  const { format, visibleRect } = frame;
  if (!isPlanarFormat(format) || visibleRect?.width !== width || visibleRect.height !== height)
    return null;
  const size = frame.allocationSize();
  if (buffer.byteLength < size) buffer = new Uint8Array(size);
  const planes = await frame.copyTo(buffer);
  const fullRange = frame.colorSpace.fullRange ?? false;
  blendBand(buffer, format, planes, height, bands(width, height, fullRange));
  return new VideoFrame(buffer, {
    format,
    codedWidth: width,
    codedHeight: height,
    layout: planes,
    timestamp: frame.timestamp,
    colorSpace: frame.colorSpace.toJSON(),
    ...(frame.duration === null ? {} : { duration: frame.duration }),
  });
}

async function run(message: Extract<OverlayMessage, { kind: 'start' }>): Promise<void> {
  const { width, height } = message;
  const canvas = new OffscreenCanvas(width, height);
  const context = canvas.getContext('2d');
  const reader = message.readable.getReader();
  const writer = message.writable.getWriter();
  const drawn = (frame: VideoFrame) => {
    if (context)
      drawFrame(context, frame, { width: frame.displayWidth, height: frame.displayHeight }, lines);
    return new VideoFrame(canvas, {
      timestamp: frame.timestamp,
      ...(frame.duration === null ? {} : { duration: frame.duration }),
    });
  };
  let told: OverlayWay | null = null;
  let planesWork = true;
  try {
    for (;;) {
      const { value: frame, done } = await reader.read();
      if (done) break;
      try {
        let planes: VideoFrame | null = null;
        try {
          if (planesWork) planes = await blended(frame, width, height);
        } catch {
          // A camera whose frames cannot be copied or rebuilt this way: the clip goes on, each
          // frame drawn whole from here on, rather than ending as if the camera were pulled.
          planesWork = false;
        }
        const way: OverlayWay = planes ? 'planes' : 'canvas';
        if (way !== told) self.postMessage({ kind: 'way', way } satisfies OverlayReport);
        told = way;
        await writer.write(planes ?? drawn(frame));
      } finally {
        frame.close();
      }
    }
  } finally {
    // The camera's track ended (unplugged) or was stopped: the recording's track ends too.
    await writer.close().catch(() => undefined);
  }
}

self.onmessage = (event: MessageEvent<OverlayMessage>) => {
  const message = event.data;
  lines = message.lines;
  if (message.kind === 'start') void run(message);
};
