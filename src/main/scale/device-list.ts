// The scales a station can see, for Settings → Scale and `npm run scale -- list`. HID: the
// devices on usage page 0x8D (the HID "Scales" page), or, where the system does not say a
// device's usage page, from the vendors whose USB scales speak it. Serial: on Linux the ports
// the kernel lists in /sys/class/tty that have a device behind them (serialport's own list
// needs udevadm, and throws where it is missing); elsewhere serialport's list.
import { readdirSync, readFileSync, realpathSync } from 'node:fs';
import { join } from 'node:path';
import type { ScaleDevice } from '../../shared/scale/types.ts';
import { HID_SCALE_USAGE_PAGE } from './hid-report.ts';

/** What node-hid says of a device (a subset of its `Device`). */
export interface HidInfo {
  vendorId: number;
  productId: number;
  path?: string | undefined;
  serialNumber?: string | undefined;
  manufacturer?: string | undefined;
  product?: string | undefined;
  usagePage?: number | undefined;
}

/** Dymo, Mettler Toledo, Stamps.com (two ids), Fairbanks, Elane: USB scale vendors. */
const SCALE_VENDORS = new Set([0x0922, 0x0eb8, 0x2474, 0x1446, 0x0b67, 0x7b7c]);

export const hex4 = (n: number) => n.toString(16).padStart(4, '0');

export function hidScales(devices: readonly HidInfo[]): ScaleDevice[] {
  const seen = new Set<string>();
  const scales: ScaleDevice[] = [];
  for (const device of devices) {
    const isScale =
      device.usagePage === HID_SCALE_USAGE_PAGE ||
      (device.usagePage === undefined && SCALE_VENDORS.has(device.vendorId));
    if (!isScale || !device.path || seen.has(device.path)) continue;
    seen.add(device.path);
    const serial = device.serialNumber ? `:${device.serialNumber}` : '';
    scales.push({
      id: `hid:${hex4(device.vendorId)}:${hex4(device.productId)}${serial}`,
      kind: 'hid',
      name: [device.manufacturer, device.product].filter(Boolean).join(' ') || 'USB scale',
      vendorId: hex4(device.vendorId),
      productId: hex4(device.productId),
      path: device.path,
    });
  }
  return scales;
}

const readText = (file: string): string | null => {
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    return null;
  }
};

/**
 * Serial ports from sysfs (`sysRoot` is /sys; tests pass a folder of their own): every
 * /sys/class/tty/NAME with a `device` link is a real port, /dev/NAME. A USB adapter's vendor and
 * product ids are in the USB device above its interface.
 */
export function linuxSerialPorts(sysRoot = '/sys', devRoot = '/dev'): ScaleDevice[] {
  const classDir = join(sysRoot, 'class/tty');
  let names: string[];
  try {
    names = readdirSync(classDir);
  } catch {
    return [];
  }
  const ports: ScaleDevice[] = [];
  for (const name of names.sort()) {
    let device: string;
    try {
      device = realpathSync(join(classDir, name, 'device'));
    } catch {
      continue; // a virtual terminal or a pty: no device behind it
    }
    // Legacy 8250 ports are listed whether or not a UART answers: only those with a port.
    if (name.startsWith('ttyS') && readText(join(classDir, name, 'type')) === '0') continue;
    let vendorId: string | null = null;
    let productId: string | null = null;
    let product: string | null = null;
    for (const dir of [join(device, '..'), join(device, '../..')]) {
      vendorId = readText(join(dir, 'idVendor'));
      if (vendorId) {
        productId = readText(join(dir, 'idProduct'));
        product = [readText(join(dir, 'manufacturer')), readText(join(dir, 'product'))]
          .filter(Boolean)
          .join(' ');
        break;
      }
    }
    const path = join(devRoot, name);
    ports.push({
      id: `serial:${path}`,
      kind: 'serial',
      name: product || name,
      vendorId,
      productId,
      path,
    });
  }
  return ports;
}

/** Every scale the station can see: HID first, then serial ports. */
export async function listScales(platform = process.platform): Promise<ScaleDevice[]> {
  let hid: ScaleDevice[] = [];
  try {
    const { devicesAsync } = await import('node-hid');
    hid = hidScales(await devicesAsync());
  } catch {
    // No HID access (no hidraw permission, no library for this system): serial ports still list.
  }
  let serial: ScaleDevice[];
  if (platform === 'linux') serial = linuxSerialPorts();
  else {
    const { SerialPort } = await import('serialport');
    serial = (await SerialPort.list().catch(() => [])).map((port) => ({
      id: `serial:${port.path}`,
      kind: 'serial' as const,
      name: port.manufacturer ?? port.path,
      vendorId: port.vendorId?.toLowerCase() ?? null,
      productId: port.productId?.toLowerCase() ?? null,
      path: port.path,
    }));
  }
  return [...hid, ...serial];
}
