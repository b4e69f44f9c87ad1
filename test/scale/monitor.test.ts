// The station's scale watched over time against our emulator on a real pty: readings, the
// stable weight, silence, and a scale unplugged and plugged back in recovering by itself.
import { afterEach, describe, expect, it } from 'vitest';
import { systemClock } from '../../src/main/platform/clock.ts';
import { ScaleMonitor } from '../../src/main/scale/scale-monitor.ts';
import { DEFAULT_SCALE_SETTINGS, type ScaleView } from '../../src/shared/scale/settings.ts';
import { SERIAL_DEFAULTS } from '../../src/shared/scale/types.ts';
import { ScaleEmulator } from '../support/scale-emulator.ts';
import { until } from '../support/until.ts';

let emulator: ScaleEmulator | null = null;
let monitor: ScaleMonitor | null = null;
afterEach(async () => {
  await monitor?.stop();
  await emulator?.stop();
  monitor = null;
  emulator = null;
});

async function watch(protocol: 'sics' | 'nci') {
  emulator = await ScaleEmulator.start({ protocol });
  const device = `serial:${emulator.path}`;
  const seen: ScaleView[] = [];
  monitor = new ScaleMonitor({
    clock: systemClock,
    settings: () => ({
      ...DEFAULT_SCALE_SETTINGS,
      device,
      protocol,
      serial: SERIAL_DEFAULTS[protocol],
    }),
    pollMs: 50,
    retryMs: 100,
    readTimeoutMs: 300,
  });
  monitor.onChange((view) => seen.push(view));
  return { emulator, monitor, seen };
}

describe.each(['sics', 'nci'] as const)('the scale monitor, %s', (protocol) => {
  it('reads, takes a stable weight after the hold, and wants zero before the next', async () => {
    const { emulator, monitor } = await watch(protocol);
    emulator.show({ kind: 'motion', value: '1.40', unit: 'kg' });
    monitor.start();
    await until(() => monitor.view().reading?.status === 'motion', 'a reading in motion');
    expect(monitor.view()).toMatchObject({ state: 'reading', stable: false });
    emulator.show({ kind: 'stable', value: '1.42', unit: 'kg' });
    await until(() => monitor.view().stable, 'a stable weight');
    expect(monitor.stableReading()).toMatchObject({ grams: 1420 });
    monitor.taken();
    expect(monitor.view()).toMatchObject({ stable: false, needsZero: true });
    // The same box still on the scale is not the next order's weight.
    const asked = emulator.commands.length;
    await until(() => emulator.commands.length > asked + 10, 'ten more readings');
    expect(monitor.view()).toMatchObject({ stable: false, needsZero: true });
    emulator.show({ kind: 'zero', value: '0.00', unit: 'kg' });
    await until(() => !monitor.view().needsZero, 'zero seen');
    emulator.show({ kind: 'stable', value: '0.98', unit: 'kg' });
    await until(() => monitor.stableReading()?.grams === 980, 'the next weight');
  });

  it('says silent when the scale stops answering, and reading when it answers again', async () => {
    const { emulator, monitor } = await watch(protocol);
    emulator.show({ kind: 'stable', value: '0.50', unit: 'kg' });
    monitor.start();
    await until(() => monitor.view().state === 'reading', 'reading');
    emulator.show({ kind: 'silent' });
    await until(() => monitor.view().state === 'silent', 'silent');
    expect(monitor.view().stable).toBe(false);
    emulator.show({ kind: 'stable', value: '0.50', unit: 'kg' });
    await until(() => monitor.view().state === 'reading', 'reading again');
  });

  it('recovers by itself when the scale is unplugged and plugged back in', async () => {
    const { emulator, monitor, seen } = await watch(protocol);
    emulator.show({ kind: 'stable', value: '2.00', unit: 'kg' });
    monitor.start();
    await until(() => monitor.view().state === 'reading', 'reading');
    await emulator.unplug();
    await until(() => monitor.view().state === 'unplugged', 'unplugged');
    expect(monitor.view().reading).toBeNull();
    await emulator.plug();
    await until(() => monitor.view().state === 'reading', 'reading after plugging back in');
    await until(() => monitor.stableReading()?.grams === 2000, 'the weight again');
    const states = seen.map((view) => view.state);
    expect(states.indexOf('unplugged')).toBeGreaterThan(states.indexOf('reading'));
    expect(states.lastIndexOf('reading')).toBeGreaterThan(states.indexOf('unplugged'));
  });
});

describe('the scale monitor without a scale', () => {
  it('stays off and opens nothing', () => {
    monitor = new ScaleMonitor({ clock: systemClock, settings: () => DEFAULT_SCALE_SETTINGS });
    monitor.start();
    expect(monitor.view()).toEqual({
      state: 'off',
      device: null,
      reading: null,
      stable: false,
      needsZero: false,
    });
  });
});
