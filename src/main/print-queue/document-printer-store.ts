import {
  DEFAULT_DOCUMENT_PRINTER_SETTINGS,
  documentPrinterSettingsSchema,
  type DocumentPrinterSettings,
} from '../../shared/documents.ts';
import type { Imposed } from '../platform/policy-lock.ts';
import { SettingsFile } from '../platform/settings-file.ts';
import type { StationFs } from '../platform/station-fs.ts';

/**
 * This station's document printer (slips and invoices) and its paper, in
 * `<dataDir>/document-printer.json`, beside the label printer's printer.json: both belong to the
 * bench, not to an API profile. A damaged file is set aside and the station starts without one.
 */
export class DocumentPrinterStore extends SettingsFile<typeof documentPrinterSettingsSchema> {
  constructor(
    dataDir: string,
    now: () => Date,
    fs?: StationFs,
    imposed: Imposed<DocumentPrinterSettings> | null = null,
  ) {
    super({
      dataDir,
      name: 'document-printer.json',
      schema: documentPrinterSettingsSchema,
      defaults: DEFAULT_DOCUMENT_PRINTER_SETTINGS,
      now,
      ...(fs ? { fs } : {}),
      imposed,
    });
  }
}
