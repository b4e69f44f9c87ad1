/// <reference lib="webworker" />
// Renders ZPL off the UI thread with our own engine (src/zpl). The fonts are assets of this
// build, fetched once from our own origin; the engine then draws every label from memory.
import condensedUrl from '@expo-google-fonts/roboto-condensed/700Bold/RobotoCondensed_700Bold.ttf?url';
import monoUrl from '@expo-google-fonts/roboto-mono/500Medium/RobotoMono_500Medium.ttf?url';
import { ZplEngine, type Dpmm, type ZplWarning } from '../../../../zpl/engine.ts';
import { encodePng } from '../../../../zpl/png/encode-png.ts';

export interface RenderRequest {
  id: number;
  zpl: string;
  widthMm: number;
  heightMm: number;
  dpmm: number;
  /** False: only the warnings (the lint while the operator types). */
  images: boolean;
}

export type RenderReply =
  { id: number; images: string[]; warnings: ZplWarning[] } | { id: number; error: string };

let engine: Promise<ZplEngine> | null = null;

const fontBytes = async (url: string): Promise<ArrayBuffer> => {
  const response = await fetch(url);
  if (!response.ok)
    throw new Error(`the label font ${url} could not be loaded (${response.status})`);
  return response.arrayBuffer();
};

function ready(): Promise<ZplEngine> {
  engine ??= Promise.all([fontBytes(condensedUrl), fontBytes(monoUrl)]).then(
    ([condensed, mono]) => {
      const loaded = new ZplEngine({ condensed, mono });
      loaded.warmUp();
      return loaded;
    },
  );
  return engine;
}

function base64(bytes: Uint8Array): string {
  let text = '';
  for (let i = 0; i < bytes.length; i += 0x8000)
    text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(text);
}

self.onmessage = async (event: MessageEvent<RenderRequest>) => {
  const { id, zpl, widthMm, heightMm, dpmm, images } = event.data;
  try {
    const zplEngine = await ready();
    const result = zplEngine.render(zpl, { widthMm, heightMm, dpmm: dpmm as Dpmm });
    const warnings = [...result.warnings, ...result.labels.flatMap((l) => l.warnings)].sort(
      (a, b) => a.line - b.line || a.column - b.column,
    );
    self.postMessage({
      id,
      images: images ? result.labels.map((l) => base64(encodePng(l.bitmap))) : [],
      warnings,
    } satisfies RenderReply);
  } catch (error) {
    self.postMessage({
      id,
      error: error instanceof Error ? error.message : String(error),
    } satisfies RenderReply);
  }
};
