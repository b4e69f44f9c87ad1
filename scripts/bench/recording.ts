// Issue #41's bench (rows 23): what recording every pack (720p at 15 fps) costs the station. In Debian's
// Chromium on the real renderer build, fed by Chromium's fake camera playing a video ffmpeg makes
// here: scan → verdict painted with and without recording (row 15's method, painted.ts), the CPU
// recording adds while packing, the clips' bytes per minute, and main's finish of a clip (closed,
// hashed, written into the pack's record).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { StationCore } from '../../src/main/core/station-core.ts';
import { proofEvents, type ClipEvent } from '../../src/main/evidence/clip-events.ts';
import { PACK_FIXTURES } from '../../src/sandbox/index.ts';
import { en } from '../../src/shared/i18n/en.ts';
import { memoryKeychain } from '../../test/outbox/helpers.ts';
import { until } from '../../test/support/until.ts';
import {
  browserArgs,
  closeBrowser,
  launchStation,
  scanOrder,
  type Station,
} from '../../test/e2e/harness.ts';
import type { BenchSection } from './context.ts';
import {
  armPainted,
  linesDone,
  nearestRank,
  packCodes,
  paintedScan,
  paintedVerdictTimes,
} from './painted.ts';
import { packOrderBody } from '../../test/support/bodies.ts';
import { fakeCameraVideo } from '../../test/evidence/webm.ts';

const WIDTH = 1280;
const HEIGHT = 720;
const FPS = 15;
/** The CPU's fixed wall period of packing, and the operator's pace in it. */
const CPU_PERIOD_MS = 30_000;
const SCAN_EVERY_MS = 1_000;
/** Packs whose clip's finish is timed. */
const FINISH_PACKS = 20;

/** Settings → Camera on, as a supervisor sets it: 720p, 15 fps, the rest as shipped. */
async function cameraOn(core: StationCore): Promise<void> {
  await core.evidence.saveSettings({
    ...core.evidence.settings(),
    enabled: true,
    resolution: '720p',
    fps: FPS,
  });
}

/** The pack's closed clips, from its record. */
const clipsOf = (core: StationCore, packId: string) =>
  proofEvents(core.outbox.database, packId).filter(
    (event): event is ClipEvent => event.kind === 'clip',
  );

/** Waits for the pack's clip in its record (the tail, then main's close) and returns it. */
async function closedClip(core: StationCore, packId: string): Promise<ClipEvent> {
  await until(() => clipsOf(core, packId).length > 0, `the clip of pack ${packId}`, 30_000);
  const clip = clipsOf(core, packId)[0];
  if (!clip) throw new Error(`pack ${packId} has no clip`);
  if (clip.stopped)
    throw new Error(`the clip of pack ${packId} stopped: ${clip.stopped.messageKey}`);
  return clip;
}

/** Opens the order for packing in the window; with the camera on, waits until main has bytes. */
async function openPack(station: Station, orderId: string, recording: boolean): Promise<string> {
  const { page, core } = station;
  await scanOrder(page, orderId);
  const profile = core.profiles.active().id;
  const packOf = () => core.packing.store.openFor(profile, orderId)?.id ?? '';
  await until(() => packOf() !== '', `the pack of ${orderId} opened`, 15_000);
  const packId = packOf();
  await page.getByTestId('pack-checklist').waitFor();
  if (recording) {
    await page.getByTestId('pack-camera-dot').waitFor({ timeout: 15_000 });
    // The first fragment written by main: the recorder is running at its rate.
    await until(
      () => core.evidence.recorder.clips.state(packId) === 'recording',
      `the first fragment of ${orderId}`,
      15_000,
    );
  }
  return packId;
}

// ---- CPU of Chromium's process tree (from /proc) and of this Node process ----------------------

const TICK_MS = 1000 / Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim());

