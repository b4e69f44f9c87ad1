import type { PackbenchBridge } from '@shared/ipc/bridge-types.ts';

declare global {
  interface Window {
    packbench: PackbenchBridge;
  }
}

export {};
