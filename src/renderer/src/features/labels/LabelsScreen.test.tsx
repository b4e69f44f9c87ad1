import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, ok } from '@shared/result.ts';
import type { PrintOutcome } from '@shared/ipc/channels.ts';
import type { PrinterSettings } from '@shared/printing.ts';
import type { ZplPreviewer } from './zpl-previewer.ts';
import { fakeBridge, printJobView, renderWithStores } from '@renderer/test-utils.tsx';
import { LabelsScreen } from './LabelsScreen.tsx';
import { shrinkDots, type LabelPicture } from './label-picture.ts';

/** A label of 8 × 1 dots from one byte of the engine's bits (1 = ink, leftmost dot first). */
const picture = (byte: number): LabelPicture =>
  shrinkDots({ width: 8, height: 1, data: Uint8Array.of(byte) }, 1);

/**
 * jsdom has no 2D canvas: this one keeps the pixels put on each canvas, so a test reads back
 * what the screen painted, as `#` (black) and `.` (white).
 */
function readCanvases(): (canvas: HTMLElement) => string {
  const painted = new Map<HTMLCanvasElement, Uint8ClampedArray>();
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(function (
    this: HTMLCanvasElement,
  ) {
    const put = (image: { data: Uint8ClampedArray }) => painted.set(this, image.data);
    // jsdom has no ImageData either: the page wraps the worker's pixels in one.
    vi.stubGlobal(
      'ImageData',
      class {
        readonly data: Uint8ClampedArray;
        constructor(data: Uint8ClampedArray) {
          this.data = data;
        }
      },
    );
    return {
      createImageData: (width: number, height: number) => ({
        width,
        height,
        data: new Uint8ClampedArray(width * height * 4),
      }),
      putImageData: put,
    } as never;
  });
  return (canvas) => {
    const data = painted.get(canvas as HTMLCanvasElement) ?? new Uint8ClampedArray();
    let dots = '';
    for (let i = 0; i < data.length; i += 4)
      dots += data[i] === 0 && data[i + 3] === 255 ? '#' : data[i] === 255 ? '.' : '?';
    return dots;
  };
}

