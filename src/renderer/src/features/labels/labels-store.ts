import { createStore } from 'zustand/vanilla';
import type { PackbenchBridge } from '@shared/ipc/bridge-types.ts';
import type { SubmitOutcome } from '@shared/ipc/channels.ts';
import type { AppError } from '@shared/result.ts';
import { clampMm, STOCK_PRESETS } from './stock.ts';
import type { ZplWarning } from '@zpl/warning.ts';
import type { PreviewResult, ZplPreviewer } from './zpl-previewer.ts';
import type { LabelPicture } from './label-picture.ts';
import type { FileChecker } from '@renderer/ui/files/file-checker.ts';
import type { FileRefusal } from '@shared/files/file-rules.ts';

/** Where the upload's file name came from: a dropped file keeps its own name until replaced. */
export type NameSource = 'auto' | 'file' | 'edited';

export type StockPreset = keyof typeof STOCK_PRESETS | 'custom';

/**
 * How the text changed, which decides whether it is still the dropped file's.
 * - `type`: an edit inside the text (a few characters typed or deleted): still the dropped
 *   file, corrected, so it keeps the file's name (its bytes are the edited text's).
 * - `paste`: text from elsewhere: a label of its own, named `<order>-label-<stamp>.zpl`.
 * - `replace`: the edit covered the whole previous text (a paste, typing or a delete over a
 *   selection of all of it): nothing of the dropped file is left, so it is a new label and gets
 *   the pasted-label name too, and the file's bytes are forgotten. Only the selection tells this
 *   apart from an edit: every label starts with ^XA and ends with ^XZ, so comparing old and new
 *   text would find a common start and end in almost any replacement.
 */
export type TextChange = 'type' | 'paste' | 'replace';

const LINT_DELAY_MS = 250;
const SLOW_PREVIEW_MS = 150;

const sameWarnings = (a: ZplWarning[], b: ZplWarning[]) =>
  a.length === b.length &&
  a.every((w, i) => {
    const v = b[i];
    return (
      v !== undefined &&
      w.line === v.line &&
      w.column === v.column &&
      w.command === v.command &&
      w.code === v.code &&
      w.message === v.message &&
      JSON.stringify(w.values) === JSON.stringify(v.values)
    );
  });

export interface LabelsState {
  text: string;
  fileName: string;
  nameSource: NameSource;
  /** The last dropped file that was refused, and why; nothing else changed. */
  refused: { file: string; reason: FileRefusal } | null;
  preset: StockPreset;
  widthMm: number;
  heightMm: number;
  dpmm: number;
  /** One picture per label of the last preview, as the engine drew it. */
  images: LabelPicture[];
  /** The engine's warnings for the text, at the chosen stock (command, line, column). */
  issues: ZplWarning[];
  /** A preview has been running for a moment: the screen shows it is busy. */
  previewing: boolean;
  previewError: string | null;
  order: string;
  submitError: AppError | null;
  submitted: SubmitOutcome | null;
  /**
   * Typed text keeps the current name; pasted text (`paste`) gets a name of its own, and so does
   * text that replaced the whole of what was there (`replace`). See `TextChange`.
   */
  setText: (text: string, how?: TextChange) => void;
  setFileName: (name: string) => void;
  dropFile: (file: { name: string; bytes: Uint8Array }) => Promise<void>;
  setStock: (stock: Partial<Pick<LabelsState, 'preset' | 'widthMm' | 'heightMm' | 'dpmm'>>) => void;
  setOrder: (order: string) => void;
  preview: () => Promise<void>;
  /**
   * The operator is about to press Preview (the pointer came onto it, it got the keyboard's
   * focus, or it went down): the worker starts drawing the label now, unseen, and the click
   * that follows shows that picture rather than asking for it. Once per text and stock.
   */
  prefetch: () => void;
  /** Starts the engine's worker (fonts read, encoders tried) before the first preview. */
  prepare: () => void;
  upload: (confirmResend?: boolean) => Promise<void>;
  /** The label as it would be uploaded or printed: the dropped file's bytes while unchanged. */
  label: () => { bytes: Uint8Array; fileName: string; order: string };
}

