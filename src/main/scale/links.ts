// The two ways bytes reach us from a scale, behind one small interface each, so the session and
// the device loop are tested with links that replay recorded reports or talk to our emulator:
// a serial port (`serialport`, prebuilt N-API, MIT) and a HID device (`node-hid`, prebuilt
// N-API, MIT). Both load lazily: a station without a scale never loads either binary.
import type { SerialSettings } from '../../shared/scale/types.ts';
import { ScaleError } from './scale-error.ts';

/** Bytes both ways with a serial scale; `onClose` fires once when the port goes away. */
export interface SerialLink {
  write(text: string): Promise<void>;
  onData(listener: (chunk: Uint8Array) => void): void;
  onClose(listener: () => void): void;
  close(): Promise<void>;
}

/** Reports from a HID scale; `onClose` fires once when the device goes away. */
export interface HidLink {
  onReport(listener: (report: Uint8Array) => void): void;
  onClose(listener: () => void): void;
  close(): Promise<void>;
}

export type OpenSerial = (path: string, settings: SerialSettings) => Promise<SerialLink>;
export type OpenHid = (path: string) => Promise<HidLink>;

/** The system's words for a failure, without the "Error:" its libraries put before them. */
const reasonOf = (error: unknown) =>
  String((error as Error)?.message ?? error).replace(/^Error:\s*/, '');

const isMissing = (error: unknown) =>
  /ENOENT|No such file|cannot open|could not open/i.test(String((error as Error)?.message));

export const openSerialPort: OpenSerial = async (path, settings) => {
  const { SerialPort } = await import('serialport');
  const port = new SerialPort({
    path,
    baudRate: settings.baudRate,
    dataBits: settings.dataBits,
    parity: settings.parity,
    stopBits: settings.stopBits,
    autoOpen: false,
  });
  await new Promise<void>((resolve, reject) =>
    port.open((error) => {
      if (!error) resolve();
      else
        reject(
          isMissing(error)
            ? new ScaleError('no-device', { device: `serial:${path}` })
            : new ScaleError('open-failed', { device: `serial:${path}`, reason: reasonOf(error) }),
        );
    }),
  );
  let closed = false;
  const closers: (() => void)[] = [];
  const fireClose = () => {
    if (closed) return;
    closed = true;
    for (const listener of closers) listener();
  };
  port.on('close', fireClose);
  port.on('error', fireClose);
  return {
    write: (text) =>
      new Promise<void>((resolve, reject) =>
        port.write(text, 'latin1', (error) =>
          error ? reject(new ScaleError('unplugged', { device: `serial:${path}` })) : resolve(),
        ),
      ),
    onData: (listener) => port.on('data', (chunk: Buffer) => listener(new Uint8Array(chunk))),
    onClose: (listener) => closers.push(listener),
    close: () =>
      new Promise<void>((resolve) => {
        if (!port.isOpen) resolve();
        else port.close(() => resolve());
      }),
  };
};

export const openHidDevice: OpenHid = async (path) => {
  const { HIDAsync } = await import('node-hid');
  let device: Awaited<ReturnType<typeof HIDAsync.open>>;
  try {
    device = await HIDAsync.open(path);
  } catch (error) {
    throw isMissing(error)
      ? new ScaleError('no-device', { device: path })
      : new ScaleError('open-failed', { device: path, reason: reasonOf(error) });
  }
  let closed = false;
  const closers: (() => void)[] = [];
  device.on('error', () => {
    if (closed) return;
    closed = true;
    for (const listener of closers) listener();
  });
  return {
    onReport: (listener) => device.on('data', (data: Buffer) => listener(new Uint8Array(data))),
    onClose: (listener) => closers.push(listener),
    close: async () => {
      closed = true;
      await device.close().catch(() => undefined);
    },
  };
};
