import { join } from 'node:path';
import type { z } from 'zod';
import { writeFileAtomic } from '../../shared/atomic-write.ts';
import { nodeFs, type StationFs } from './station-fs.ts';
import { PolicyLockedError, withImposed, type Imposed } from './policy-lock.ts';

/**
 * One small settings file of this station in its data folder (printer.json, coordination.json):
 * validated by its schema on load and on save, written atomically. A file that fails validation
 * is set aside byte for byte (never deleted) and the station starts on the defaults, saying so
 * through `recoveredFrom`.
 */
export class SettingsFile<S extends z.ZodType<object>> {
  private data: z.output<S>;
  private readonly file: string;
  private readonly fs: StationFs;
  private readonly schema: S;
  private saving: Promise<void> = Promise.resolve();
  /** Set when a damaged file was set aside on load. */
  readonly recoveredFrom: string | null;
  /** What the machine's policy sets here, and whether it locks it (issue #31). */
  readonly imposed: Imposed<z.output<S>> | null;
  private readonly section: string;

  constructor(options: {
    dataDir: string;
    name: string;
    schema: S;
    defaults: z.output<S>;
    now: () => Date;
    fs?: StationFs;
    imposed?: Imposed<z.output<S>> | null;
  }) {
    this.imposed = options.imposed ?? null;
    this.section = options.name.replace(/\.json$/, '');
    this.fs = options.fs ?? nodeFs;
    this.schema = options.schema;
    this.file = join(options.dataDir, options.name);
    let recoveredFrom: string | null = null;
    // A policy that sets without locking gives the station's first values; its own file, once
    // saved, wins from then on. A locked one wins always (get()).
    this.data = { ...withImposed(options.defaults, this.imposed) };
    if (this.fs.exists(this.file)) {
      let parsed: z.output<S> | null = null;
      try {
        const result = this.schema.safeParse(JSON.parse(this.fs.readText(this.file)));
        if (result.success) parsed = result.data;
      } catch {
        parsed = null;
      }
      if (parsed) this.data = parsed;
      else {
        recoveredFrom = `${this.file}.damaged-${options.now().toISOString().replace(/[:.]/g, '-')}`;
        this.fs.rename(this.file, recoveredFrom);
      }
    }
    this.recoveredFrom = recoveredFrom;
  }

  /** The settings in effect: the station's own, with what IT's policy locks over them. */
  get(): z.output<S> {
    return this.imposed?.locked ? withImposed({ ...this.data }, this.imposed) : { ...this.data };
  }

  /**
   * Validates, keeps and writes the settings (atomically); throws on invalid input, and when
   * IT's policy locks them.
   */
  async save(input: unknown): Promise<z.output<S>> {
    if (this.imposed?.locked) throw new PolicyLockedError(this.section, this.imposed.file);
    const next = this.schema.parse(input);
    const text = `${JSON.stringify(next, null, 2)}\n`;
    this.saving = this.saving.then(() => writeFileAtomic(this.fs.atomic, this.file, text));
    await this.saving;
    this.data = next;
    return this.get();
  }
}
