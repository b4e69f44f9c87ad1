/// <reference lib="webworker" />
// The clip's overlay off the window's thread (issue #41): the camera's frames come in through
// a MediaStreamTrackProcessor's stream, each is drawn with the pack's facts on an
// OffscreenCanvas of the clip's size and handed on, with its own timestamp, to a
// MediaStreamTrackGenerator's stream that MediaRecorder records. The window only sends the
// lines when they change, so a scan's verdict never waits behind a frame being drawn.
import { drawFrame } from './overlay-draw.ts';

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

let lines: string[] = [];

async function run(message: Extract<OverlayMessage, { kind: 'start' }>): Promise<void> {
  const canvas = new OffscreenCanvas(message.width, message.height);
  const context = canvas.getContext('2d');
  const reader = message.readable.getReader();
  const writer = message.writable.getWriter();
  try {
    for (;;) {
      const { value: frame, done } = await reader.read();
      if (done) break;
      try {
        if (context)
          drawFrame(
            context,
            frame,
            { width: frame.displayWidth, height: frame.displayHeight },
            lines,
          );
        const drawn = new VideoFrame(canvas, {
          timestamp: frame.timestamp,
          ...(frame.duration === null ? {} : { duration: frame.duration }),
        });
        await writer.write(drawn);
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
