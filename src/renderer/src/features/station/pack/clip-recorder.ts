import type { CameraSettings, ClipStop, ClipSummary } from '@shared/camera.ts';
import { coverCrop, RESOLUTION_SIZE } from '@shared/camera.ts';
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

export class ClipRecorder {
  /** The canvas every frame is drawn on: the card shows it as the live view. */
  readonly canvas: HTMLCanvasElement;
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
    // The clip has the chosen resolution's size and shape whatever the camera delivers: a
    // camera of another shape is cropped (the frame Settings → Camera's preview shows).
    this.canvas.width = size.width;
    this.canvas.height = size.height;
    track?.addEventListener('ended', () => this.onTrouble('unplugged', ''));
    const video = document.createElement('video');
    video.muted = true;
    video.srcObject = new MediaStream(this.stream.getVideoTracks());
    await video.play().catch(() => undefined);
    const context = this.canvas.getContext('2d');
    const draw = () => context && drawFrame(context, video, this.overlay());
    draw();
    // A timer, not animation frames: the recording goes on at its rate whatever the window paints.
    this.timer = setInterval(draw, Math.round(1000 / settings.fps));
    const recorded = this.canvas.captureStream(settings.fps);
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

  private release(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    for (const track of this.stream?.getTracks() ?? []) track.stop();
    this.stream = null;
  }
}

/** The camera's frame with the pack's facts in a dark band at the top, large enough to read. */
export function drawFrame(
  context: CanvasRenderingContext2D,
  video: HTMLVideoElement,
  lines: readonly string[],
): void {
  const { width, height } = context.canvas;
  if (video.videoWidth > 0) {
    const crop = coverCrop(
      { width: video.videoWidth, height: video.videoHeight },
      { width, height },
    );
    context.drawImage(video, crop.x, crop.y, crop.width, crop.height, 0, 0, width, height);
  }
  const size = Math.round(height / 18);
  const band = size * 1.35 * lines.length + size * 0.6;
  context.fillStyle = 'rgba(0, 0, 0, 0.78)';
  context.fillRect(0, 0, width, band);
  context.fillStyle = '#ffffff';
  context.font = `bold ${size}px sans-serif`;
  context.textBaseline = 'top';
  lines.forEach((line, i) => context.fillText(line, size * 0.5, size * 0.4 + i * size * 1.35));
}
