import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { hidScales, linuxSerialPorts } from './device-list.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('the scales a station lists', () => {
  it('lists HID devices on the Scales usage page, and known scale vendors where it is unknown', () => {
    const scales = hidScales([
      {
        vendorId: 0x0922,
        productId: 0x8003,
        path: '/dev/hidraw1',
        usagePage: 0x8d,
        product: 'M10',
      },
      { vendorId: 0x046d, productId: 0xc52b, path: '/dev/hidraw0', usagePage: 0x01 },
      { vendorId: 0x0eb8, productId: 0xf000, path: 'IOService:/ps60', serialNumber: 'B1' },
      { vendorId: 0x0922, productId: 0x8003, path: '/dev/hidraw1', usagePage: 0x8d },
    ]);
    expect(scales).toEqual([
      {
        id: 'hid:0922:8003',
        kind: 'hid',
        name: 'M10',
        vendorId: '0922',
        productId: '8003',
        path: '/dev/hidraw1',
      },
      {
        id: 'hid:0eb8:f000:B1',
        kind: 'hid',
        name: 'USB scale',
        vendorId: '0eb8',
        productId: 'f000',
        path: 'IOService:/ps60',
      },
    ]);
  });

  it('lists serial ports with a device behind them, with a USB adapter’s ids', () => {
    const sys = mkdtempSync(join(tmpdir(), 'packbench-sysfs-'));
    dirs.push(sys);
    const usb = join(sys, 'devices/usb1/1-1');
    mkdirSync(join(usb, '1-1:1.0/ttyUSB0'), { recursive: true });
    writeFileSync(join(usb, 'idVendor'), '0403\n');
    writeFileSync(join(usb, 'idProduct'), '6001\n');
    writeFileSync(join(usb, 'manufacturer'), 'FTDI\n');
    writeFileSync(join(usb, 'product'), 'FT232R USB UART\n');
    const tty = join(sys, 'class/tty');
    mkdirSync(join(tty, 'ttyUSB0'), { recursive: true });
    symlinkSync(join(usb, '1-1:1.0'), join(tty, 'ttyUSB0/device'));
    mkdirSync(join(tty, 'tty1'), { recursive: true }); // a virtual terminal: no device
    mkdirSync(join(sys, 'devices/platform/serial8250/tty/ttyS3'), { recursive: true });
    mkdirSync(join(tty, 'ttyS3'), { recursive: true });
    symlinkSync(join(sys, 'devices/platform/serial8250'), join(tty, 'ttyS3/device'));
    writeFileSync(join(tty, 'ttyS3/type'), '0\n'); // no UART at that address
    expect(linuxSerialPorts(sys, '/dev')).toEqual([
      {
        id: 'serial:/dev/ttyUSB0',
        kind: 'serial',
        name: 'FTDI FT232R USB UART',
        vendorId: '0403',
        productId: '6001',
        path: '/dev/ttyUSB0',
      },
    ]);
  });
});
