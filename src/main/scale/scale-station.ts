// The station's scale as the core holds it: its settings file (scale.json), the monitor that
// watches it, the device list and the Test button's one reading. Without a device set, nothing
// opens and the station behaves as without a scale.
import type { Clock } from '../platform/clock.ts';
import { SettingsFile } from '../platform/settings-file.ts';
import type { StationFs } from '../platform/station-fs.ts';
import {
  DEFAULT_SCALE_SETTINGS,
  scaleSettingsSchema,
  type ScaleSettings,
  type ScaleView,
} from '../../shared/scale/settings.ts';
import type { ScaleDevice, ScaleReading } from '../../shared/scale/types.ts';
import { listScales } from './device-list.ts';
import { openScale, parseDeviceName, type OpenScaleOptions } from './open-scale.ts';
import { ScaleMonitor } from './scale-monitor.ts';

export interface ScaleStationOptions {
  dataDir: string;
  fs: StationFs;
  clock: Clock;
  openers?: Partial<Pick<OpenScaleOptions, 'openSerial' | 'openHid' | 'hidDevices'>>;
  list?: () => Promise<ScaleDevice[]>;
}

/** How long the Test button waits for the scale's answer. */
export const TEST_TIMEOUT_MS = 3000;

export class ScaleStation {
  readonly monitor: ScaleMonitor;
  private readonly file: SettingsFile<typeof scaleSettingsSchema>;
  private readonly options: ScaleStationOptions;

  constructor(options: ScaleStationOptions) {
    this.options = options;
    this.file = new SettingsFile({
      dataDir: options.dataDir,
      name: 'scale.json',
      schema: scaleSettingsSchema,
      defaults: DEFAULT_SCALE_SETTINGS,
      now: () => new Date(options.clock.now()),
      fs: options.fs,
    });
    this.monitor = new ScaleMonitor({
      clock: options.clock,
      settings: () => this.file.get(),
      ...(options.openers ? { openers: options.openers } : {}),
    });
  }

  /** A damaged scale.json set aside at start (the station started without a scale). */
  get recoveredFrom(): string | null {
    return this.file.recoveredFrom;
  }

  start(): void {
    this.monitor.start();
  }

  settings(): ScaleSettings {
    return this.file.get();
  }

  view(): ScaleView {
    return this.monitor.view();
  }

  async save(settings: ScaleSettings): Promise<ScaleSettings> {
    const saved = await this.file.save(settings);
    this.monitor.start();
    return saved;
  }

  list(): Promise<ScaleDevice[]> {
    return (this.options.list ?? listScales)();
  }

  /**
   * One reading with the settings as the form holds them, saved or not. The monitor lets go of
   * the port meanwhile (a serial port is opened by one at a time) and takes it back after.
   */
  async test(settings: ScaleSettings): Promise<ScaleReading> {
    if (settings.device === null) throw new Error('no scale to test');
    await this.monitor.stop();
    try {
      const session = await openScale(parseDeviceName(settings.device), {
        protocol: settings.protocol,
        serial: settings.serial,
        clock: this.options.clock,
        ...this.options.openers,
      });
      try {
        return await session.read(TEST_TIMEOUT_MS);
      } finally {
        await session.close();
      }
    } finally {
      this.monitor.start();
    }
  }

  close(): Promise<void> {
    return this.monitor.stop();
  }
}
