import { createStore } from 'zustand/vanilla';
import type { PackbenchBridge } from '@shared/ipc/bridge-types.ts';
import { DEFAULT_ORDER_PATTERN, orderFromFileName } from './order-from-name.ts';
import { MAX_FILE_MB } from '@shared/files/file-rules.ts';
import type { FileChecker } from '@renderer/ui/files/file-checker.ts';
import { storeHook } from '@renderer/app/context.tsx';

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
  checkFile: FileChecker,
) =>
  createStore<InvoicesState>()((set, get) => {
    const update = (name: string, change: Partial<InvoiceFile>) =>
      set({ files: get().files.map((f) => (f.name === name ? { ...f, ...change } : f)) });
    return {
      files: [],
      pattern: globalThis.localStorage?.getItem(PATTERN_KEY) ?? DEFAULT_ORDER_PATTERN,
      addFiles: async (dropped, currentOrder) => {
        const added: InvoiceFile[] = dropped.map((file) => ({
          ...file,
          status: 'ready',
          key: null,
          values: { file: file.name, limit: MAX_FILE_MB },
          order: orderFromFileName(file.name, get().pattern) ?? currentOrder ?? '',
          thumbnail: null,
        }));
        set({
          files: [...added, ...get().files.filter((f) => !added.some((a) => a.name === f.name))],
        });
        for (const file of added) {
          const verdict = await checkFile(file.name, file.bytes, 'invoice');
          if (!verdict.ok) {
            update(file.name, { status: 'invalid', key: `files.${verdict.reason}` });
            continue;
          }
          try {
            update(file.name, { thumbnail: await thumbnail(file.bytes) });
          } catch {
            // pdf.js read the page's operators, but drawing them failed: not a usable invoice.
            update(file.name, { status: 'invalid', key: 'files.damaged' });
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
            values: { ...values, ...result.error.params, message: result.error.message },
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

declare module '@renderer/app/context.tsx' {
  interface Stores {
    /** The Invoices screen: files checked, matched to orders and queued. */
    invoices: ReturnType<typeof createInvoicesStore>;
  }
}

export const useInvoices = storeHook((s) => s.invoices);
