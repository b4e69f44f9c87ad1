import { createStore } from 'zustand/vanilla';
import type { PackbenchBridge } from '@shared/ipc/bridge-types.ts';
import type { PrinterSettings, PrinterStatusView } from '@shared/printing.ts';
import type { AppError } from '@shared/result.ts';
import { storeHook } from '@renderer/app/context.tsx';

/**
 * Settings → Printers: saving this station's printer and the test print. The settings
 * themselves are a read (queryKeys.printing); this store holds what the operator's presses did.
 */
export interface PrinterState {
  busy: 'save' | 'test' | null;
  saved: boolean;
  /** The status the last test print got, and the printer it went to. */
  tested: { target: string; status: PrinterStatusView } | null;
  error: AppError | null;
  save: (settings: PrinterSettings) => Promise<boolean>;
  /** A test label to the given printer (the form's, saved or not). */
  test: (target: string) => Promise<void>;
}

export const createPrinterStore = (
  bridge: Pick<PackbenchBridge, 'savePrinterSettings' | 'testPrint'>,
) =>
  createStore<PrinterState>()((set) => ({
    busy: null,
    saved: false,
    tested: null,
    error: null,
    save: async (settings) => {
      set({ busy: 'save', saved: false, error: null });
      const result = await bridge.savePrinterSettings(settings);
      set(result.ok ? { busy: null, saved: true } : { busy: null, error: result.error });
      return result.ok;
    },
    test: async (target) => {
      set({ busy: 'test', saved: false, tested: null, error: null });
      const result = await bridge.testPrint({ target });
      set(
        result.ok
          ? { busy: null, tested: { target, status: result.value.status } }
          : { busy: null, error: result.error },
      );
    },
  }));

declare module '@renderer/app/context.tsx' {
  interface Stores {
    /** Settings → Printers: save and test print. */
    printer: ReturnType<typeof createPrinterStore>;
  }
}

export const usePrinter = storeHook((s) => s.printer);