/** The Labels screen on a previewer that draws with `render` (the engine's start answers empty). */
function withPreviewer(render: (...args: never[]) => Promise<unknown>) {
  return renderWithStores(<LabelsScreen />, fakeBridge(), {
    previewer: {
      render,
      lint: async () => ({ ok: true, images: [], warnings: [] }),
    } as unknown as ZplPreviewer,
  });
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('LabelsScreen', () => {
  it('lints as you type, previews each label at the chosen stock, and queues the upload', async () => {
    const dots = readCanvases();
    // The engine's pictures and remarks, as the worker gives them for each text (the lint
    // draws the pictures too, for the Preview that follows).
    const render = vi.fn(async (zpl: string) => ({
      ok: true as const,
      images: [picture(0xf0), picture(0x81)],
      warnings: zpl.includes('^XZ')
        ? []
        : [
            { command: 'XA', line: 2, column: 1, message: 'no ^XZ', code: 'unterminated' as const },
            { command: 'ZZ', line: 2, column: 4, message: 'skipped', code: 'unsupported' as const },
          ],
    }));
    // Only the engine's start, when the screen opens.
    const lint = vi.fn(async () => ({ ok: true as const, images: [], warnings: [] }));
    const submitLabel = vi.fn(async () => ok({ status: 'enqueued' as const, job: {} as never }));
    renderWithStores(<LabelsScreen />, fakeBridge({ submitLabel }), {
      previewer: { render, lint } as unknown as ZplPreviewer,
    });
    const input = screen.getByTestId('zpl-input') as HTMLTextAreaElement;
    fireEvent.change(input, { target: { value: '^FX order\n^XA^ZZ^FDsem fim' } });
    expect(await screen.findByText(/This \^XA has no \^XZ: a printer would wait/)).toBeTruthy();
    expect(screen.getByText(/\^ZZ is not drawn in the preview/)).toBeTruthy();
    // The link puts the cursor on the command it names.
    fireEvent.click(screen.getByText('Line 2, column 4:'));
    expect([input.selectionStart, input.selectionEnd]).toEqual([13, 16]);
    fireEvent.change(input, { target: { value: '^XA^FDa^FS^XZ^XA^FDb^FS^XZ' } });
    await waitFor(() => expect(screen.queryByTestId('lint')).toBeNull());
    fireEvent.click(screen.getByText('100 × 150 mm'));
    fireEvent.click(screen.getByText('12 dpmm'));
    fireEvent.click(screen.getByText('Preview'));
    expect(await screen.findByText('2 labels')).toBeTruthy();
    expect(render).toHaveBeenCalledWith('^XA^FDa^FS^XZ^XA^FDb^FS^XZ', 100, 150, 12);
    const shown = screen.getAllByRole('img');
    expect(shown.map(dots)).toEqual(['####....', '#......#']);
    expect(shown[1]?.getAttribute('aria-label')).toBe('Label 2');
    fireEvent.change(screen.getByLabelText('Order number'), { target: { value: 'PB-10001' } });
    fireEvent.click(screen.getByText('Queue label for this order'));
    await waitFor(() => expect(submitLabel).toHaveBeenCalled());
    expect(await screen.findByText(/Queued in the outbox/)).toBeTruthy();
  });

  it('says so when the preview fails, and keeps custom sizes within limits', async () => {
    const render = vi.fn(async () => ({
      warnings: [],
      ok: false as const,
      reason: 'timeout' as const,
      message: 'The label preview took too long and was restarted.',
    }));
    const view = withPreviewer(render);
    fireEvent.change(screen.getByTestId('zpl-input'), { target: { value: '^XA^XZ' } });
    fireEvent.click(screen.getByText('Preview'));
    expect(
      await screen.findByText('The label preview took too long and was restarted.'),
    ).toBeTruthy();
    view.stores.labels.getState().setStock({ preset: 'custom', widthMm: 5000, heightMm: 1 });
    expect(view.stores.labels.getState()).toMatchObject({ widthMm: 300, heightMm: 10 });
  });
  it('starts the engine when the screen opens, before any preview is asked for', () => {
    const lint = vi.fn(async () => ({ ok: true as const, images: [], warnings: [] }));
    const render = vi.fn();
    renderWithStores(<LabelsScreen />, fakeBridge(), {
      previewer: { render, lint } as unknown as ZplPreviewer,
    });
    expect(lint).toHaveBeenCalledWith('', 101.6, 152.4, 8);
    expect(render).not.toHaveBeenCalled();
  });

  it('draws the label as the operator comes to Preview; the click shows that drawing', async () => {
    const dots = readCanvases();
    const render = vi.fn(async (zpl: string) => ({
      ok: true as const,
      images: [picture(zpl.includes('new') ? 0x0f : 0xf0)],
      warnings: [],
    }));
    withPreviewer(render);
    fireEvent.change(screen.getByTestId('zpl-input'), { target: { value: '^XA^FDold^FS^XZ' } });
    const button = screen.getByText('Preview');
    // The pointer comes onto the button, the button gets the focus, goes down: one drawing.
    fireEvent.pointerEnter(button);
    fireEvent.focus(button);
    fireEvent.pointerDown(button);
    expect(render).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('img')).toBeNull();
    fireEvent.click(button);
    await waitFor(() => expect(dots(screen.getByRole('img'))).toBe('####....'));
    expect(render).toHaveBeenCalledTimes(1);
    // Drawn for a text since changed: the click draws the text it sees.
    fireEvent.pointerEnter(button);
    fireEvent.change(screen.getByTestId('zpl-input'), { target: { value: '^XA^FDnew^FS^XZ' } });
    fireEvent.click(button);
    await waitFor(() => expect(dots(screen.getByRole('img'))).toBe('....####'));
    expect(render).toHaveBeenCalledTimes(3);
    expect(render).toHaveBeenLastCalledWith('^XA^FDnew^FS^XZ', 101.6, 152.4, 8);
  });

  it('draws a pasted label and a new stock at once; Preview then shows that drawing', async () => {
    const dots = readCanvases();
    const render = vi.fn(async (_zpl: string, _w: number, _h: number, dpmm: number) => ({
      ok: true as const,
      images: [picture(dpmm === 12 ? 0x0f : 0xf0)],
      warnings: [],
    }));
    const view = withPreviewer(render);
    const labels = view.stores.labels;
    act(() => labels.getState().setText('^XA^FDpasted^FS^XZ', 'paste'));
    // No pause to wait for: the drawing starts with the paste, not 250 ms later.
    expect(render).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByText('Preview'));
    await waitFor(() => expect(dots(screen.getByRole('img'))).toBe('####....'));
    expect(render).toHaveBeenCalledTimes(1);
    // Another stock: drawn again at once, and the picture on screen follows it.
    fireEvent.click(screen.getByText('12 dpmm'));
    expect(render).toHaveBeenCalledTimes(2);
    expect(render).toHaveBeenLastCalledWith('^XA^FDpasted^FS^XZ', 101.6, 152.4, 12);
    await waitFor(() => expect(dots(screen.getByRole('img'))).toBe('....####'));
    expect(render).toHaveBeenCalledTimes(2);
  });

  it('shows it is busy (spinner, button off) only once a preview takes a moment', async () => {
    vi.useFakeTimers();
    let answer: (result: { ok: true; images: LabelPicture[]; warnings: [] }) => void = () => {};
    const render = vi.fn(() => new Promise<unknown>((resolve) => (answer = resolve)));
    const view = withPreviewer(render);
    const labels = view.stores.labels;
    labels.getState().setText('^XA^FDa^FS^XZ');
    const done = labels.getState().preview();
    await vi.advanceTimersByTimeAsync(149);
    expect(labels.getState().previewing).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(labels.getState().previewing).toBe(true);
    answer({ ok: true, images: [picture(0xff)], warnings: [] });
    await done;
    expect(labels.getState()).toMatchObject({ previewing: false, images: [picture(0xff)] });
    vi.useRealTimers();
  });
});

