import type { Result } from '../result.ts';
import type { EventChannels, EventName, InvokeChannels, InvokeName } from './channels.ts';

/** What `window.packbench` looks like in the renderer. */
export type PackbenchBridge = {
  [K in InvokeName]: InvokeChannels[K]['input'] extends undefined
    ? () => Promise<Result<InvokeChannels[K]['output']>>
    : (input: InvokeChannels[K]['input']) => Promise<Result<InvokeChannels[K]['output']>>;
} & {
  [K in EventName]: (listener: (payload: EventChannels[K]) => void) => () => void;
};
