import { createStore } from 'zustand/vanilla';
import type { PackbenchBridge } from '../../../shared/ipc/bridge-types.ts';
import { DEFAULT_ORDER_PATTERN, orderFromFileName } from '../invoices/order-from-name.ts';
import { checkFile } from '../station/file-checks.ts';

export type InvoiceStatus = 'invalid' | 'ready' | 'queued' | 'existing' | 'confirm' | 'error';

export interface InvoiceFile {
  name: string;
  bytes: Uint8Array;
  status: InvoiceStatus;
  /** i18n key and values of the sentence shown for this file. */
  key: string | null;
  values: Record<string, string | number>;
  order: string;
  thumbnail: string | null;
}

export interface InvoicesState {
  files: InvoiceFile[];
  pattern: string;
  addFiles: (
    files: { name: string; bytes: Uint8Array }[],
    currentOrder: string | null,
  ) => Promise<void>;
  setOrder: (name: string, order: string) => void;
  setPattern: (pattern: string) => void;
  upload: (name: string, confirmResend?: boolean) => Promise<void>;
  clear: () => void;
}

/** First page of a PDF as an image URL; pdf.js in the app, a fixed image in component tests. */
export type ThumbnailRenderer = (bytes: Uint8Array) => Promise<string>;

const PATTERN_KEY = 'packbench.invoiceOrderPattern';

export const createInvoicesStore = (
  bridge: Pick<PackbenchBridge, 'submitInvoice'>,
  thumbnail: ThumbnailRenderer,
) =>
  createStore<InvoicesState>()((set, get) => {
    const update = (name: string, change: Partial<InvoiceFile>) =>
      set({ files: get().files.map((f) => (f.name === name ? { ...f, ...change } : f)) });
    return {
      files: [],
      pattern: globalThis.localStorage?.getItem(PATTERN_KEY) ?? DEFAULT_ORDER_PATTERN,
      addFiles: async (dropped, currentOrder) => {
        const added: InvoiceFile[] = dropped.map((file) => {
          const verdict = checkFile(file.name, file.bytes);
          const invalid = !verdict.ok
            ? verdict.reason
            : verdict.kind !== 'invoice'
              ? 'notPdf'
              : null;
          return {
            ...file,
            status: invalid ? 'invalid' : 'ready',
            key: invalid ? `drop.${invalid}` : null,
            values: { file: file.name, limit: 20 },
            order: orderFromFileName(file.name, get().pattern) ?? currentOrder ?? '',
            thumbnail: null,
          };
        });
        set({
          files: [...added, ...get().files.filter((f) => !added.some((a) => a.name === f.name))],
        });
        for (const file of added.filter((f) => f.status === 'ready')) {
          try {
            update(file.name, { thumbnail: await thumbnail(file.bytes) });
          } catch {
            update(file.name, {
              status: 'invalid',
              key: 'invoices.unreadable',
              values: { file: file.name },
            });
          }
        }
      },
      setOrder: (name, order) => update(name, { order }),
      setPattern: (pattern) => {
        globalThis.localStorage?.setItem(PATTERN_KEY, pattern);
        set({ pattern });
      },
      upload: async (name, confirmResend = false) => {
        const file = get().files.find((f) => f.name === name);
        if (!file || !file.order.trim()) return;
        const result = await bridge.submitInvoice({
          order: file.order.trim(),
          fileName: file.name,
          bytes: file.bytes,
          ...(confirmResend ? { confirmResend } : {}),
        });
        const values = { file: file.name, order: file.order.trim() };
        if (!result.ok)
          return update(name, {
            status: 'error',
            key: result.error.messageKey,
            values: { ...values, message: result.error.message },
          });
        const status =
          result.value.status === 'needs_confirmation'
            ? 'confirm'
            : result.value.status === 'existing'
              ? 'existing'
              : 'queued';
        update(name, {
          status,
          key:
            status === 'confirm'
              ? 'drop.confirm'
              : status === 'existing'
                ? 'drop.existing'
                : 'drop.queued',
          values,
        });
      },
      clear: () => set({ files: [] }),
    };
  });
