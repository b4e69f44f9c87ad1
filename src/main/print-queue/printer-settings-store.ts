import {
  DEFAULT_PRINTER_SETTINGS,
  printerSettingsSchema,
  type PrinterSettings,
} from '../../shared/printing.ts';
import type { Imposed } from '../platform/policy-lock.ts';
import { SettingsFile } from '../platform/settings-file.ts';
import type { StationFs } from '../platform/station-fs.ts';

/**
 * This station's label printer, in `<dataDir>/printer.json`: a station's printer belongs to
 * the computer it stands at, not to an API profile. A damaged file is set aside and the station
 * starts without a printer, saying so.
 */
export class PrinterSettingsStore extends SettingsFile<typeof printerSettingsSchema> {
  constructor(
    dataDir: string,
    now: () => Date,
    fs?: StationFs,
    imposed: Imposed<PrinterSettings> | null = null,
  ) {
    super({
      dataDir,
      name: 'printer.json',
      schema: printerSettingsSchema,
      defaults: DEFAULT_PRINTER_SETTINGS,
      now,
      ...(fs ? { fs } : {}),
      imposed,
    });
  }
}