describe('LabelsScreen names and stock', () => {
  const enqueued = async () => ok({ status: 'enqueued' as const, job: {} as never });
  const at = new Date(2026, 10, 24, 9, 5, 7).getTime();

  it('draws the preview again when the density changes, never showing the old image', async () => {
    const dots = readCanvases();
    let calls = 0;
    const render = vi.fn(async () => ({
      ok: true as const,
      // The first drawing all ink, the second half.
      images: [picture((calls += 1) === 1 ? 0xff : 0x0f)],
      warnings: [],
    }));
    const view = withPreviewer(render);
    fireEvent.change(screen.getByTestId('zpl-input'), { target: { value: '^XA^FDa^FS^XZ' } });
    fireEvent.click(screen.getByText('Preview'));
    await waitFor(() => expect(dots(screen.getByRole('img'))).toBe('########'));
    fireEvent.click(screen.getByText('12 dpmm'));
    expect(view.stores.labels.getState().images).toEqual([]);
    await waitFor(() => expect(dots(screen.getByRole('img'))).toBe('....####'));
    expect(render).toHaveBeenLastCalledWith('^XA^FDa^FS^XZ', 101.6, 152.4, 12);
  });

  it('gives pasted ZPL a name of its own, editable, instead of the dropped file’s', async () => {
    const submitLabel = vi.fn(enqueued);
    const view = renderWithStores(<LabelsScreen />, fakeBridge({ submitLabel }), {
      now: () => at,
    });
    const zpl = new TextEncoder().encode('^XA^FDfrom file^FS^XZ');
    await view.stores.labels.getState().dropFile({ name: 'carrier.zpl', bytes: zpl });
    const name = screen.getByTestId('label-file-name') as HTMLInputElement;
    expect(name.value).toBe('carrier.zpl');
    fireEvent.change(screen.getByLabelText('Order number'), { target: { value: 'PB-10001' } });
    const input = screen.getByTestId('zpl-input');
    fireEvent.paste(input);
    fireEvent.change(input, { target: { value: '^XA^FDpasted^FS^XZ' } });
    expect(name.value).toBe('PB-10001-label-20261124-090507.zpl');
    fireEvent.change(name, { target: { value: 'return-label.zpl' } });
    fireEvent.click(screen.getByText('Queue label for this order'));
    await waitFor(() =>
      expect(submitLabel).toHaveBeenCalledWith(
        expect.objectContaining({ fileName: 'return-label.zpl', order: 'PB-10001' }),
      ),
    );
  });

  // What the window does around a change: the paste event, then (after the microtasks that
  // follow every event) `beforeinput` with the selection still in place, then the input.
  const edit = async (
    input: HTMLTextAreaElement,
    value: string,
    how: { inputType: string; select: [number, number] },
  ) => {
    input.setSelectionRange(...how.select);
    if (how.inputType === 'insertFromPaste') {
      fireEvent.paste(input);
      await Promise.resolve();
    }
    fireEvent(
      input,
      new InputEvent('beforeinput', { inputType: how.inputType, bubbles: true, cancelable: true }),
    );
    await Promise.resolve();
    fireEvent.change(input, { target: { value } });
  };

  it.each([
    ['a paste over all of it', 'insertFromPaste'],
    ['typing over all of it', 'insertText'],
  ])(
    'gives a dropped label whose whole text was replaced (%s) the pasted-label name',
    async (_how, inputType) => {
      const submitLabel = vi.fn(enqueued);
      const view = renderWithStores(<LabelsScreen />, fakeBridge({ submitLabel }), {
        now: () => at,
      });
      const zpl = new TextEncoder().encode('^XA^FDfrom file^FS^XZ');
      await view.stores.labels.getState().dropFile({ name: 'carrier.zpl', bytes: zpl });
      fireEvent.change(screen.getByLabelText('Order number'), { target: { value: 'PB-10001' } });
      const name = screen.getByTestId('label-file-name') as HTMLInputElement;
      const input = screen.getByTestId('zpl-input') as HTMLTextAreaElement;
      expect(name.value).toBe('carrier.zpl');
      // A few characters typed inside the dropped file: still that file, under its name.
      await edit(input, '^XA^FDfrom a file^FS^XZ', { inputType: 'insertText', select: [12, 12] });
      expect(name.value).toBe('carrier.zpl');
      await edit(input, '^XA^FDnew^FS^XZ', { inputType, select: [0, input.value.length] });
      expect(name.value).toBe('PB-10001-label-20261124-090507.zpl');
      // Typing on in the new text keeps the new name.
      await edit(input, '^XA^FDnews^FS^XZ', { inputType: 'insertText', select: [9, 9] });
      expect(name.value).toBe('PB-10001-label-20261124-090507.zpl');
      fireEvent.click(screen.getByText('Queue label for this order'));
      await waitFor(() =>
        expect(submitLabel).toHaveBeenCalledWith(
          expect.objectContaining({
            fileName: 'PB-10001-label-20261124-090507.zpl',
            bytes: new TextEncoder().encode('^XA^FDnews^FS^XZ'),
          }),
        ),
      );
    },
  );

  it('forgets the dropped bytes once the whole text was replaced, even by the same text', async () => {
    const view = renderWithStores(<LabelsScreen />, fakeBridge(), { now: () => at });
    const latin1 = Uint8Array.from([
      ...new TextEncoder().encode('^XA^FDS'),
      0xe3,
      0x5e,
      0x58,
      0x5a,
    ]);
    const labels = view.stores.labels;
    await labels.getState().dropFile({ name: 'sao.zpl', bytes: latin1 });
    const text = labels.getState().text;
    expect(labels.getState().label()).toMatchObject({ fileName: 'sao.zpl', bytes: latin1 });
    labels.getState().setText(text, 'replace');
    expect(labels.getState().label()).toEqual({
      fileName: 'label-label-20261124-090507.zpl',
      bytes: new TextEncoder().encode(text),
      order: '',
    });
  });

  it('sends a dropped file byte for byte, and refuses a file that is not ZPL', async () => {
    const submitLabel = vi.fn(enqueued);
    const view = renderWithStores(<LabelsScreen />, fakeBridge({ submitLabel }), {
      language: 'pt-BR',
    });
    const latin1 = Uint8Array.from([
      ...new TextEncoder().encode('^XA^FDS'),
      0xe3,
      0x6f,
      0x5e,
      0x46,
      0x53,
      0x5e,
      0x58,
      0x5a,
    ]);
    await view.stores.labels.getState().dropFile({ name: 'sao.zpl', bytes: latin1 });
    await view.stores.labels.getState().dropFile({
      name: 'notes.txt',
      bytes: new TextEncoder().encode('hello'),
    });
    expect(
      await screen.findByText(
        'notes.txt não contém uma etiqueta ZPL completa (cada etiqueta começa com ^XA e termina com ^XZ).',
      ),
    ).toBeTruthy();
    view.stores.labels.getState().setOrder('PB-1');
    await view.stores.labels.getState().upload();
    expect(submitLabel).toHaveBeenCalledWith(
      expect.objectContaining({ fileName: 'sao.zpl', bytes: latin1 }),
    );
  });
});

