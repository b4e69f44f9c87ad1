import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { PackClips } from '@shared/camera.ts';
import { fail, ok } from '@shared/result.ts';
import { fakeBridge, renderWithStores } from '@renderer/test-utils.tsx';
import { ClipPlayer } from './ClipPlayer.tsx';

// The station's player (issue #41): the clip from the app's own origin with its cues as a list
// to jump to, a clip retention took said in a sentence, and Export evidence beside it.

const clips: PackClips = {
  orderId: 'ORD-1',
  packId: 'pack-1',
  held: false,
  clips: [
    {
      index: 0,
      src: '/clips/pack-1/0.webm',
      track: '/clips/pack-1/0.vtt',
      startedAt: 1_000,
      durationMs: 12_400,
      bytes: 3 * 1024 * 1024,
      sha256: 'ab'.repeat(32),
      available: true,
      stopped: null,
      cues: [
        { id: 'unit-3', startMs: 2_000, lines: ['Scan 3', 'Code: 789', 'Product: SKU-1'] },
        { id: 'unit-4', startMs: 65_500, lines: ['Scan 4', 'Code: 790', 'Product: SKU-2'] },
      ],
    },
  ],
};

describe('the clip player', () => {
  it('plays the clip from the app origin and jumps to a scan', async () => {
    renderWithStores(
      <ClipPlayer orderId="ORD-1" onClose={() => undefined} />,
      fakeBridge({ packClips: async () => ok(clips) }),
    );
    const video = (await screen.findByTestId('clip-video')) as HTMLVideoElement;
    expect(video.getAttribute('src')).toBe('/clips/pack-1/0.webm');
    expect(video.querySelector('track')?.getAttribute('src')).toBe('/clips/pack-1/0.vtt');
    expect(screen.getByTestId('clip-facts').textContent).toBe(
      `12 s · 3.0 MB · SHA-256 ${'ab'.repeat(32)}`,
    );
    const jump = screen.getByText('1:05 Scan 4 · Code: 790 · Product: SKU-2');
    video.pause = vi.fn();
    fireEvent.click(jump);
    expect(video.currentTime).toBe(65.5);
  });

  it('says when the clip is gone, or the order has none here', async () => {
    const gone: PackClips = {
      ...clips,
      clips: [{ ...clips.clips[0], available: false } as PackClips['clips'][number]],
    };
    const { unmount } = renderWithStores(
      <ClipPlayer orderId="ORD-1" onClose={() => undefined} />,
      fakeBridge({ packClips: async () => ok(gone) }),
    );
    expect((await screen.findByTestId('clip-gone')).textContent).toMatch(
      /no longer in the clips folder/,
    );
    expect(screen.queryByTestId('clip-video')).toBeNull();
    unmount();
    renderWithStores(
      <ClipPlayer orderId="ORD-9" onClose={() => undefined} />,
      fakeBridge({ packClips: async () => ok(null) }),
      { language: 'es' },
    );
    expect((await screen.findByTestId('clip-player-none')).textContent).toBe(
      'Esta estación no tiene video del pedido ORD-9.',
    );
  });

  it('exports the evidence and says where it went, or why not', async () => {
    const exportEvidence = vi
      .fn()
      .mockResolvedValueOnce(
        ok({
          file: '/home/ana/Documents/evidence-ORD-1.zip',
          bytes: 10,
          manifestSha256: 'cd'.repeat(32),
        }),
      )
      .mockResolvedValueOnce(
        fail({
          code: 'evidence.clipChanged',
          messageKey: 'evidence.cli.clipChanged',
          params: { order: 'ORD-1', file: 'pack-1.1000.webm' },
          message: 'changed',
        }),
      );
    renderWithStores(
      <ClipPlayer orderId="ORD-1" onClose={() => undefined} />,
      fakeBridge({ packClips: async () => ok(clips), exportEvidence }),
    );
    fireEvent.click(await screen.findByText('Export evidence'));
    expect((await screen.findByTestId('evidence-exported')).textContent).toBe(
      `Evidence saved in /home/ana/Documents/evidence-ORD-1.zip (manifest SHA-256 ${'cd'.repeat(6)}…).`,
    );
    fireEvent.click(screen.getByText('Export evidence'));
    await waitFor(() =>
      expect(screen.getByTestId('evidence-export-error').textContent).toMatch(/pack-1\.1000\.webm/),
    );
    expect(exportEvidence).toHaveBeenCalledWith({ orderId: 'ORD-1' });
  });

  it('puts the clips on hold for a dispute, as main answers', async () => {
    const holdClips = vi.fn(async (input: { orderId: string; held: boolean }) =>
      ok({ ...clips, held: input.held }),
    );
    renderWithStores(
      <ClipPlayer orderId="ORD-1" onClose={() => undefined} />,
      fakeBridge({ packClips: async () => ok(clips), holdClips }),
      { language: 'pt-BR' },
    );
    const hold = (await screen.findByLabelText(
      'Guardar estes vídeos (uma disputa): a retenção nunca os apaga',
    )) as HTMLInputElement;
    expect(hold.checked).toBe(false);
    fireEvent.click(hold);
    await waitFor(() => expect(hold.checked).toBe(true));
    expect(holdClips).toHaveBeenCalledWith({ orderId: 'ORD-1', held: true });
  });
});
