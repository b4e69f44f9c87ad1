import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ok } from '../../../shared/result.ts';
import type { ZplPreviewer } from '../labels/zpl-previewer.ts';
import { fakeBridge, renderWithStores } from '../test-utils.tsx';
import { LabelsScreen } from './LabelsScreen.tsx';

describe('LabelsScreen', () => {
  it('lints as you type, previews each label at the chosen stock, and queues the upload', async () => {
    const render = vi.fn(async () => ({
      ok: true as const,
      images: ['iVBORw0KGgo=', 'iVBORw0KGgo='],
    }));
    const submitLabel = vi.fn(async () => ok({ status: 'enqueued' as const, job: {} as never }));
    renderWithStores(<LabelsScreen />, fakeBridge({ submitLabel }), {
      previewer: { render } as unknown as ZplPreviewer,
    });
    const input = screen.getByTestId('zpl-input');
    fireEvent.change(input, { target: { value: '^XA^FDsem fim' } });
    expect(screen.getByText('Every label must start with ^XA and end with ^XZ.')).toBeTruthy();
    fireEvent.change(input, { target: { value: '^XA^FDa^FS^XZ^XA^FDb^FS^XZ' } });
    expect(screen.queryByTestId('lint')).toBeNull();
    fireEvent.click(screen.getByText('100 × 150 mm'));
    fireEvent.click(screen.getByText('12 dpmm'));
    fireEvent.click(screen.getByText('Preview'));
    expect(await screen.findByText('2 labels')).toBeTruthy();
    expect(render).toHaveBeenCalledWith('^XA^FDa^FS^XZ^XA^FDb^FS^XZ', 100, 150, 12);
    expect(screen.getAllByRole('img')).toHaveLength(2);
    fireEvent.change(screen.getByLabelText('Order number'), { target: { value: 'PB-10001' } });
    fireEvent.click(screen.getByText('Queue label for this order'));
    await waitFor(() => expect(submitLabel).toHaveBeenCalled());
    expect(await screen.findByText(/Queued in the outbox/)).toBeTruthy();
  });

  it('says so when the preview fails, and keeps custom sizes within limits', async () => {
    const render = vi.fn(async () => ({
      ok: false as const,
      reason: 'timeout' as const,
      message: 'The label preview took too long and was restarted.',
    }));
    const view = renderWithStores(<LabelsScreen />, fakeBridge(), {
      previewer: { render } as unknown as ZplPreviewer,
    });
    fireEvent.change(screen.getByTestId('zpl-input'), { target: { value: '^XA^XZ' } });
    fireEvent.click(screen.getByText('Preview'));
    expect(
      await screen.findByText('The label preview took too long and was restarted.'),
    ).toBeTruthy();
    view.stores.labels.getState().setStock({ preset: 'custom', widthMm: 5000, heightMm: 1 });
    expect(view.stores.labels.getState()).toMatchObject({ widthMm: 300, heightMm: 10 });
  });
});
