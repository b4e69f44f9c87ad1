import {
  COORDINATION_PASSWORD_ACCOUNT,
  DEFAULT_COORDINATION_SETTINGS,
  coordinationInputSchema,
  coordinationSettingsSchema,
  type CoordinationInput,
  type CoordinationSettings,
  type CoordinationTestResult,
} from '../../shared/coordination.ts';
import type { CoordinationState } from '../../shared/status.ts';
import type { Clock } from '../platform/clock.ts';
import type { Keychain } from '../platform/keychain.ts';
import type { CarriedSlot, RequestBudget } from './request-budget.ts';
import { SettingsFile } from '../platform/settings-file.ts';
import { PolicyLockedError, type Imposed } from '../platform/policy-lock.ts';
import type { StationFs } from '../platform/station-fs.ts';
import {
  budgetKeyPrefix,
  defaultHeartbeatMs,
  SharedBudget,
  type SharedBudgetOptions,
} from './shared-budget.ts';
import { testConnection } from './test-connection.ts';

/** What a shared budget is built with besides the settings (tests and the bench tune these). */
export type SharedBudgetTuning = Omit<
  SharedBudgetOptions,
  'url' | 'password' | 'ca' | 'environment' | 'companyKey' | 'clock'
>;

export interface CoordinationOptions {
  dataDir: string;
  now: () => Date;
  fs?: StationFs;
  keychain: Keychain;
  clock: Clock;
  /** Every secret read (the Redis password) is noted, so no failure can carry it out of main. */
  noteSecret: (secret: string | null) => void;
  tuning?: SharedBudgetTuning;
  /** What the machine's policy sets for the Redis address and CA (issue #31). */
  imposed?: Imposed<CoordinationSettings> | null;
}

/**
 * Settings → "Stations sharing this key": the warehouse's Redis in coordination.json, its
 * password in the OS keychain, and the shared budgets built from them. Without a URL the station
 * budgets alone exactly as before: Redis is never needed to start.
 */
export class Coordination {
  private readonly file: SettingsFile<typeof coordinationSettingsSchema>;
  private readonly options: CoordinationOptions;
  /** The kept password; undefined until first read from the keychain. */
  private password: string | null | undefined = undefined;

  constructor(options: CoordinationOptions) {
    this.options = options;
    this.file = new SettingsFile({
      dataDir: options.dataDir,
      name: 'coordination.json',
      schema: coordinationSettingsSchema,
      defaults: DEFAULT_COORDINATION_SETTINGS,
      now: options.now,
      ...(options.fs ? { fs: options.fs } : {}),
      imposed: options.imposed ?? null,
    });
  }

  get recoveredFrom(): string | null {
    return this.file.recoveredFrom;
  }

  settings(): CoordinationSettings {
    return this.file.get();
  }

  async view(state: CoordinationState | null): Promise<{
    settings: CoordinationSettings;
    passwordSet: boolean;
    recoveredFrom: string | null;
    state: CoordinationState | null;
  }> {
    const password = await this.keptPassword().catch(() => null);
    return {
      settings: this.file.get(),
      passwordSet: password !== null,
      recoveredFrom: this.file.recoveredFrom,
      state,
    };
  }

  /**
   * Keeps the settings: the password first (absent: keep, null: remove), then the file, so a
   * keychain that refuses leaves everything as it was.
   */
  async save(input: CoordinationInput): Promise<CoordinationSettings> {
    const parsed = coordinationInputSchema.parse(input);
    // IT locks the address and CA; the password still lives in each station's keychain, so a
    // station under a locked policy may set it, and only it.
    const imposed = this.file.imposed;
    const lockedHere = imposed?.locked === true;
    if (lockedHere) {
      const current = this.file.get();
      if (parsed.url !== current.url || (parsed.ca ?? null) !== (current.ca ?? null))
        throw new PolicyLockedError('coordination', imposed.file);
    }
    if (typeof parsed.password === 'string') {
      this.options.noteSecret(parsed.password);
      await this.options.keychain.set(COORDINATION_PASSWORD_ACCOUNT, parsed.password);
      this.password = parsed.password;
    } else if (parsed.password === null) {
      await this.options.keychain.delete(COORDINATION_PASSWORD_ACCOUNT);
      this.password = null;
    }
    return lockedHere ? this.file.get() : this.file.save({ url: parsed.url, ca: parsed.ca });
  }

  /** The Test button, with what the form holds (its password, or the kept one). */
  async test(
    input: CoordinationInput,
    company: { environment: string; key: string },
  ): Promise<CoordinationTestResult> {
    const parsed = coordinationInputSchema.parse(input);
    if (parsed.url === null) throw new TypeError('a Redis address is needed to test');
    const password =
      parsed.password === undefined ? await this.keptPassword() : (parsed.password ?? null);
    this.options.noteSecret(password);
    const windowMs = this.options.tuning?.windowMs ?? 60_000;
    return testConnection({
      url: parsed.url,
      ...(password ? { password } : {}),
      ...(parsed.ca ? { ca: parsed.ca } : {}),
      stationsKey: `${budgetKeyPrefix(company.environment, company.key)}stations`,
      // Active: heard of within the silence after which the others keep a station's share.
      activeMs:
        this.options.tuning?.silentMs ??
        (this.options.tuning?.heartbeatMs ?? defaultHeartbeatMs(windowMs)) * 3,
    });
  }

  /** A budget shared through the warehouse's Redis, or null when this station budgets alone. */
  async budgetFor(
    environment: string,
    companyKey: string,
    carried: CarriedSlot[] = [],
  ): Promise<RequestBudget | null> {
    const { url, ca } = this.file.get();
    if (url === null) return null;
    // A keychain that does not answer must not stop the station: without the password Redis
    // refuses, and the station runs on its (conservative) share, saying coordination is lost.
    const password = await this.keptPassword().catch(() => null);
    return new SharedBudget({
      ...this.options.tuning,
      url,
      environment,
      companyKey,
      carried,
      clock: this.options.clock,
      ...(password ? { password } : {}),
      ...(ca ? { ca } : {}),
    });
  }

  private async keptPassword(): Promise<string | null> {
    if (this.password === undefined) {
      this.password = await this.options.keychain.get(COORDINATION_PASSWORD_ACCOUNT);
      this.options.noteSecret(this.password);
    }
    return this.password;
  }
}
