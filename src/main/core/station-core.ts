import type { Redact } from '../../shared/details.ts';
import { join } from 'node:path';
import type { Order } from '../../shared/api/schemas.ts';
import type { Packing } from '../pack/packing.ts';
import type { Paperwork } from '../paperwork/paperwork.ts';
import type { CatalogueLanguage } from '../../shared/i18n/translate.ts';
import { createStationPacking } from './station-packing.ts';
import { createBulkDesk } from './station-bulk.ts';
import { createStationEvidence, type StationEvidence } from './station-evidence.ts';
import { followDeliveries, printDeliveredLabels } from './auto-print.ts';
import type { BulkDesk } from '../bulk/bulk-desk.ts';
import type { FleetRecords } from '../records/fleet-records.ts';
import { adoptStrandedJobs, createFleetRecords } from './station-records.ts';
import { imposedBy, imposedProfiles, policyView } from '../policy/imposed.ts';
import type { PolicyView } from '../../shared/policy/view.ts';
import { ScaleStation } from '../scale/scale-station.ts';
import type { PackWiring } from '../pack/pack-wiring.ts';
import type { Profile } from '../../shared/profile.ts';
import type {
  HealthSnapshot,
  KeychainStatus,
  KeyStatus,
  StationStatus,
} from '../../shared/status.ts';
import { EmbeddedSandbox } from './embedded-sandbox.ts';
import type { StationCoreOptions } from './station-options.ts';
import { ApiClient } from '../api/client.ts';
import { BudgetRegistry } from '../budget/budget-registry.ts';
import { checkDataDir } from '../platform/data-dir.ts';
import { nodeFs } from '../platform/station-fs.ts';
import { systemClock, systemIds, type Clock } from '../platform/clock.ts';
import { ProductNames } from '../api/product-names.ts';
import { StationWork } from './station-work.ts';
import { HealthMonitor } from './health-monitor.ts';
import { KnownSecrets } from './known-secrets.ts';
import { StationLog } from '../logs/station-log.ts';
import { attachStationLog } from '../logs/attach.ts';
import { Printing } from '../print-queue/printing.ts';
import type { Keychain } from '../platform/keychain.ts';
import { StationKeys } from './station-keys.ts';
import { ProfileStore } from './profile-store.ts';
import { Outbox } from '../outbox/outbox.ts';
import type { RequestBudget } from '../budget/request-budget.ts';
import { Coordination } from '../budget/coordination.ts';
import type {
  CoordinationInput,
  CoordinationSettings,
  CoordinationTestResult,
  CoordinationView,
} from '../../shared/coordination.ts';

export type { KeyStatus, StationCoreOptions, StationStatus };

/**
 * The engine of the station, in plain Node: profiles, keys, the API client of the active
 * profile, the company budget and the health monitor. Electron's main process, the end-to-end
 * harness and the benchmarks all build exactly this object.
 */
export class StationCore {
  readonly profiles: ProfileStore;
  readonly keychain: Keychain;
  /** Every key seen since start; whatever leaves main as a failure is redacted against them. */
  private readonly secrets = new KnownSecrets();
  readonly redact: Redact = (text) => this.secrets.redact(text);
  private readonly clock: Clock;
  /** The API client's own options: a fetch and a timeout of the caller's (tests). */
  private readonly clientOptions: Pick<StationCoreOptions, 'fetch' | 'timeoutMs'>;
  private readonly budgets: BudgetRegistry;
  /** Settings → "Stations sharing this key": the warehouse's Redis, if any. */
  private readonly coordination: Coordination;
  /** The sandbox a sandbox profile talks to, started on first use. */
  private readonly sandbox: EmbeddedSandbox;
  private bound: {
    client: ApiClient;
    budget: RequestBudget;
    profile: Profile;
    /** The key the budget was chosen by (null: the keychain did not answer). */
    key: string | null;
    unsubscribe: () => void;
  } | null = null;
  private binding: Promise<ApiClient> | null = null;
  readonly health: HealthMonitor;
  readonly outbox: Outbox;
  /** The outbox and activity log as the window uses them, for the active profile. */
  readonly work: StationWork;
  /** This station's printer, its settings and its persistent print queue. */
  readonly printing: Printing;
  private readonly productNames: ProductNames;
  /** Verified packs: their store, their judge and their settings. */
  readonly packing: Packing;
  /** The bench's scale, if one is set up (issue #29). */
  readonly scale: ScaleStation;
  /** What a pack reads through the active client, and its label to the print queue. */
  private readonly packWiring: PackWiring;
  /** The slip and the invoice on the document printer (issue #30). */
  readonly paperwork: Paperwork;
  /** The machine's policy as the window sees it (issue #31). */
  readonly policy: PolicyView;
  /** The Bulk board (issue #39) and its file. */
  readonly bulk: BulkDesk;
  /** Settings → Records and the fleet's pack records in PostgreSQL (issue #40). */
  readonly records: FleetRecords;
  /** Settings → Camera and each pack's clip (issue #41). */
  readonly evidence: StationEvidence;
  /** The window's language (it tells main): the packing slip speaks it. */
  language: CatalogueLanguage = 'en';
  private readonly listeners = new Set<(status: StationStatus) => void>();
  /** Set by the first close(): a second one (quit after the last window closed) waits for it. */
  private closing: Promise<void> | null = null;
  /** `<data>/logs`: a JSON line per request and per state change (issue #31). */
  readonly log: StationLog;
  private readonly stopLog: () => void;
  /** The profiles' keys in the keychain, and the keychain's state. */
  private readonly keys: StationKeys;

