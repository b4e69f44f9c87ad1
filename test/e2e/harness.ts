import { loadFontsFromPackages } from '../../src/main/documents/package-fonts.ts';
import { randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import {
  chromium,
  type Browser,
  type BrowserContext,
  type Locator,
  type Page,
} from 'playwright-core';
import { build } from 'vite';
import { APP_ORIGIN, serveAppRequest } from '../../src/main/app-protocol.ts';
import { NativeKeychain } from '../../src/main/platform/keychain.ts';
import {
  createStationCore,
  type StationCore,
  type StationCoreOptions,
} from '../../src/main/core/station-core.ts';
import type { IpcEventLike } from '../../src/main/ipc-manager.ts';
import { registerTestHandlers } from '../support/test-handlers.ts';
import { channelOf } from '../../src/shared/ipc/channels.ts';
import { fromWire, toWire } from './wire.ts';
import { tempDir } from '../outbox/helpers.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const RENDERER = join(ROOT, 'out/renderer');
export const APP_URL = 'http://packbench.test/index.html';
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/** The real preload, bundled with `electron` replaced by the shim. */
async function bundlePreload(): Promise<string> {
  const output = await build({
    configFile: false,
    logLevel: 'silent',
    resolve: { alias: { electron: join(ROOT, 'test/e2e/electron-shim.ts') } },
    build: {
      write: false,
      minify: false,
      lib: {
        entry: join(ROOT, 'src/preload/index.ts'),
        formats: ['iife'],
        name: 'packbenchPreload',
      },
    },
  });
  const result = Array.isArray(output) ? output[0] : output;
  const chunk = (result as { output: { type: string; code?: string }[] }).output.find(
    (o) => o.type === 'chunk',
  );
  if (!chunk?.code) throw new Error('preload bundle is empty');
  return chunk.code;
}

export interface Station {
  core: StationCore;
  page: Page;
  context: BrowserContext;
  sounds: () => Promise<number[]>;
  /** Content-Security-Policy violations reported in the page, as "directive blocked-uri". */
  cspViolations: () => Promise<string[]>;
  /** Requests the page tried to make to anywhere but the app itself (all refused). */
  outsideRequests: () => string[];
  screenshot: (name: string) => Promise<void>;
  close: () => Promise<void>;
}

let browser: Browser | null = null;
let extraArgs: string[] = [];

/**
 * Chromium flags of one test file, set before its first station launches (the browser is
 * shared by the file's stations), e.g. the fake camera's.
 */
export function browserArgs(args: readonly string[]): void {
  if (browser) throw new Error('browserArgs() must come before the first launch');
  extraArgs = [...args];
}
let preload: string | null = null;

/** Real renderer build + real preload + real IPC handlers on a real core, in Debian's Chromium. */
export async function launchStation(
  options: Partial<StationCoreOptions> = {},
  /** Runs on the core before the page opens, e.g. to point the active profile elsewhere. */
  prepare?: (core: StationCore) => Promise<void>,
): Promise<Station> {
  preload ??= await bundlePreload();
  browser ??= await chromium.launch({
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: [...CHROMIUM_ARGS, ...extraArgs],
  });
  const dir = tempDir('packbench-e2e-');
  const core = await createStationCore({
    dataDir: dir.path,
    keychain: new NativeKeychain({ service: `Packbench-e2e-${randomUUID()}` }),
    health: { intervalMs: 60_000, retryMs: 300 },
    // The packages' fonts (the app passes its bundled copies).
    documentFonts: loadFontsFromPackages,
    ...options,
  });
  await prepare?.(core);
  const handlers = new Map<string, (event: IpcEventLike, ...args: unknown[]) => unknown>();
  registerTestHandlers({
    core,
    registered: handlers,
    version: 'e2e',
    thirdPartyNotices: () =>
      readFileSync(join(import.meta.dirname, '../../out/THIRD_PARTY_NOTICES'), 'utf8'),
    isTrustedSender: (event) =>
      event.senderFrame?.url.startsWith('http://packbench.test/') === true,
  });

  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  // Chromium cannot be taught the app:// scheme from outside, so the page lives on an http origin
  // and every request is answered by the app's real app:// handler (same files, same CSP header).
  await context.route('http://packbench.test/**', async (route) => {
    const url = new URL(route.request().url());
    // As Electron's protocol.handle is given them: the core's clips, and the request's range.
    const response = await serveAppRequest(RENDERER, `${APP_ORIGIN}${url.pathname}`, {
      clips: core.evidence.clips,
      range: (await route.request().headerValue('range')) ?? null,
    });
    await route.fulfill({
      status: response.status,
      headers: Object.fromEntries(response.headers),
      body: Buffer.from(await response.arrayBuffer()),
    });
  });
  // Nothing may leave the machine: any other request is refused and recorded.
  const outside: string[] = [];
  await context.route(
    (url) => url.hostname !== 'packbench.test',
    async (route) => {
      outside.push(route.request().url());
      await route.abort('blockedbyclient');
    },
  );
  await context.exposeBinding(
    '__packbenchInvoke',
    async (source, channel: string, wire: string[]) => {
      const handler = handlers.get(channel);
      if (!handler) throw new Error(`no handler for ${channel}`);
      // One string per argument: an argument left out stays undefined, as through Electron.
      const args = wire.map(fromWire);
      return toWire(
        await handler({ sender: { id: 1 }, senderFrame: { url: source.frame.url() } }, ...args),
      );
    },
  );
  // Records every tone the page plays, to check success and failure sounds.
  await context.addInitScript(() => {
    const tones: number[] = [];
    (window as unknown as { __tones: number[] }).__tones = tones;
    const original = AudioContext.prototype.createOscillator;
    AudioContext.prototype.createOscillator = function (this: AudioContext) {
      const oscillator = original.call(this);
      queueMicrotask(() => tones.push(oscillator.frequency.value));
      return oscillator;
    };
  });
  // Records every Content-Security-Policy violation the page reports.
  await context.addInitScript(() => {
    const violations: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = violations;
    document.addEventListener('securitypolicyviolation', (event) =>
      violations.push(
        `${event.effectiveDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}:${event.columnNumber}`,
      ),
    );
  });
  await context.addInitScript({ content: preload });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  const emit = (channel: string, payload: unknown) =>
    void page
      .evaluate(
        ([c, p]) =>
          (
            window as unknown as { __packbenchEmit: (c: string, p: string) => void }
          ).__packbenchEmit(c, p),
        [channel, toWire(payload)] as const,
      )
      .catch(() => undefined);
  const offStatus = core.onStatus((status) => emit(channelOf('onStatus'), status));
  const offOutbox = core.outbox.subscribe((profileId, snapshot, job) =>
    emit(channelOf('onOutbox'), { profileId, snapshot, job }),
  );
  const offPrinting = core.printing.onChange((change) => emit(channelOf('onPrinting'), change));
  const offScale = core.scale.monitor.onChange((view) => emit(channelOf('onScale'), view));
  await page.goto(APP_URL);

  return {
    core,
    page,
    context,
    sounds: () => page.evaluate(() => (window as unknown as { __tones: number[] }).__tones),
    cspViolations: () =>
      page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations),
    outsideRequests: () => [...outside],
    screenshot: async (name) => {
      mkdirSync(join(ROOT, 'test-results'), { recursive: true });
      await page.screenshot({ path: join(ROOT, 'test-results', `${name}.png`) });
    },
    close: async () => {
      offStatus();
      offOutbox();
      offPrinting();
      offScale();
      // The app itself must never trip its own CSP nor reach outside; tests that provoke
      // violations on purpose clear the list first.
      const violations = await page
        .evaluate(() => (window as unknown as { __cspViolations?: string[] }).__cspViolations)
        .catch(() => undefined);
      if (violations?.length) errors.push(`CSP violations: ${violations.join(', ')}`);
      if (outside.length) errors.push(`requests outside the app: ${outside.join(', ')}`);
      await context.close();
      await core.close();
      dir.remove();
      if (errors.length) throw new Error(`page errors: ${errors.join('; ')}`);
    },
  };
}

