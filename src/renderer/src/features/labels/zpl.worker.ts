/// <reference lib="webworker" />
// Renders ZPL off the UI thread: the renderer blocks its thread for up to a second per label.
import { ready } from 'zpl-renderer-js';

export interface RenderRequest {
  id: number;
  zpl: string;
  widthMm: number;
  heightMm: number;
  dpmm: number;
}

export type RenderReply = { id: number; images: string[] } | { id: number; error: string };

self.onmessage = async (event: MessageEvent<RenderRequest>) => {
  const { id, zpl, widthMm, heightMm, dpmm } = event.data;
  try {
    const { api } = await ready;
    const images = await api.zplToBase64MultipleAsync(zpl, widthMm, heightMm, dpmm);
    self.postMessage({ id, images } satisfies RenderReply);
  } catch (error) {
    self.postMessage({
      id,
      error: error instanceof Error ? error.message : String(error),
    } satisfies RenderReply);
  }
};
