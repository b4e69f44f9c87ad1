import type { CameraSettings, ClipStop, ClipSummary } from '@shared/camera.ts';
import { RESOLUTION_SIZE } from '@shared/camera.ts';
import { drawFrame } from './overlay-draw.ts';
import type { OverlayMessage, OverlayReport } from './overlay.worker.ts';
import type { Result } from '@shared/result.ts';

// One pack's clip as the window records it (issue #41): the camera through getUserMedia, each
// frame drawn on a canvas with the pack's facts burned in (the overlay), the canvas recorded by
// MediaRecorder as WebM, and every fragment handed to main as it comes (about one a second),
// the next only once main has written the one before. Nothing here throws into the pack: a
// camera that is missing, busy, refused or unplugged becomes a reason the card says.

export type CameraTrouble = 'noCamera' | 'busy' | 'denied' | 'failed' | 'unplugged';

/** What main does with the clip: the bridge's three clip calls. */
export interface ClipSink {
  clipStart: (input: { packId: string }) => Promise<Result<{ recording: boolean }>>;
  clipAppend: (input: {
    packId: string;
    bytes: Uint8Array;
  }) => Promise<Result<{ stopped: ClipStop | null }>>;
  clipFinish: (input: { packId: string }) => Promise<Result<ClipSummary | null>>;
}

/** The lines burned into every frame, read anew for each frame. */
export type OverlayLines = () => readonly string[];

const FRAGMENT_MS = 1000;
/** WebM with VP8 (and Opus when there is sound): what Chromium records everywhere. */
const MIME = 'video/webm;codecs=vp8';

function troubleOf(error: unknown): { trouble: CameraTrouble; why: string } {
  const name = error instanceof DOMException ? error.name : '';
  const why = error instanceof Error ? error.message : String(error);
  if (name === 'NotFoundError' || name === 'OverconstrainedError')
    return { trouble: 'noCamera', why };
  if (name === 'NotReadableError' || name === 'AbortError') return { trouble: 'busy', why };
  if (name === 'NotAllowedError' || name === 'SecurityError') return { trouble: 'denied', why };
  return { trouble: 'failed', why };
}

/** Chromium's "breakout box": a track's frames as a stream, and a track made from a stream. */
interface BreakoutBox {
  MediaStreamTrackProcessor: new (init: { track: MediaStreamTrack }) => {
    readable: ReadableStream<VideoFrame>;
  };
  MediaStreamTrackGenerator: new (init: { kind: 'video' }) => MediaStreamTrack & {
    writable: WritableStream<VideoFrame>;
  };
}

const breakoutBox = (): BreakoutBox | null => {
  const w = window as unknown as Partial<BreakoutBox>;
  return w.MediaStreamTrackProcessor && w.MediaStreamTrackGenerator && 'OffscreenCanvas' in window
    ? (w as BreakoutBox)
    : null;
};

/** How often the window looks whether the overlay's lines changed (the worker path). */
const LINES_EVERY_MS = 100;

export class ClipRecorder {
  /** What the card shows as the live view: the recorded picture, overlay included. */
  readonly view: HTMLCanvasElement | HTMLVideoElement;
  private readonly canvas: HTMLCanvasElement;
  private readonly packId: string;
  private readonly sink: ClipSink;
  private readonly overlay: OverlayLines;
  private readonly onTrouble: (trouble: CameraTrouble, why: string) => void;
  private readonly onStopped: (why: ClipStop) => void;
  /** Main stopped writing this clip: fragments are no longer sent. */
  private halted = false;
  private stream: MediaStream | null = null;
  private recorder: MediaRecorder | null = null;
  private timer: ReturnType<typeof setInterval> | null = null;
  /** The overlay's worker and the track it makes, when the window has a breakout box. */
  private worker: Worker | null = null;
  private composed: MediaStreamTrack | null = null;
  /** Every fragment's write, in order: each waits for the one before. */
  private writing: Promise<unknown> = Promise.resolve();
  private stopping: Promise<ClipSummary | null> | null = null;

  constructor(options: {
    packId: string;
    sink: ClipSink;
    overlay: OverlayLines;
    onTrouble: (trouble: CameraTrouble, why: string) => void;
    /** Main could no longer write the clip (a full disk): said once, recording ends. */
    onStopped?: (why: ClipStop) => void;
  }) {
    this.packId = options.packId;
    this.sink = options.sink;
    this.overlay = options.overlay;
    this.onTrouble = options.onTrouble;
    this.onStopped = options.onStopped ?? (() => undefined);
    this.canvas = document.createElement('canvas');
    this.view = breakoutBox() ? document.createElement('video') : this.canvas;
  }