/** pid → [parent pid, utime + stime in ticks], for every process /proc lists now. */
function processTable(): Map<number, { ppid: number; ticks: number }> {
  const table = new Map<number, { ppid: number; ticks: number }>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      // The command may hold spaces and parentheses: the fields after its last ')' are fixed.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      // fields[0] is field 3 (state): ppid is field 4, utime 14, stime 15.
      table.set(Number(name), {
        ppid: Number(fields[1]),
        ticks: Number(fields[11]) + Number(fields[12]),
      });
    } catch {
      // gone between the listing and the read
    }
  }
  return table;
}

function commandOf(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8');
  } catch {
    return '';
  }
}

/** The CPU ticks of every process under the Chromium this process launched, by pid. */
function chromiumTicks(): Map<number, number> {
  const table = processTable();
  const children = new Map<number, number[]>();
  for (const [pid, { ppid }] of table) children.set(ppid, [...(children.get(ppid) ?? []), pid]);
  const roots = (children.get(process.pid) ?? []).filter((pid) =>
    commandOf(pid).includes('chromium'),
  );
  const ticks = new Map<number, number>();
  const walk = (pid: number) => {
    ticks.set(pid, table.get(pid)?.ticks ?? 0);
    for (const child of children.get(pid) ?? []) walk(child);
  };
  roots.forEach(walk);
  return ticks;
}

interface CpuMark {
  at: number;
  chromium: Map<number, number>;
  node: NodeJS.CpuUsage;
}

const cpuMark = (): CpuMark => ({
  at: performance.now(),
  chromium: chromiumTicks(),
  node: process.cpuUsage(),
});

/**
 * CPU between two marks, as % of one core over the wall time between them: Chromium's processes
 * (each one's own growth; one born in between counts whole, one gone in between is lost), and
 * this Node process (the core, main's handlers and writing, the sandbox, Playwright's client).
 */
function cpuBetween(a: CpuMark, b: CpuMark): { wallMs: number; chromium: number; node: number } {
  const wallMs = b.at - a.at;
  let ticks = 0;
  for (const [pid, end] of b.chromium) ticks += end - (a.chromium.get(pid) ?? 0);
  const node = process.cpuUsage(a.node);
  return {
    wallMs,
    chromium: (100 * ticks * TICK_MS) / wallMs,
    node: (100 * (node.user + node.system)) / 1000 / wallMs,
  };
}

/** Resolves at the given performance.now(): the operator's pace, not a wait for an outcome. */
const at = (deadline: number) =>
  new Promise((resolve) => setTimeout(resolve, Math.max(0, deadline - performance.now())));

// ---- the section ------------------------------------------------------------------------------

