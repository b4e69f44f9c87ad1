import { describe, expect, it, vi } from 'vitest';
import { ZplPreviewer, type WorkerLike } from './zpl-previewer.ts';
import { shrinkDots } from './label-picture.ts';

// Two labels of 8 × 1 dots: all ink, and one dot at the left.
const pictures = [0xff, 0x80].map((byte) =>
  shrinkDots({ width: 8, height: 1, data: Uint8Array.of(byte) }, 1),
);

function fakeWorker(behaviour: 'answer' | 'hang' | 'crash') {
  const worker: WorkerLike & { terminated: boolean } = {
    onmessage: null,
    onerror: null,
    terminated: false,
    terminate() {
      this.terminated = true;
    },
    postMessage(message) {
      if (behaviour === 'answer')
        queueMicrotask(() =>
          worker.onmessage?.({
            data: { id: message.id, images: pictures, warnings: [] },
          } as MessageEvent),
        );
      if (behaviour === 'crash')
        queueMicrotask(() => worker.onerror?.({ message: 'wasm trap' } as ErrorEvent));
    },
  };
  return worker;
}

describe('ZplPreviewer', () => {
  it('returns one image per label', async () => {
    const previewer = new ZplPreviewer(() => fakeWorker('answer'));
    expect(await previewer.render('^XA^XZ^XA^XZ', 100, 150, 8)).toEqual({
      ok: true,
      images: pictures,
      warnings: [],
    });
  });

  it('restarts a worker that hangs, and one that crashes', async () => {
    vi.useFakeTimers();
    const workers: ReturnType<typeof fakeWorker>[] = [];
    const behaviours: ('hang' | 'crash' | 'answer')[] = ['hang', 'crash', 'answer'];
    const previewer = new ZplPreviewer(
      () => {
        const w = fakeWorker(behaviours.shift() ?? 'answer');
        workers.push(w);
        return w;
      },
      { coldMs: 1_000, warmMs: 500 },
    );
    const hung = previewer.render('^XA^XZ', 100, 150, 8);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(await hung).toMatchObject({ ok: false, reason: 'timeout' });
    expect(workers[0]?.terminated).toBe(true);
    vi.useRealTimers();
    expect(await previewer.render('^XA^XZ', 100, 150, 8)).toEqual({
      ok: false,
      reason: 'crashed',
      message: 'wasm trap',
    });
    expect(await previewer.render('^XA^XZ', 100, 150, 8)).toEqual({
      ok: true,
      images: pictures,
      warnings: [],
    });
    expect(workers).toHaveLength(3);
  });
});