/** Runs a scenario on a freshly launched station and always closes it. */
export async function withStation(
  run: (station: Station) => Promise<void>,
  ...launch: Parameters<typeof launchStation>
): Promise<void> {
  const station = await launchStation(...launch);
  try {
    await run(station);
  } finally {
    await station.close();
  }
}

/** The same, starting once the status bar shows the service online (in any language). */
export function withOnlineStation(
  run: (station: Station) => Promise<void>,
  ...launch: Parameters<typeof launchStation>
): Promise<void> {
  return withStation(
    async (station) => {
      // The health badge's state, not its word: a policy may set the window's language.
      await station.page.locator('[data-health="up"]').waitFor({ timeout: 15_000 });
      await run(station);
    },
    ...launch,
  );
}

/**
 * A keyboard-wedge scanner's burst: the code's keys and Enter as keydown events in one task of
 * the page, a millisecond or less apart as a scanner sends them. (Playwright's own typing goes
 * one round trip per key, which a loaded CI machine stretches past the 50 ms a burst allows.)
 */
export async function scannerBurst(page: Page, code: string): Promise<void> {
  await page.evaluate((keys) => {
    const target: EventTarget = document.activeElement ?? window;
    for (const key of [...keys, 'Enter'])
      target.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));
  }, code);
}