export const createLabelsStore = (
  bridge: Pick<PackbenchBridge, 'submitLabel'>,
  previewer: () => ZplPreviewer,
  checkFile: FileChecker,
  now: () => number = Date.now,
) =>
  createStore<LabelsState>()((set, get) => {
    /** `<order>-label-<yyyymmdd-hhmmss>.zpl`, so pasted labels are told apart in the outbox. */
    const autoName = () => {
      const at = new Date(now());
      const p = (n: number) => String(n).padStart(2, '0');
      const stamp = `${at.getFullYear()}${p(at.getMonth() + 1)}${p(at.getDate())}-${p(at.getHours())}${p(at.getMinutes())}${p(at.getSeconds())}`;
      return `${get().order.trim() || 'label'}-label-${stamp}.zpl`;
    };
    // Each preview has a number: an answer for an older text or stock is dropped, not shown.
    let previewRun = 0;
    // A dropped file is sent byte for byte while its text is unchanged (a Latin-1 label would
    // not survive a round trip through the text box).
    let dropped: { text: string; bytes: Uint8Array } | null = null;
    // The lint is the engine's own reading of the label (in the preview's worker), asked for
    // a moment after the operator stops typing; only the newest answer is shown.
    let lintRun = 0;
    let lintTimer: ReturnType<typeof setTimeout> | undefined;
    // The preview started when the button went down, for the text and stock it was asked for.
    let early: {
      text: string;
      widthMm: number;
      heightMm: number;
      dpmm: number;
      result: Promise<PreviewResult>;
    } | null = null;
    /** The early drawing, when it was asked for the text and stock there are now. */
    const earlyForNow = () => {
      const { text, widthMm, heightMm, dpmm } = get();
      const same =
        early?.text === text &&
        early.widthMm === widthMm &&
        early.heightMm === heightMm &&
        early.dpmm === dpmm;
      return same ? early : null;
    };
    const render = (): Promise<PreviewResult> => {
      const ready = earlyForNow();
      early = null;
      if (ready) return ready.result;
      const { text, widthMm, heightMm, dpmm } = get();
      return previewer().render(text, widthMm, heightMm, dpmm);
    };
    // The lint draws the pictures too, and they are the early drawing for that text and
    // stock: the Preview that follows shows them without drawing again. Typing waits for a
    // pause; a paste, a whole new text or another stock is drawn at once (nothing more to wait
    // for, and the operator's next move is often Preview).
    const relint = (delayMs = LINT_DELAY_MS) => {
      const run = ++lintRun;
      clearTimeout(lintTimer);
      const { text } = get();
      if (!text.trim()) return set({ issues: [] });
      const lint = () => {
        if (!earlyForNow()) {
          const now = get();
          early = {
            text: now.text,
            widthMm: now.widthMm,
            heightMm: now.heightMm,
            dpmm: now.dpmm,
            result: previewer().render(now.text, now.widthMm, now.heightMm, now.dpmm),
          };
        }
        void early?.result.then((result) => {
          if (run === lintRun && result.ok) set({ issues: result.warnings });
        });
      };
      if (delayMs === 0) lint();
      else lintTimer = setTimeout(lint, delayMs);
    };
    return {
      text: '',
      fileName: 'label.zpl',
      nameSource: 'auto',
      refused: null,
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
      setText: (text, how = 'type') => {
        previewRun += 1;
        early = null;
        const fresh = how !== 'type' || !get().text.trim();
        const atOnce = how !== 'type';
        // The text no longer derives from the dropped file: it is sent as the text, never as
        // the file's bytes again (even if the same text comes back later).
        if (how === 'replace') dropped = null;
        set({
          text,
          images: [],
          previewing: false,
          previewError: null,
          submitted: null,
          refused: null,
          ...(fresh && get().nameSource !== 'edited'
            ? { fileName: autoName(), nameSource: 'auto' as const }
            : {}),
        });
        relint(atOnce ? 0 : LINT_DELAY_MS);
      },
      setFileName: (fileName) => set({ fileName, nameSource: 'edited' }),
      dropFile: async (file) => {
        const verdict = await checkFile(file.name, file.bytes, 'label');
        if (!verdict.ok) return set({ refused: { file: file.name, reason: verdict.reason } });
        const text = new TextDecoder().decode(file.bytes);
        get().setText(text);
        set({ fileName: file.name, nameSource: 'file' });
        dropped = { text, bytes: file.bytes };
      },
      setStock: (stock) => {
        const preset = stock.preset ?? get().preset;
        const size: { widthMm?: number; heightMm?: number } =
          preset === 'custom' ? {} : STOCK_PRESETS[preset];
        const shown = get().images.length > 0;
        previewRun += 1;
        early = null;
        set({
          ...stock,
          preset,
          widthMm: clampMm(stock.widthMm ?? size.widthMm ?? get().widthMm),
          heightMm: clampMm(stock.heightMm ?? size.heightMm ?? get().heightMm),
          // The image on screen was drawn for the old stock: it goes, and is drawn again.
          images: [],
          previewing: false,
        });
        relint(0);
        if (shown) void get().preview();
      },
      setOrder: (order) => {
        set({ order });
        if (get().nameSource === 'auto' && get().text.trim()) set({ fileName: autoName() });
      },
      prefetch: () => {
        const { text, widthMm, heightMm, dpmm } = get();
        if (!text.trim() || earlyForNow()) return;
        early = {
          text,
          widthMm,
          heightMm,
          dpmm,
          result: previewer().render(text, widthMm, heightMm, dpmm),
        };
      },
      preview: async () => {
        const { text } = get();
        if (!text.trim()) return;
        const run = ++previewRun;
        // The preview reads the same warnings: a lint still waiting would only make the
        // worker draw the label twice, and the picture wait behind it.
        clearTimeout(lintTimer);
        lintRun += 1;
        if (get().previewError !== null) set({ previewError: null });
        // The spinner (and the disabled button) only once a preview takes a moment: drawing
        // them at the click cost a frame the answer then waited behind (5–9 ms of 30).
        const slow = setTimeout(() => {
          if (run === previewRun) set({ previewing: true });
        }, SLOW_PREVIEW_MS);
        const result = await render();
        clearTimeout(slow);
        if (run !== previewRun) return;
        if (!result.ok) {
          set({ previewError: result.message, previewing: false, images: [] });
          relint();
          return;
        }
        set({
          images: result.images,
          previewing: false,
          // The same remarks again keep the same list, so the screen around is not redrawn.
          ...(sameWarnings(get().issues, result.warnings) ? {} : { issues: result.warnings }),
        });
      },
      // An empty lint: the worker loads the engine and its fonts, and answers nothing.
      prepare: () => void previewer().lint('', get().widthMm, get().heightMm, get().dpmm),
      label: () => {
        const { text, order, fileName } = get();
        const bytes = dropped?.text === text ? dropped.bytes : new TextEncoder().encode(text);
        return { bytes, fileName, order: order.trim() };
      },
      upload: async (confirmResend) => {
        const { bytes, fileName, order } = get().label();
        set({ submitError: null, submitted: null });
        const result = await bridge.submitLabel({
          order,
          fileName,
          bytes,
          format: 'zpl',
          ...(confirmResend ? { confirmResend } : {}),
        });
        set(result.ok ? { submitted: result.value } : { submitError: result.error });
      },
    };
  });
