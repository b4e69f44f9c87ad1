import { createStore } from 'zustand/vanilla';
import type { PackbenchBridge } from '../../../shared/ipc/bridge-types.ts';
import type { SubmitOutcome } from '../../../shared/ipc/channels.ts';
import type { AppError } from '../../../shared/result.ts';
import { clampMm, lintZpl, STOCK_PRESETS, type LintIssue } from '../labels/zpl-lint.ts';
import type { ZplPreviewer } from '../labels/zpl-previewer.ts';

export type StockPreset = keyof typeof STOCK_PRESETS | 'custom';

export interface LabelsState {
  text: string;
  fileName: string;
  preset: StockPreset;
  widthMm: number;
  heightMm: number;
  dpmm: number;
  images: string[];
  issues: LintIssue[];
  previewing: boolean;
  previewError: string | null;
  order: string;
  submitError: AppError | null;
  submitted: SubmitOutcome | null;
  setText: (text: string, fileName?: string) => void;
  setStock: (stock: Partial<Pick<LabelsState, 'preset' | 'widthMm' | 'heightMm' | 'dpmm'>>) => void;
  setOrder: (order: string) => void;
  preview: () => Promise<void>;
  upload: (confirmResend?: boolean) => Promise<void>;
}

export const createLabelsStore = (
  bridge: Pick<PackbenchBridge, 'submitLabel'>,
  previewer: () => ZplPreviewer,
) =>
  createStore<LabelsState>()((set, get) => {
    const relint = () => {
      const { text, widthMm, heightMm, dpmm } = get();
      set({ issues: text.trim() ? lintZpl(text, { widthMm, heightMm, dpmm }) : [] });
    };
    return {
      text: '',
      fileName: 'label.zpl',
      preset: '4x6in',
      widthMm: STOCK_PRESETS['4x6in'].widthMm,
      heightMm: STOCK_PRESETS['4x6in'].heightMm,
      dpmm: 8,
      images: [],
      issues: [],
      previewing: false,
      previewError: null,
      order: '',
      submitError: null,
      submitted: null,
      setText: (text, fileName) => {
        set({
          text,
          images: [],
          previewError: null,
          submitted: null,
          ...(fileName ? { fileName } : {}),
        });
        relint();
      },
      setStock: (stock) => {
        const preset = stock.preset ?? get().preset;
        const size: { widthMm?: number; heightMm?: number } =
          preset === 'custom' ? {} : STOCK_PRESETS[preset];
        set({
          ...stock,
          preset,
          widthMm: clampMm(stock.widthMm ?? size.widthMm ?? get().widthMm),
          heightMm: clampMm(stock.heightMm ?? size.heightMm ?? get().heightMm),
        });
        relint();
      },
      setOrder: (order) => set({ order }),
      preview: async () => {
        const { text, widthMm, heightMm, dpmm } = get();
        if (!text.trim()) return;
        set({ previewing: true, previewError: null });
        const result = await previewer().render(text, widthMm, heightMm, dpmm);
        set(
          result.ok
            ? { images: result.images, previewing: false }
            : { previewError: result.message, previewing: false, images: [] },
        );
      },
      upload: async (confirmResend) => {
        const { text, order, fileName } = get();
        set({ submitError: null, submitted: null });
        const result = await bridge.submitLabel({
          order: order.trim(),
          fileName,
          bytes: new TextEncoder().encode(text),
          format: 'zpl',
          ...(confirmResend ? { confirmResend } : {}),
        });
        set(result.ok ? { submitted: result.value } : { submitError: result.error });
      },
    };
  });