  private constructor(options: StationCoreOptions) {
    this.clock = options.clock ?? systemClock;
    this.policy = policyView(options.policy ?? null);
    const imposed = imposedBy(options.policy ?? null);
    this.clientOptions = {
      ...(options.fetch ? { fetch: options.fetch } : {}),
      ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}),
    };
    this.sandbox = new EmbeddedSandbox(options.dataDir, options.startEmbeddedSandbox);
    this.keychain = options.keychain;
    checkDataDir(options.dataDir, options.diskProbe);
    // The outbox opens first: a database from a newer Packbench must stop the start before
    // anything else in the data directory is touched.
    this.outbox = new Outbox({
      file: join(options.dataDir, 'outbox.sqlite'),
      clock: this.clock,
      fs: options.fs ?? nodeFs,
      ...(options.newId ? { newId: options.newId } : {}),
      ...options.outbox,
      clientFor: (profileId) => this.clientForProfile(profileId),
      // Only the active profile is watched; others find out by trying (and back off).
      isOnline: (profileId) =>
        profileId !== this.profiles.active().id || this.health.current().state !== 'down',
      hasProfile: (profileId) => this.profiles.list().some((p) => p.id === profileId),
    });
    try {
      this.profiles = new ProfileStore(
        options.dataDir,
        () => new Date(this.clock.now()),
        options.fs ?? nodeFs,
        options.newId,
      );
      const profiles = imposedProfiles(options.policy ?? null);
      if (profiles) this.profiles.impose(profiles, profiles.file);
    } catch (error) {
      void this.outbox.close();
      throw error;
    }
    this.coordination = new Coordination({
      dataDir: options.dataDir,
      now: () => new Date(this.clock.now()),
      ...(options.fs ? { fs: options.fs } : {}),
      keychain: options.keychain,
      clock: this.clock,
      noteSecret: (secret) => this.secrets.note(secret),
      ...(options.sharedBudget ? { tuning: options.sharedBudget } : {}),
      imposed: imposed.coordination,
    });
    this.keys = new StationKeys({
      keychain: options.keychain,
      profiles: this.profiles,
      secrets: this.secrets,
      record: (entry) => this.outbox.audit.record(entry),
      changed: () => this.publish(),
    });
    this.budgets = new BudgetRegistry(this.clock, options.budget, (environment, key, carried) =>
      this.coordination.budgetFor(environment, key, carried),
    );
    this.productNames = new ProductNames(() => this.clock.now());
    this.records = createFleetRecords(options, {
      clock: this.clock,
      journalDb: this.outbox.database,
      noteSecret: (secret) => this.secrets.note(secret),
      imposed: imposed.records,
      changed: () => this.publish(),
    });

    this.work = new StationWork(this.outbox, () => this.profiles.active().id);
    this.printing = new Printing({
      dataDir: options.dataDir,
      db: this.outbox.database,
      clock: this.clock,
      fs: options.fs ?? nodeFs,
      newId: options.newId ?? systemIds,
      record: (entry) => this.outbox.audit.record(entry),
      ...options.printing,
      imposed: { label: imposed.labelPrinter, document: imposed.documentPrinter },
    });
    const packs = createStationPacking({
      options,
      imposed: imposed.packing,
      clock: this.clock,
      outbox: this.outbox,
      work: this.work,
      printing: this.printing,
      productNames: this.productNames,
      activeProfile: () => this.profiles.active(),
      api: () => this.api(),
      scale: () => this.scale,
      language: () => this.language,
      finished: () => this.records.notify(),
      finishGate: (packId) => this.evidence.finishGate(packId),
    });
    this.packWiring = packs.wiring;
    this.packing = packs.packing;
    this.paperwork = packs.paperwork;
    this.scale = new ScaleStation({
      dataDir: options.dataDir,
      fs: options.fs ?? nodeFs,
      clock: this.clock,
      ...(options.scale ? { openers: options.scale } : {}),
    });
    this.health = new HealthMonitor({
      clock: this.clock,
      redact: this.secrets.redact,
      ...options.health,
      check: async (signal) => (await this.api()).healthCheck({ signal }),
    });
    this.health.subscribe((health) => {
      if (health.online) this.outbox.kick(this.profiles.active().id);
      this.publish();
    });
    printDeliveredLabels(this.outbox, this.work, this.printing);
    followDeliveries(this.outbox, (order) => this.records.deliveryChanged(order));
    this.bulk = createBulkDesk(options, this.clock, this);
    this.evidence = createStationEvidence(options, this.clock, this, imposed.camera);
    this.log = new StationLog({
      dir: join(options.dataDir, 'logs'),
      clock: this.clock,
      redact: this.redact,
    });
    this.stopLog = attachStationLog(this.log, {
      jobs: (listener) => this.outbox.subscribe((_p, _s, job) => job && listener(job)),
      prints: (listener) => this.printing.onChange(({ job }) => job && listener(job)),
      status: (listener) => this.onStatus(listener),
    });
  }

  static async create(options: StationCoreOptions): Promise<StationCore> {
    const core = new StationCore(options);
    try {
      await core.api();
    } catch (error) {
      // A failed start leaves nothing running: the embedded sandbox, the outbox stop again.
      await core.close().catch(() => undefined);
      throw error;
    }
    core.outbox.recover();
    core.paperwork.recover();
    await core.evidence.recover();
    adoptStrandedJobs(core.outbox, core.profiles);
    core.health.start();
    core.scale.start();
    void core.records.start();
    void core.refreshKeychainState();
    for (const profile of core.profiles.list()) core.outbox.start(profile.id);
    return core;
  }

  /** The API client of the active profile (rebuilt when the profile or its key changes). */
  api(): Promise<ApiClient> {
    if (this.closing) return Promise.reject(new Error('The station core is closed.'));
    if (this.bound && this.bound.profile.id === this.profiles.active().id)
      return Promise.resolve(this.bound.client);
    this.binding ??= this.bind().finally(() => {
      this.binding = null;
    });
    return this.binding;
  }

  status(): StationStatus {
    const profile = this.profiles.active();
    return {
      profile: {
        id: profile.id,
        name: profile.name,
        environment: profile.environment,
        apiVersion: profile.apiVersion,
        baseUrl: profile.baseUrl ?? this.sandbox.url,
      },
      health: this.health.current(),
      budget: this.bound
        ? {
            ...this.bound.budget.figures(),
            coordination: this.bound.budget.state?.() ?? null,
          }
        : null,
      keychain: this.keys.keychainState,
      records: this.records.state(),
    };
  }

  /** Asks the keychain how it is (in the background: a keychain may take seconds to answer). */
  refreshKeychainState(): Promise<KeychainStatus> {
    return this.keys.refreshKeychainState();
  }

  /** Names for the order card's SKUs: each a budgeted request, then cached for the profile. */
  async productNamesFor(skus: readonly string[]): Promise<Record<string, string | null>> {
    const api = await this.api();
    return this.productNames.names(
      this.profiles.active().id,
      { getProduct: (sku) => api.getProduct(sku) },
      skus,
    );
  }

  /** How many of these SKUs a pack opened now would have to ask the service for. */
  uncachedProducts(skus: readonly string[]): number {
    return this.productNames.uncached(this.profiles.active().id, skus);
  }

  /** An order the window just looked up: opening it for packing reads it from here. */
  noteOrder(order: Order): void {
    this.packWiring.noteOrder(order);
  }

  onStatus(listener: (status: StationStatus) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  keyStatus(profileId = this.profiles.active().id): Promise<KeyStatus> {
    return this.keys.status(profileId);
  }

  async setKey(profileId: string, key: string): Promise<KeyStatus> {
    await this.keys.set(profileId, key);
    await this.rebindIfActive(profileId);
    this.outbox.keyChanged(profileId);
    return this.keyStatus(profileId);
  }

  async removeKey(profileId: string): Promise<KeyStatus> {
    await this.keys.remove(profileId);
    await this.rebindIfActive(profileId);
    this.outbox.keyChanged(profileId);
    return this.keyStatus(profileId);
  }

  async switchProfile(profileId: string): Promise<StationStatus> {
    await this.profiles.setActive(profileId);
    this.unbind();
    await this.api();
    await this.health.recheck();
    this.outbox.kick(profileId);
    return this.status();
  }

  /**
   * Removes a profile with its key. Its timers stop and its unfinished jobs wait, visible, as
   * "profile removed" (to move or discard), never retried for a profile that is gone.
   */
  async removeProfile(profileId: string): Promise<void> {
    const wasActive = this.profiles.active().id === profileId;
    await this.profiles.remove(profileId);
    await this.keychain.delete(profileId).catch(() => false);
    this.outbox.removeProfile(profileId);
    if (wasActive) await this.switchProfile(this.profiles.active().id);
  }

  /** Checks the active profile now (the Settings screen's "Test connection"). */
  async testConnection(): Promise<HealthSnapshot> {
    await this.api();
    return this.health.checkNow();
  }

  /** Settings → "Stations sharing this key", with the active budget's coordination. */
  async coordinationView(): Promise<CoordinationView> {
    return this.coordination.view(this.bound?.budget.state?.() ?? null);
  }

  /**
   * Keeps the warehouse's Redis (or none) and moves the station onto it: budgets are built anew
   * for the next requests, the old ones grant what already waits on them first.
   */
  async saveCoordination(input: CoordinationInput): Promise<CoordinationSettings> {
    const saved = await this.coordination.save(input);
    this.budgets.retireAll();
    // A client already bound moves onto the new budget now; one not built yet will be on it.
    if (this.bound) {
      this.unbind();
      await this.api();
    }
    return saved;
  }

  /** The Test button: latency, server, and the stations active on the active profile's key. */
  async testCoordination(input: CoordinationInput): Promise<CoordinationTestResult> {
    const profile = this.profiles.active();
    const environment = profile.baseUrl ?? (await this.sandbox.get()).url;
    const key = (await this.keys.keyFor(profile).catch(() => null)) ?? `no-key:${profile.id}`;
    return this.coordination.test(input, { environment, key });
  }

  close(): Promise<void> {
    return (this.closing ??= this.shutDown());
  }

  private async shutDown(): Promise<void> {
    this.health.stop();
    await this.scale.close();
    await this.printing.close();
    await this.records.close();
    await this.outbox.close();
    this.bulk.close();
    this.unbind();
    await this.budgets.dispose();
    await this.sandbox.close();
    this.stopLog();
    this.log.close();
  }

  private async bind(): Promise<ApiClient> {
    const profile = this.profiles.active();
    const { client, budget, key } = await this.makeClient(profile, true);
    this.unbind();
    const unsubscribe = budget.subscribe(() => this.publish());
    this.bound = { client, budget, profile, key, unsubscribe };
    this.publish();
    return client;
  }

  /** A client for any profile; the active one also feeds the health monitor. */
  private async makeClient(
    profile: Profile,
    active: boolean,
  ): Promise<{ client: ApiClient; budget: RequestBudget; key: string | null }> {
    const baseUrl = profile.baseUrl ?? (await this.sandbox.get()).url;
    // An unavailable or locked keychain must not stop the station from opening: the client is
    // built anyway, and each request asks for the key again (and fails with the keychain's own
    // sentence until it answers).
    const key = await this.keys.keyFor(profile).catch(() => null);
    const budget = await this.budgets.forCompany(
      baseUrl,
      key ?? `no-key:${profile.id}`,
      profile.baseUrl !== null,
    );
    const client = new ApiClient({
      target: { baseUrl, apiVersion: profile.apiVersion, overrides: profile.overrides },
      getKey: () => this.requestKey(profile),
      budget,
      clock: this.clock,
      ...this.clientOptions,
      onAttempt: (attempt) => {
        this.log.request(attempt);
        // Answers still arriving for a profile or key that was replaced say nothing now.
        if (active && this.bound?.client === client) this.health.reportAttempt(attempt);
      },
    });
    return { client, budget, key };
  }

  /** The outbox sends each profile's jobs with that profile's key and budget, active or not. */
  private async clientForProfile(profileId: string): Promise<ApiClient | null> {
    if (profileId === this.profiles.active().id) return this.api();
    const profile = this.profiles.list().find((p) => p.id === profileId);
    return profile ? (await this.makeClient(profile, false)).client : null;
  }

  private unbind(): void {
    this.bound?.unsubscribe();
    this.bound = null;
  }

  private async rebindIfActive(profileId: string): Promise<void> {
    this.productNames.forget(profileId);
    if (this.profiles.active().id !== profileId) return;
    this.unbind();
    await this.api();
    void this.health.recheck();
  }

  /**
   * The key for one request. When it is not the key the active client's budget was chosen by
   * (the keychain was down at start and answers now, or the key changed outside Packbench), the
   * client is rebuilt, so requests count against the company's real budget.
   */
  private async requestKey(profile: Profile): Promise<string | null> {
    const key = await this.keys.keyFor(profile);
    const bound = this.bound;
    if (bound && bound.profile.id === profile.id && bound.key !== key)
      void this.rebindIfActive(profile.id).catch(() => undefined);
    return key;
  }

  private publish(): void {
    if (this.listeners.size === 0) return;
    const status = this.status();
    for (const listener of this.listeners) listener(status);
  }
}

export const createStationCore = (options: StationCoreOptions): Promise<StationCore> =>
  StationCore.create(options);
