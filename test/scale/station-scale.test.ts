// The scale through the real IPC handlers of a real station core: saved per station, opened on
// save, tested with the form's settings, refused with a sentence when the input is wrong, and a
// damaged scale.json set aside with the station starting without a scale.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createStationCore } from '../../src/main/core/station-core.ts';
import type { IpcEventLike } from '../../src/main/ipc-manager.ts';
import { channelOf, type InvokeChannels, type InvokeName } from '../../src/shared/ipc/channels.ts';
import type { Result } from '../../src/shared/result.ts';
import { DEFAULT_SCALE_SETTINGS, type ScaleSettings } from '../../src/shared/scale/settings.ts';
import { SERIAL_DEFAULTS } from '../../src/shared/scale/types.ts';
import { memoryKeychain, tempDir } from '../outbox/helpers.ts';
import { ScaleEmulator } from '../support/scale-emulator.ts';
import { registerTestHandlers } from '../support/test-handlers.ts';
import { until } from '../support/until.ts';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function station(prepare?: (dataDir: string) => void) {
  const dir = tempDir('packbench-scale-station-');
  prepare?.(dir.path);
  const core = await createStationCore({
    dataDir: dir.path,
    keychain: memoryKeychain(),
    health: { intervalMs: 60_000 },
  });
  const registered = new Map<string, (event: IpcEventLike, ...args: unknown[]) => unknown>();
  registerTestHandlers({ core, registered, isTrustedSender: () => true });
  cleanups.push(
    () => dir.remove(),
    () => core.close(),
  );
  const call = async <K extends InvokeName>(name: K, input: InvokeChannels[K]['input']) =>
    (await registered.get(channelOf(name))?.({ sender: {} } as IpcEventLike, input)) as Result<
      InvokeChannels[K]['output']
    >;
  return { core, call, dir: dir.path };
}

const value = <T>(result: Result<T>): T => {
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
};

describe('the station’s scale', () => {
  it('is off until set up, then read as soon as it is saved, and kept in scale.json', async () => {
    const emulator = await ScaleEmulator.start({ protocol: 'sics' });
    cleanups.push(() => emulator.stop());
    emulator.show({ kind: 'stable', value: '3.210', unit: 'kg' });
    const { core, call, dir } = await station();
    expect(value(await call('getScale', undefined)).state).toBe('off');
    expect(value(await call('getScaleSettings', undefined))).toEqual(DEFAULT_SCALE_SETTINGS);
    const settings: ScaleSettings = {
      ...DEFAULT_SCALE_SETTINGS,
      device: `serial:${emulator.path}`,
      protocol: 'sics',
      serial: SERIAL_DEFAULTS.sics,
      boxes: [{ name: 'S', tareGrams: 120 }],
      defaultBox: 'S',
    };
    expect(value(await call('saveScaleSettings', settings))).toEqual(settings);
    await until(() => core.scale.view().stable, 'a stable weight from the saved scale');
    expect(value(await call('getScale', undefined))).toMatchObject({
      state: 'reading',
      reading: { grams: 3210 },
    });
    expect(JSON.parse(readFileSync(join(dir, 'scale.json'), 'utf8'))).toMatchObject({
      device: `serial:${emulator.path}`,
    });
    // Test with the form's settings: one reading; the monitor takes the port back after.
    expect(value(await call('testScale', settings))).toMatchObject({
      status: 'stable',
      grams: 3210,
    });
    await until(() => core.scale.view().state === 'reading', 'the monitor back on the port');
  });

  it('says why a test finds no scale, in a sentence', async () => {
    const { call } = await station();
    const result = await call('testScale', {
      ...DEFAULT_SCALE_SETTINGS,
      device: 'serial:/nonexistent/ttyUSB7',
    });
    expect(result.ok).toBe(false);
    if (!result.ok)
      expect(result.error).toMatchObject({
        code: 'scale.no-device',
        messageKey: 'scale.errors.no-device',
        message: 'There is no scale at serial:/nonexistent/ttyUSB7: check the cable and the name.',
      });
  });

  it('refuses settings that do not hold together, and keeps the saved ones', async () => {
    const { call } = await station();
    for (const bad of [
      { ...DEFAULT_SCALE_SETTINGS, device: 'usb:/dev/x' },
      { ...DEFAULT_SCALE_SETTINGS, device: 'hid:0922:8003', protocol: 'nci' as const },
      { ...DEFAULT_SCALE_SETTINGS, defaultBox: 'L' },
      { ...DEFAULT_SCALE_SETTINGS, tolerance: { grams: -1, percent: 2 } },
    ]) {
      const result = await call('saveScaleSettings', bad);
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.error.code).toBe('ipc.invalid_input');
    }
    expect(value(await call('getScaleSettings', undefined))).toEqual(DEFAULT_SCALE_SETTINGS);
  });

  it('sets a damaged scale.json aside byte for byte and starts without a scale', async () => {
    const damaged = '{"device": "serial:/dev/ttyUSB0", "protocol": ';
    const { call, dir } = await station((dataDir) =>
      writeFileSync(join(dataDir, 'scale.json'), damaged),
    );
    expect(value(await call('getScale', undefined)).state).toBe('off');
    const aside = readdirSync(dir).filter((f) => f.startsWith('scale.json') && f !== 'scale.json');
    expect(aside).toHaveLength(1);
    expect(readFileSync(join(dir, aside[0] ?? ''), 'utf8')).toBe(damaged);
  });
});