export const section: BenchSection = async ({ rows, results }) => {
  const scratch = mkdtempSync(join(tmpdir(), 'packbench-bench-recording-'));
  // The 1-minute load average at each phase's end: the machine may be shared (a report then).
  const load: number[] = [loadavg()[0] ?? 0];
  const loaded = () => {
    load.push(loadavg()[0] ?? 0);
    return `load ${(load.at(-2) ?? 0).toFixed(1)}–${(load.at(-1) ?? 0).toFixed(1)}`;
  };
  const clips: ClipEvent[] = [];
  const order = PACK_FIXTURES.orders.bench;

  /** A station on its own core and sandbox, online, the camera on or off. */
  const station = async (recording: boolean, prepare?: (core: StationCore) => Promise<void>) => {
    const launched = await launchStation({ keychain: memoryKeychain() }, async (core) => {
      if (recording) await cameraOn(core);
      await prepare?.(core);
    });
    await launched.page.locator('[data-health="up"]').waitFor({ timeout: 15_000 });
    return launched;
  };

  /** The bench order's 500 units, each timed to its verdict painted. */
  const painted = async (recording: boolean) => {
    const s = await station(recording);
    try {
      const codes = await packCodes(s.core, order);
      const packId = await openPack(s, order.id, recording);
      const times = await paintedVerdictTimes(s.page, codes);
      const lines = await linesDone(s.page);
      if (recording) clips.push(await closedClip(s.core, packId));
      return { times, lines };
    } finally {
      await s.close();
    }
  };

  /** CPU over a fixed wall period of packing the bench order, a scan a second. */
  const cpu = async (recording: boolean) => {
    const s = await station(recording);
    try {
      const codes = await packCodes(s.core, order);
      const packId = await openPack(s, order.id, recording);
      await armPainted(s.page);
      const start = cpuMark();
      for (let k = 0; k * SCAN_EVERY_MS < CPU_PERIOD_MS; k += 1) {
        await at(start.at + k * SCAN_EVERY_MS);
        await paintedScan(s.page, codes[k] ?? '');
      }
      await at(start.at + CPU_PERIOD_MS);
      const figures = cpuBetween(start, cpuMark());
      if (recording) {
        // Leaving the Station screen ends the clip now: its bytes and length for the rate.
        await s.page.getByRole('button', { name: en.nav.settings, exact: true }).click();
        clips.push(await closedClip(s.core, packId));
      }
      return figures;
    } finally {
      await s.close();
    }
  };

  try {
    // Chromium's fake camera plays a moving test pattern, 1280×720 at 15 fps (looped).
    const video = fakeCameraVideo(join(scratch, 'camera.y4m'), {
      width: WIDTH,
      height: HEIGHT,
      fps: FPS,
      seconds: 4,
    });
    await closeBrowser();
    browserArgs([
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-video-capture=${video}`,
      '--use-fake-ui-for-media-stream',
      '--unsafely-treat-insecure-origin-as-secure=http://packbench.test',
    ]);

    // 1. Scan → verdict painted, the same 500 scans without and with recording.
    const off = await painted(false);
    const on = await painted(true);
    const p = (xs: number[], q: number) => nearestRank(xs, q).toFixed(1);
    const onP95 = nearestRank(on.times, 95);
    rows.push({
      measure: `23. scan → verdict painted, ${order.items.length}-line order, ${on.times.length} scans, without / with recording 720p ${FPS} fps (ms p50/p95)`,
      figure: `${p(off.times, 50)}/${p(off.times, 95)} / ${p(on.times, 50)}/${p(on.times, 95)} (${loaded()})`,
      goal: 'p95 ≤ 30 with, all done',
      ok: onP95 <= 30 && on.lines === order.items.length && off.lines === order.items.length,
    });

    // 2. CPU: without, with, with, without (drift on a shared machine falls on both alike).
    const runs: { recording: boolean; figures: ReturnType<typeof cpuBetween> }[] = [];
    for (const recording of [false, true, true, false])
      runs.push({ recording, figures: await cpu(recording) });
    const mean = (recording: boolean) => {
      const chosen = runs.filter((r) => r.recording === recording).map((r) => r.figures);
      const avg = (pick: (f: ReturnType<typeof cpuBetween>) => number) =>
        chosen.reduce((sum, f) => sum + pick(f), 0) / chosen.length;
      return { chromium: avg((f) => f.chromium), node: avg((f) => f.node) };
    };
    const cpuOff = mean(false);
    const cpuOn = mean(true);
    const total = (c: { chromium: number; node: number }) => c.chromium + c.node;
    const added = total(cpuOn) - total(cpuOff);
    rows.push({
      measure: `23. recording's added CPU, ${CPU_PERIOD_MS / 1000} s packing at a scan a second, Chromium + Node (% of one core: without → with; added; 2 runs each)`,
      figure: `${total(cpuOff).toFixed(0)} → ${total(cpuOn).toFixed(0)}; +${added.toFixed(0)} (Chromium +${(cpuOn.chromium - cpuOff.chromium).toFixed(0)}, Node +${(cpuOn.node - cpuOff.node).toFixed(0)}; ${loaded()})`,
      goal: 'report',
      ok: true,
    });

    // 3. Finish → clip hashed and closed: main's core.evidence.finish, timed on the core.
    const finishes: number[] = [];
    const s = await station(true, async (core) => {
      const evidence = core.evidence;
      const finish = evidence.finish.bind(evidence);
      evidence.finish = async (packId) => {
        const started = performance.now();
        try {
          return await finish(packId);
        } finally {
          finishes.push(performance.now() - started);
        }
      };
    });
    try {
      const api = await s.core.api();
      const sku = PACK_FIXTURES.orders.plain.items[0]?.sku ?? '';
      for (let n = 1; n <= FINISH_PACKS; n += 1) {
        const id = `BENCH-CLIP-${n}`;
        await api.createOrder(packOrderBody(id, [{ sku, quantity: 1 }]));
        const packId = await openPack(s, id, true);
        await armPainted(s.page);
        await paintedScan(s.page, sku);
        await s.page.getByTestId('pack-finished').waitFor();
        clips.push(await closedClip(s.core, packId));
      }
    } finally {
      await s.close();
    }
    const f50 = nearestRank(finishes, 50);
    const f95 = nearestRank(finishes, 95);
    rows.push({
      measure: `23. finish → clip hashed and closed: main's core.evidence.finish (close, rename, record, retention; not the IPC hop), ${finishes.length} packs (ms p50/p95)`,
      figure: `${f50.toFixed(1)} / ${f95.toFixed(1)} (${loaded()})`,
      goal: 'p95 ≤ 1000',
      ok: f95 <= 1000 && finishes.length >= FINISH_PACKS,
    });

    // 4. Bytes per minute over every clip this section closed.
    const timed = clips.filter((c) => c.durationMs !== null && c.durationMs > 0);
    const bytes = timed.reduce((sum, c) => sum + c.bytes, 0);
    const ms = timed.reduce((sum, c) => sum + (c.durationMs ?? 0), 0);
    const perMinute = (c: { bytes: number; ms: number }) => ((c.bytes / c.ms) * 60_000) / 1e6;
    const rates = timed.map((c) => perMinute({ bytes: c.bytes, ms: c.durationMs ?? 1 }));
    rows.push({
      measure: `23. clip size, 720p ${FPS} fps VP8, fake camera's test pattern (MB per minute; ${timed.length} clips, ${(ms / 60_000).toFixed(1)} min; per clip low–high)`,
      figure: `${perMinute({ bytes, ms }).toFixed(1)} (${Math.min(...rates).toFixed(1)}–${Math.max(...rates).toFixed(1)})`,
      goal: 'report',
      ok: true,
    });

    results['recording'] = {
      resolution: `${WIDTH}x${HEIGHT}`,
      fps: FPS,
      painted: {
        scans: on.times.length,
        without: { p50Ms: nearestRank(off.times, 50), p95Ms: nearestRank(off.times, 95) },
        with: { p50Ms: nearestRank(on.times, 50), p95Ms: onP95 },
        linesDone: { without: off.lines, with: on.lines },
      },
      cpu: {
        periodMs: CPU_PERIOD_MS,
        scanEveryMs: SCAN_EVERY_MS,
        runs,
        withoutPercent: cpuOff,
        withPercent: cpuOn,
        addedPercentOfOneCore: added,
      },
      finish: { packs: finishes.length, p50Ms: f50, p95Ms: f95, timed: 'core.evidence.finish' },
      bytesPerMinute: (bytes / ms) * 60_000,
      // The clip's play time against the wall time from its start to its close.
      clips: timed.map((c) => ({
        bytes: c.bytes,
        durationMs: c.durationMs,
        wallMs: c.at - c.startedAt,
      })),
      loadAverage: load,
    };
  } finally {
    await closeBrowser();
    browserArgs([]);
    rmSync(scratch, { recursive: true, force: true });
  }
};
