import { storeHook } from '@renderer/app/context.tsx';
import type { createLabelsStore } from './labels-store.ts';

declare module '@renderer/app/context.tsx' {
  interface Stores {
    /** The Labels screen: the files dropped, their previews and uploads. */
    labels: ReturnType<typeof createLabelsStore>;
  }
}

export const useLabels = storeHook((s) => s.labels);
