import type { DatabaseSync } from 'node:sqlite';
import { z } from 'zod';
import {
  barcodeAliasSchema,
  DEFAULT_PACK_SETTINGS,
  packSettingsSchema,
  type BarcodeAlias,
  type PackAnswer,
  type PackSettings,
  type PackView,
  type ShortReason,
  type WeightReason,
} from '../../shared/pack/types.ts';
import type { Imposed } from '../platform/policy-lock.ts';
import { SettingsFile } from '../platform/settings-file.ts';
import type { StationFs } from '../platform/station-fs.ts';
import { exportPacks } from './pack-export.ts';
import { PackService, type PackServiceOptions } from './pack-service.ts';
import { PackStore } from './pack-store.ts';

const aliasFileSchema = z.object({ aliases: z.array(barcodeAliasSchema).max(5_000) });

/** What the core hands over: the service's own needs but its store, settings and aliases. */
export interface PackingOptions extends Omit<PackServiceOptions, 'store' | 'settings' | 'aliases'> {
  dataDir: string;
  db: DatabaseSync;
  fs: StationFs;
  /** Aliases that come with the profile (the sandbox's demo case codes); the station's win. */
  builtInAliases: () => BarcodeAlias[];
  /** What the machine's policy sets for packing, and whether it locks it (issue #31). */
  imposed?: Imposed<PackSettings> | null;
}

/**
 * The station's verified packs: their store, the service that judges scans, and the two settings
 * files (pack.json, aliases.json) in the data folder. The core builds one; handlers call it.
 */
export class Packing {
  readonly store: PackStore;
  readonly service: PackService;
  private readonly settingsFile: SettingsFile<typeof packSettingsSchema>;
  private readonly aliasFile: SettingsFile<typeof aliasFileSchema>;
  private readonly options: PackingOptions;

  constructor(options: PackingOptions) {
    this.options = options;
    const now = () => new Date(options.clock.now());
    this.settingsFile = new SettingsFile({
      dataDir: options.dataDir,
      name: 'pack.json',
      schema: packSettingsSchema,
      defaults: DEFAULT_PACK_SETTINGS,
      now,
      fs: options.fs,
      imposed: options.imposed ?? null,
    });
    this.aliasFile = new SettingsFile({
      dataDir: options.dataDir,
      name: 'aliases.json',
      schema: aliasFileSchema,
      defaults: { aliases: [] },
      now,
      fs: options.fs,
    });
    this.store = new PackStore(options.db);
    this.service = new PackService({
      ...options,
      store: this.store,
      settings: () => this.settingsFile.get(),
      aliases: () => [...options.builtInAliases(), ...this.aliasFile.get().aliases],
    });
  }

  /** Opens the order for packing (or the pack already open for it). */
  open(orderId: string, expiryWarningDays: number): Promise<PackView> {
    return this.service.open(orderId, expiryWarningDays);
  }

  /** One scan, judged against the open pack. */
  scan(packId: string, code: string): PackView {
    return this.service.scan(packId, code);
  }

  /** The operator's answer to what the pack asked (a lot, an acknowledgement…). */
  answer(packId: string, answer: PackAnswer): PackView {
    return this.service.answer(packId, answer);
  }

  /** The pack as it stands (after its papers were made, say). */
  get(packId: string): PackView {
    return this.service.get(packId);
  }

  undo(packId: string): PackView {
    return this.service.undo(packId);
  }

  finish(
    packId: string,
    short?: { reason: ShortReason; text?: string },
    weightOverride?: { reason: WeightReason; text?: string },
  ): PackView {
    return this.service.finish(packId, short, weightOverride);
  }

  /** Damaged settings files set aside at start (the station started on the defaults). */
  get recoveredFrom(): string[] {
    return [this.settingsFile.recoveredFrom, this.aliasFile.recoveredFrom].filter(
      (file): file is string => file !== null,
    );
  }

  settings(): PackSettings {
    return this.settingsFile.get();
  }

  saveSettings(input: PackSettings): Promise<PackSettings> {
    return this.settingsFile.save(input);
  }

  aliases(): BarcodeAlias[] {
    return this.aliasFile.get().aliases;
  }

  /** Keeps the aliases; a second alias with the same code replaces the first. */
  async saveAliases(aliases: readonly BarcodeAlias[]): Promise<BarcodeAlias[]> {
    const unique = new Map(aliases.map((alias) => [alias.alias, alias]));
    const saved = await this.aliasFile.save({ aliases: [...unique.values()] });
    this.service.aliasesChanged();
    return saved.aliases;
  }

  export(query: { orderId?: string; day?: string; format: 'csv' | 'json' }) {
    return exportPacks(this.store, { ...query, profileId: this.options.profileId() });
  }
}
