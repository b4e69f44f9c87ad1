// From the name IT types (`serial:/dev/ttyUSB0`, `hid:0922:8003`) to an open scale session.
import type { Clock } from '../platform/clock.ts';
import {
  SERIAL_DEFAULTS,
  type ScaleProtocol,
  type SerialSettings,
} from '../../shared/scale/types.ts';
import type { HidInfo } from './device-list.ts';
import { hex4 } from './device-list.ts';
import { openHidDevice, openSerialPort, type OpenHid, type OpenSerial } from './links.ts';
import { ScaleError } from './scale-error.ts';
import { HidScale, SerialScale, type ScaleSession } from './scale-session.ts';

export type DeviceName =
  | { kind: 'serial'; path: string }
  | { kind: 'hid'; vendorId: number; productId: number; serial: string | null };

/** `serial:PATH` or `hid:VID:PID[:SERIAL]` (hexadecimal ids); anything else is refused. */
export function parseDeviceName(text: string): DeviceName {
  if (text.startsWith('serial:') && text.length > 'serial:'.length)
    return { kind: 'serial', path: text.slice('serial:'.length) };
  const hid = /^hid:([0-9a-f]{1,4}):([0-9a-f]{1,4})(?::(.+))?$/i.exec(text);
  if (hid)
    return {
      kind: 'hid',
      vendorId: parseInt(hid[1] ?? '', 16),
      productId: parseInt(hid[2] ?? '', 16),
      serial: hid[3] ?? null,
    };
  throw new ScaleError('bad-device', { device: text });
}

export interface OpenScaleOptions {
  protocol: ScaleProtocol;
  serial: SerialSettings;
  clock: Clock;
  openSerial?: OpenSerial;
  openHid?: OpenHid;
  /** The HID devices present (node-hid's list); tests pass their own. */
  hidDevices?: () => Promise<HidInfo[]>;
}

export const defaultSerialSettings = (protocol: ScaleProtocol): SerialSettings =>
  SERIAL_DEFAULTS[protocol === 'sics' ? 'sics' : 'nci'];

export async function openScale(
  name: DeviceName,
  options: OpenScaleOptions,
): Promise<ScaleSession> {
  if (name.kind === 'serial') {
    const protocol = options.protocol === 'sics' ? 'sics' : 'nci';
    const link = await (options.openSerial ?? openSerialPort)(name.path, options.serial);
    return new SerialScale(link, protocol, options.clock, `serial:${name.path}`);
  }
  const label = `hid:${hex4(name.vendorId)}:${hex4(name.productId)}${name.serial ? `:${name.serial}` : ''}`;
  const list = options.hidDevices ?? (async () => (await import('node-hid')).devicesAsync());
  const found = (await list().catch(() => [] as HidInfo[])).find(
    (device) =>
      device.vendorId === name.vendorId &&
      device.productId === name.productId &&
      (name.serial === null || device.serialNumber === name.serial) &&
      device.path !== undefined,
  );
  if (!found?.path) throw new ScaleError('no-device', { device: label });
  const link = await (options.openHid ?? openHidDevice)(found.path);
  return new HidScale(link, options.clock, label);
}
