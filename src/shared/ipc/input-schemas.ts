import { z } from 'zod';
import type { InvokeChannels, InvokeName } from './channels.ts';

/** Main validates every IPC input against these before anything else sees it. */
export const inputSchemas = {
  getAppInfo: z.undefined(),
} satisfies { [K in InvokeName]: z.ZodType<InvokeChannels[K]['input']> };

export type ParsedInput<K extends InvokeName> = z.output<(typeof inputSchemas)[K]>;
