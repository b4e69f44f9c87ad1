import { join } from 'node:path';
import { writeFileAtomic } from '../../shared/atomic-write.ts';
import {
  DEFAULT_PRINTER_SETTINGS,
  printerSettingsSchema,
  type PrinterSettings,
} from '../../shared/printing.ts';
import { nodeFs, type StationFs } from '../core/station-fs.ts';

/**
 * This station's label printer, in `<dataDir>/printer.json`: a station's printer belongs to
 * the computer it stands at, not to an API profile. A file that fails validation is set aside
 * byte for byte (never deleted) and the station starts without a printer, saying so.
 */
export class PrinterSettingsStore {
  private data: PrinterSettings;
  private readonly file: string;
  private readonly fs: StationFs;
  private saving: Promise<void> = Promise.resolve();
  /** Set when a damaged file was set aside on load. */
  readonly recoveredFrom: string | null;

  constructor(dataDir: string, now: () => Date, fs: StationFs = nodeFs) {
    this.fs = fs;
    this.file = join(dataDir, 'printer.json');
    let recoveredFrom: string | null = null;
    this.data = { ...DEFAULT_PRINTER_SETTINGS };
    if (fs.exists(this.file)) {
      let parsed: PrinterSettings | null = null;
      try {
        const result = printerSettingsSchema.safeParse(JSON.parse(fs.readText(this.file)));
        if (result.success) parsed = result.data;
      } catch {
        parsed = null;
      }
      if (parsed) this.data = parsed;
      else {
        recoveredFrom = `${this.file}.damaged-${now().toISOString().replace(/[:.]/g, '-')}`;
        fs.rename(this.file, recoveredFrom);
      }
    }
    this.recoveredFrom = recoveredFrom;
  }

  get(): PrinterSettings {
    return { ...this.data };
  }

  /** Validates, keeps and writes the settings (atomically); throws on invalid input. */
  async save(input: unknown): Promise<PrinterSettings> {
    const next = printerSettingsSchema.parse(input);
    this.data = next;
    const text = `${JSON.stringify(next, null, 2)}\n`;
    this.saving = this.saving.then(() => writeFileAtomic(this.fs.atomic, this.file, text));
    await this.saving;
    return this.get();
  }
}