describe('LabelsScreen Print', () => {
  const printer = (dpmm: PrinterSettings['dpmm']) => async () =>
    ok({
      settings: { target: 'tcp://10.0.0.9:9100', dpmm, autoPrint: false },
      status: null,
      jobs: [],
      recoveredFrom: null,
    });

  it('warns before printing a label made for another density, then sends the dropped bytes', async () => {
    const printLabel = vi.fn(async () =>
      ok({ status: 'queued' as const, job: printJobView({ fileName: 'sao.zpl' }) }),
    );
    const view = renderWithStores(
      <LabelsScreen />,
      fakeBridge({ getPrinting: printer(8), printLabel }),
    );
    const latin1 = Uint8Array.from([
      ...new TextEncoder().encode('^XA^FDS'),
      0xe3,
      0x5e,
      0x58,
      0x5a,
    ]);
    await view.stores.labels.getState().dropFile({ name: 'sao.zpl', bytes: latin1 });
    fireEvent.change(screen.getByLabelText('Order number'), { target: { value: 'PB-10001' } });
    fireEvent.click(screen.getByText('12 dpmm'));
    // The printer's density is read before the button is pressed.
    await waitFor(() => expect(view.queryClient.getQueryData(['getPrinting'])).toBeTruthy());
    fireEvent.click(screen.getByRole('button', { name: 'Print' }));
    const warning = await screen.findByRole('alert');
    expect(warning.textContent).toContain(
      'This label was made for 12 dpmm, but the printer prints at 8 dpmm: it would come out at the wrong size.',
    );
    expect(printLabel).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Print anyway' }));
    await waitFor(() =>
      expect(printLabel).toHaveBeenCalledWith({
        source: { kind: 'bytes', bytes: latin1, fileName: 'sao.zpl', order: 'PB-10001' },
      }),
    );
    expect((await screen.findByRole('status')).textContent).toContain(
      'sao.zpl is waiting for the printer.',
    );
  });

  it('prints at once when the densities match; a refusal is said in the operator’s words', async () => {
    const printLabel = vi.fn(async (_input: { source: { kind: string; bytes?: Uint8Array } }) =>
      fail<PrintOutcome>({
        code: 'print.not-zpl',
        messageKey: 'errors.print.not-zpl',
        message: 'label.zpl holds no complete ZPL label.',
      }),
    );
    const view = renderWithStores(
      <LabelsScreen />,
      fakeBridge({ getPrinting: printer(8), printLabel }),
      { language: 'pt-BR' },
    );
    fireEvent.change(screen.getByTestId('zpl-input'), { target: { value: '^XA^FDx^FS' } });
    await waitFor(() => expect(view.queryClient.getQueryData(['getPrinting'])).toBeTruthy());
    fireEvent.click(screen.getByRole('button', { name: 'Imprimir' }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Isto não é uma etiqueta ZPL (^XA … ^XZ); nada foi enviado à impressora.',
    );
    expect(new TextDecoder().decode(printLabel.mock.calls[0]?.[0].source.bytes)).toBe('^XA^FDx^FS');
  });
});
