/// <reference lib="webworker" />
// Renders ZPL off the UI thread with our own engine (src/zpl). The fonts are assets of this
// build, fetched once from our own origin; the engine then draws every label from memory.
import condensedUrl from '@expo-google-fonts/roboto-condensed/700Bold/RobotoCondensed_700Bold.ttf?url';
import monoUrl from '@expo-google-fonts/roboto-mono/500Medium/RobotoMono_500Medium.ttf?url';
import { ZplEngine, type Dpmm, type RenderResult, type ZplWarning } from '@zpl/engine.ts';
import { scaleFor, shrinkDots, type LabelPicture } from './label-picture.ts';

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
      practise(loaded, PRACTICE_ROUNDS);
      return loaded;
    },
  );
  return engine;
}

// A label of the usual kinds of field (font 0 and a bitmap font, a block, boxes, Code 128, QR,
// Data Matrix, turned text), drawn and shrunk again and again while the worker has nothing
// else to do. The script engine compiles a function better only after it has run a while:
// the first previews after opening the screen took 2–3 times as long to draw and shrink as
// later ones, and the compiler's own threads took a core from the preview the operator was
// waiting for. Each round is a task of its own, so a preview asked for meanwhile waits for
// one round at most.
const PRACTICE_LABEL =
  '^XA^CI28^FO30,30^A0N,44,40^FDPractice # Ação^FS^FO30,90^GB700,4,4^FS' +
  '^FO30,110^ADN,36,20^FDTo: Someone, # Street^FS' +
  '^FO30,160^A0N,28,28^FB700,3,0,L^FDA block of text # wrapping over the lines of a label^FS' +
  '^FO60,300^BY3^BCN,150,Y,N,N^FDPRACTICE#^FS^FO30,520^BQN,2,5^FDMA,https://example.com/#^FS' +
  '^FO400,520^BXN,6,200^FDDM#^FS^FO30,800^A0R,30,30^FDturned #^FS^XZ';
const PRACTICE_ROUNDS = 30;
function practise(loaded: ZplEngine, rounds: number): void {
  if (rounds <= 0) return;
  const { labels } = loaded.render(PRACTICE_LABEL.replaceAll('#', String(rounds)), {
    dpmm: 8,
  });
  for (const { bitmap } of labels) shrinkDots(bitmap, scaleFor(bitmap.height, 600));
  setTimeout(() => practise(loaded, rounds - 1));
}

// The last labels drawn, for the same text and stock asked again: the lint draws the label
// a moment after the operator stops typing, so the preview that follows only shrinks it.
let last: {
  zpl: string;
  widthMm: number;
  heightMm: number;
  dpmm: number;
  result: RenderResult;
} | null = null;
function render(zplEngine: ZplEngine, request: RenderRequest): RenderResult {
  const { zpl, widthMm, heightMm, dpmm } = request;
  if (
    last?.zpl === zpl &&
    last.widthMm === widthMm &&
    last.heightMm === heightMm &&
    last.dpmm === dpmm
  )
    return last.result;
  const result = zplEngine.render(zpl, { widthMm, heightMm, dpmm: dpmm as Dpmm });
  last = { zpl, widthMm, heightMm, dpmm, result };
  return result;
}

self.onmessage = async (event: MessageEvent<RenderRequest>) => {
  const { id, images, shownPx } = event.data;
  try {
    const result = render(await ready(), event.data);
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
  } catch (error) {
    self.postMessage({
      id,
      error: error instanceof Error ? error.message : String(error),
    } satisfies RenderReply);
  }
};
