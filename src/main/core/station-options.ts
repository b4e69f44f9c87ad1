import type { SharedBudgetTuning } from '../budget/coordination.ts';
import type { BudgetOptions } from '../budget/rate-budget.ts';
import type { OutboxOptions } from '../outbox/outbox.ts';
import type { FontSources } from '../../zpl/fonts/index.ts';
import type { DocumentFonts } from '../documents/fonts.ts';
import type { LoadedPolicy } from '../policy/policy-file.ts';
import type { Clock } from '../platform/clock.ts';
import type { DiskProbe } from '../platform/data-dir.ts';
import type { Keychain } from '../platform/keychain.ts';
import type { StationFs } from '../platform/station-fs.ts';
import type { PrintingOptions } from '../print-queue/printing.ts';
import type { OpenScaleOptions } from '../scale/open-scale.ts';
import type { StartSandbox } from './embedded-sandbox.ts';
import type { HealthMonitorOptions } from './health-monitor.ts';

/** What builds a station core: the data folder and keychain, and every injected side effect. */
export interface StationCoreOptions {
  dataDir: string;
  keychain: Keychain;
  clock?: Clock;
  fetch?: typeof fetch;
  /** Around profiles.json and the outbox's file; default the real one. */
  fs?: StationFs;
  /** New ids for profiles and jobs; default random UUIDs. */
  newId?: () => string;
  /** The printer transport's options (tests: short timeouts, a CUPS_SERVER of their own). */
  printing?: Pick<PrintingOptions, 'open' | 'user' | 'env'>;
  /** How the scale is reached (tests: links of their own); default the real ports. */
  scale?: Partial<Pick<OpenScaleOptions, 'openSerial' | 'openHid' | 'hidDevices'>>;
  /** Whether the data folder can be written and has room; default asks the real disk. */
  diskProbe?: DiskProbe;
  /** How the embedded sandbox starts; tests and benchmarks may pass their own options. */
  startEmbeddedSandbox?: StartSandbox;
  budget?: Omit<BudgetOptions, 'clock'>;
  /** The shared budget's tuning when stations share the key through Redis (tests, the bench). */
  sharedBudget?: SharedBudgetTuning;
  /** The fleet records' replication: its wait after a failure (tests shorten it). */
  records?: { retry?: { firstMs?: number; maxMs?: number } };
  health?: Partial<Omit<HealthMonitorOptions, 'clock' | 'check'>>;
  outbox?: Partial<
    Pick<
      OutboxOptions,
      | 'concurrency'
      | 'backoffBaseMs'
      | 'backoffCapMs'
      | 'maxFileBytes'
      | 'auditRetentionDays'
      | 'random'
    >
  >;
  timeoutMs?: number;
  /** The machine's policy (issue #31): read before the core, so a broken one stops the start. */
  policy?: LoadedPolicy | null;
  /** Where Export evidence writes bundles (issue #41); `<data>/evidence` unless given. */
  evidenceDir?: string;
  /** The packing slip's faces: the app's bundled copies; default read from the packages. */
  documentFonts?: () => Promise<DocumentFonts>;
  /** The label engine's faces for reading labels (Bulk): the app's bundled copies; default the packages. */
  zplFonts?: () => FontSources;
}
