import type { ZplWarning } from '@zpl/warning.ts';
import type { RenderReply, RenderRequest } from './zpl.worker.ts';
import { SHOWN_HEIGHT_PX, type LabelPicture } from './label-picture.ts';

export interface WorkerLike {
  postMessage(message: RenderRequest): void;
  terminate(): void;
  onmessage: ((event: MessageEvent<RenderReply>) => void) | null;
  onerror: ((event: ErrorEvent) => void) | null;
}

export type PreviewResult =
  | { ok: true; images: LabelPicture[]; warnings: ZplWarning[] }
  | { ok: false; reason: 'timeout' | 'crashed' | 'failed'; message: string };

/**
 * Talks to the ZPL worker; a worker that hangs or dies is thrown away and a fresh one started,
 * so one bad label never leaves the preview stuck.
 */
export class ZplPreviewer {
  private worker: WorkerLike | null = null;
  private nextId = 1;
  private warm = false;
  private readonly pending = new Map<number, (result: PreviewResult) => void>();
  private readonly createWorker: () => WorkerLike;
  private readonly timeouts: { coldMs: number; warmMs: number };

  constructor(createWorker: () => WorkerLike, timeouts = { coldMs: 20_000, warmMs: 8_000 }) {
    this.createWorker = createWorker;
    this.timeouts = timeouts;
  }

  /** The warnings alone: what the lint shows while the operator types. */
  lint(zpl: string, widthMm: number, heightMm: number, dpmm: number): Promise<PreviewResult> {
    return this.render(zpl, widthMm, heightMm, dpmm, false);
  }

  render(
    zpl: string,
    widthMm: number,
    heightMm: number,
    dpmm: number,
    images = true,
  ): Promise<PreviewResult> {
    const worker = this.ensureWorker();
    const id = this.nextId++;
    return new Promise((resolve) => {
      const timer = setTimeout(
        () => {
          this.pending.delete(id);
          this.restart();
          resolve({
            ok: false,
            reason: 'timeout',
            message: 'The label preview took too long and was restarted.',
          });
        },
        this.warm ? this.timeouts.warmMs : this.timeouts.coldMs,
      );
      this.pending.set(id, (result) => {
        clearTimeout(timer);
        resolve(result);
      });
      // Pictures as many pixels high as the screen shows, in device pixels (a HiDPI screen
      // gets more).
      const shownPx = Math.round(SHOWN_HEIGHT_PX * (globalThis.devicePixelRatio || 1));
      worker.postMessage({ id, zpl, widthMm, heightMm, dpmm, images, shownPx });
    });
  }

  dispose(): void {
    this.worker?.terminate();
    this.worker = null;
  }

  private ensureWorker(): WorkerLike {
    if (this.worker) return this.worker;
    const worker = this.createWorker();
    worker.onmessage = (event) => {
      const reply = event.data;
      const settle = this.pending.get(reply.id);
      if (!settle) return;
      this.pending.delete(reply.id);
      this.warm = true;
      settle(
        'images' in reply
          ? { ok: true, images: reply.images, warnings: reply.warnings }
          : { ok: false, reason: 'failed', message: reply.error },
      );
    };
    worker.onerror = (event) => {
      const message = event.message || 'The label preview stopped unexpectedly.';
      for (const [, settle] of this.pending) settle({ ok: false, reason: 'crashed', message });
      this.pending.clear();
      this.restart();
    };
    this.worker = worker;
    return worker;
  }

  private restart(): void {
    this.worker?.terminate();
    this.worker = null;
    this.warm = false;
  }
}