/** Types an order number into the station's scan field and presses Enter. */
export async function scanOrder(page: Page, id: string): Promise<void> {
  await page.getByTestId('scan-input').fill(id);
  await page.keyboard.press('Enter');
}

/**
 * Dark pixels of each image or canvas the locator matches, counted on a canvas of their own
 * (blank ones give 0).
 */
export function darkPixels(images: Locator): Promise<number[]> {
  return images.evaluateAll(async (elements) =>
    Promise.all(
      (elements as (HTMLImageElement | HTMLCanvasElement)[]).map(async (img) => {
        if (img instanceof HTMLImageElement) await img.decode();
        const canvas = document.createElement('canvas');
        canvas.width = img instanceof HTMLImageElement ? img.naturalWidth : img.width;
        canvas.height = img instanceof HTMLImageElement ? img.naturalHeight : img.height;
        const ctx = canvas.getContext('2d') as CanvasRenderingContext2D;
        ctx.drawImage(img, 0, 0);
        const { data } = ctx.getImageData(0, 0, canvas.width, canvas.height);
        let dark = 0;
        for (let i = 0; i < data.length; i += 4)
          if ((data[i] ?? 255) < 128 && (data[i + 3] ?? 0) > 0) dark += 1;
        return dark;
      }),
    ),
  );
}

/** Drops files on the element, as a person dragging them from the file manager would. */
export async function dropFiles(
  page: Page,
  selector: string,
  files: { name: string; type: string; bytes: Uint8Array }[],
): Promise<void> {
  const payload = files.map((f) => ({
    name: f.name,
    type: f.type,
    b64: Buffer.from(f.bytes).toString('base64'),
  }));
  const dataTransfer = await page.evaluateHandle((list) => {
    const transfer = new DataTransfer();
    for (const f of list)
      transfer.items.add(
        new File([Uint8Array.from(atob(f.b64), (c) => c.charCodeAt(0))], f.name, { type: f.type }),
      );
    return transfer;
  }, payload);
  await page.dispatchEvent(selector, 'drop', { dataTransfer });
}

export async function closeBrowser(): Promise<void> {
  await browser?.close();
  browser = null;
}

export { rmSync };