  /** Opens the camera and starts recording; false (and a trouble told) when it cannot. */
  async start(settings: CameraSettings): Promise<boolean> {
    const size = RESOLUTION_SIZE[settings.resolution];
    try {
      this.stream = await navigator.mediaDevices.getUserMedia({
        video: {
          ...(settings.deviceId ? { deviceId: { exact: settings.deviceId } } : {}),
          width: { ideal: size.width },
          height: { ideal: size.height },
          frameRate: { ideal: settings.fps },
        },
        audio: settings.audio,
      });
    } catch (error) {
      const { trouble, why } = troubleOf(error);
      this.onTrouble(trouble, why);
      return false;
    }
    const started = await this.sink.clipStart({ packId: this.packId });
    if (!started.ok || !started.value.recording) {
      this.release();
      return false;
    }
    const [track] = this.stream.getVideoTracks();
    if (!track) {
      this.onTrouble('noCamera', '');
      this.release();
      return false;
    }
    track.addEventListener('ended', () => this.onTrouble('unplugged', ''));
    // The clip has the chosen resolution's size and shape whatever the camera delivers: a
    // camera of another shape is cropped (the frame Settings → Camera's preview shows).
    const picture = this.inWorker(track, size) ?? (await this.onCanvas(track, size, settings.fps));
    const recorded = new MediaStream([picture]);
    for (const sound of this.stream.getAudioTracks()) recorded.addTrack(sound);
    const mimeType = settings.audio ? `${MIME},opus` : MIME;
    this.recorder = new MediaRecorder(recorded, {
      mimeType: MediaRecorder.isTypeSupported(mimeType) ? mimeType : 'video/webm',
    });
    this.recorder.addEventListener('dataavailable', (event) => {
      if (event.data.size === 0) return;
      this.writing = this.writing.then(async () => {
        if (this.halted) return;
        const written = await this.sink.clipAppend({
          packId: this.packId,
          bytes: new Uint8Array(await event.data.arrayBuffer()),
        });
        if (!written.ok || !written.value.stopped) return;
        // What was written stays; nothing more is sent, and the camera is let go.
        this.halted = true;
        this.onStopped(written.value.stopped);
        if (this.recorder?.state === 'recording') this.recorder.stop();
        this.release();
      });
    });
    this.recorder.start(FRAGMENT_MS);
    return true;
  }

  /** Stops recording, hands over the last fragment and closes the clip in main. */
  stop(): Promise<ClipSummary | null> {
    this.stopping ??= (async () => {
      const recorder = this.recorder;
      if (recorder && recorder.state !== 'inactive') {
        const last = new Promise<void>((done) =>
          recorder.addEventListener('stop', () => done(), { once: true }),
        );
        recorder.stop();
        await last;
      }
      this.release();
      await this.writing;
      if (!recorder) return null;
      const finished = await this.sink.clipFinish({ packId: this.packId });
      return finished.ok ? finished.value : null;
    })();
    return this.stopping;
  }

  /**
   * The overlay drawn in a worker on the camera's own frames (a breakout box): the window's
   * thread only sends the lines when they change. Null where the window has none.
   */
  private inWorker(
    track: MediaStreamTrack,
    size: { width: number; height: number },
  ): MediaStreamTrack | null {
    const box = breakoutBox();
    if (!box) return null;
    const processor = new box.MediaStreamTrackProcessor({ track });
    const generator = new box.MediaStreamTrackGenerator({ kind: 'video' });
    const worker = new Worker(new URL('./overlay.worker.ts', import.meta.url), {
      type: 'module',
    });
    let lines = [...this.overlay()];
    const start: OverlayMessage = {
      kind: 'start',
      readable: processor.readable,
      writable: generator.writable,
      ...size,
      lines,
    };
    worker.postMessage(start, [processor.readable, generator.writable]);
    // The live view says how the band is laid (planes: on the camera's own frames; canvas:
    // drawn whole), for whoever looks into a slow station.
    worker.onmessage = (event: MessageEvent<OverlayReport>) => {
      this.view.dataset['overlay'] = event.data.way;
    };
    this.timer = setInterval(() => {
      const next = [...this.overlay()];
      if (next.join('\n') === lines.join('\n')) return;
      lines = next;
      worker.postMessage({ kind: 'lines', lines } satisfies OverlayMessage);
    }, LINES_EVERY_MS);
    this.worker = worker;
    this.composed = generator;
    const view = this.view as HTMLVideoElement;
    view.muted = true;
    view.srcObject = new MediaStream([generator]);
    void view.play().catch(() => undefined);
    return generator;
  }

  /** The overlay drawn on a canvas by a timer in the window (where no breakout box exists). */
  private async onCanvas(
    track: MediaStreamTrack,
    size: { width: number; height: number },
    fps: number,
  ): Promise<MediaStreamTrack> {
    this.canvas.width = size.width;
    this.canvas.height = size.height;
    const video = document.createElement('video');
    video.muted = true;
    video.srcObject = new MediaStream([track]);
    await video.play().catch(() => undefined);
    const context = this.canvas.getContext('2d');
    this.view.dataset['overlay'] = 'window';
    const draw = () =>
      context &&
      drawFrame(
        context,
        video,
        { width: video.videoWidth, height: video.videoHeight },
        this.overlay(),
      );
    draw();
    // A timer, not animation frames: the recording goes on at its rate whatever the window paints.
    this.timer = setInterval(draw, Math.round(1000 / fps));
    const [drawn] = this.canvas.captureStream(fps).getVideoTracks();
    if (!drawn) throw new Error('the canvas gave no track');
    return drawn;
  }

  private release(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.worker?.terminate();
    this.worker = null;
    this.composed?.stop();
    this.composed = null;
    for (const track of this.stream?.getTracks() ?? []) track.stop();
    this.stream = null;
  }
}
