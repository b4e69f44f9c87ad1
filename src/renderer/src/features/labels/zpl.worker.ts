/// <reference lib="webworker" />
// Renders ZPL off the UI thread with our own engine (src/zpl). The fonts are assets of this
// build, fetched once from our own origin; the engine then draws every label from memory.
import condensedUrl from '@expo-google-fonts/roboto-condensed/700Bold/RobotoCondensed_700Bold.ttf?url';
import monoUrl from '@expo-google-fonts/roboto-mono/500Medium/RobotoMono_500Medium.ttf?url';
import { ZplEngine, type Dpmm, type ZplWarning } from '@zpl/engine.ts';
import { scaleFor, shrinkDots, type Dots, type LabelPicture } from './label-picture.ts';

export interface RenderRequest {
  id: number;
  zpl: string;
  widthMm: number;
  heightMm: number;
  dpmm: number;
  /** False: only the warnings (the lint while the operator types). */
  images: boolean;
  /** How many device pixels high the page shows a label: pictures are made that size. */
  shownPx: number;
}

export type RenderReply =
  { id: number; images: LabelPicture[]; warnings: ZplWarning[] } | { id: number; error: string };

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

// shrinkDots runs once a preview, too seldom for the script engine to optimise it soon: the
// first previews took 10–25 ms of it, later ones 2. So after the first few answers (a lint's
// too, which comes as the operator stops typing), while the worker has nothing to do, it
// shrinks the label it just drew a few times more.
let practice = 3;
function warmPictures(dots: Dots, shownPx: number): void {
  for (; practice > 0; practice--) shrinkDots(dots, scaleFor(dots.height, shownPx));
}

self.onmessage = async (event: MessageEvent<RenderRequest>) => {
  const { id, zpl, widthMm, heightMm, dpmm, images, shownPx } = event.data;
  try {
    const zplEngine = await ready();
    const result = zplEngine.render(zpl, { widthMm, heightMm, dpmm: dpmm as Dpmm });
    const warnings = [...result.warnings, ...result.labels.flatMap((l) => l.warnings)].sort(
      (a, b) => a.line - b.line || a.column - b.column,
    );
    // Pixels at the size the page shows them, moved to the page rather than copied: no PNG
    // to encode here and decode there (see label-picture.ts).
    const pictures: LabelPicture[] = images
      ? result.labels.map(({ bitmap }) => shrinkDots(bitmap, scaleFor(bitmap.height, shownPx)))
      : [];
    const moved = pictures.map((p) => p.pixels.buffer as ArrayBuffer);
    self.postMessage({ id, images: pictures, warnings } satisfies RenderReply, moved);
    const first = result.labels[0]?.bitmap;
    if (first && practice > 0) setTimeout(() => warmPictures(first, shownPx));
  } catch (error) {
    self.postMessage({
      id,
      error: error instanceof Error ? error.message : String(error),
    } satisfies RenderReply);
  }
};
