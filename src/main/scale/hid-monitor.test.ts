import { describe, expect, it } from 'vitest';
import { FakeClock } from '@test/support/fake-clock.ts';
import { DEFAULT_SCALE_SETTINGS } from '../../shared/scale/settings.ts';
import type { HidInfo } from './device-list.ts';
import type { HidLink } from './links.ts';
import { ScaleMonitor } from './scale-monitor.ts';

const bytes = (hex: string) => Uint8Array.from(hex.split(' ').map((b) => parseInt(b, 16)));

/**
 * A Dymo M10 as node-hid would show it: listed while plugged in, its reports replayed, and
 * pulled out (the device errors, then leaves the list) and plugged back in.
 */
function dymo() {
  let plugged = true;
  let report: ((r: Uint8Array) => void) | null = null;
  let close: (() => void) | null = null;
  let opened = 0;
  const info: HidInfo = {
    vendorId: 0x0922,
    productId: 0x8003,
    path: '/dev/hidraw3',
    usagePage: 0x8d,
  };
  return {
    hidDevices: async () => (plugged ? [info] : []),
    openHid: async (path: string): Promise<HidLink> => {
      if (!plugged || path !== info.path) throw new Error('cannot open device');
      opened += 1;
      return {
        onReport: (listener) => (report = listener),
        onClose: (listener) => (close = listener),
        close: async () => undefined,
      };
    },
    send: (hex: string) => report?.(bytes(hex)),
    pull: () => {
      plugged = false;
      close?.();
    },
    plugIn: () => (plugged = true),
    opens: () => opened,
  };
}

describe('the scale monitor on a HID scale (node-hid’s interface, replayed)', () => {
  it('reads its reports, and finds it again after it is pulled out and plugged back in', async () => {
    const clock = new FakeClock();
    const scale = dymo();
    const monitor = new ScaleMonitor({
      clock,
      settings: () => ({ ...DEFAULT_SCALE_SETTINGS, device: 'hid:0922:8003', protocol: 'hid' }),
      openers: { hidDevices: scale.hidDevices, openHid: scale.openHid },
      retryMs: 1000,
    });
    monitor.start();
    await clock.advance(0);
    // 20 g stable, in grams: stable after the 500 ms hold.
    scale.send('03 04 02 00 14 00');
    await clock.advance(0);
    expect(monitor.view()).toMatchObject({ state: 'reading', reading: { grams: 20 } });
    await clock.advance(600);
    scale.send('03 04 02 00 14 00');
    await clock.advance(0);
    expect(monitor.view().stable).toBe(true);

    scale.pull();
    await clock.advance(0);
    expect(monitor.view()).toMatchObject({ state: 'unplugged', reading: null, stable: false });
    // Still out at the next try: unplugged, tried again a second later.
    await clock.advance(1000);
    expect(monitor.view().state).toBe('unplugged');
    scale.plugIn();
    await clock.advance(1000);
    expect(scale.opens()).toBe(2);
    scale.send('03 03 02 00 c8 00');
    await clock.advance(0);
    expect(monitor.view()).toMatchObject({
      state: 'reading',
      reading: { status: 'motion', grams: 200 },
    });
    await monitor.stop();
  });
});
