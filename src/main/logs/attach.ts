import type { UpdateStatus } from '../../shared/updates.ts';
import type { StationLog } from './station-log.ts';

/** What the log needs of an outbox job (JobView has more). */
export interface LoggedJob {
  id: string;
  kind: string;
  profileId: string;
  state: string;
  attempts: number;
  lastError: { code?: string; status?: number } | null;
}

/** What the log needs of a print job (PrintJobView has more). */
export interface LoggedPrint {
  id: string;
  kind: string;
  printer: string;
  state: string;
  attempts: number;
  lastErrorCode: string | null;
}

/** What the log needs of the station's status. */
export interface LoggedStatus {
  health: { state: string; latencyMs: number | null; lastError: { code?: string } | null };
  budget: { coordination: { coordination: string; share: number; stations: number } | null } | null;
}

type Subscribe<T> = (listener: (value: T) => void) => () => void;

/** Where the state changes come from; the core hands in its own subscriptions. */
export interface LogSources {
  jobs: Subscribe<LoggedJob>;
  prints: Subscribe<LoggedPrint>;
  status: Subscribe<LoggedStatus>;
}

/**
 * An error's code as a log may show it: our own codes are short words; anything else (a service
 * that answers with a sentence, or an echo of what it got, as its code) is the service's text.
 */
export const codeOf = (code: string | null | undefined): string | null =>
  code == null ? null : /^[\w.:-]{1,64}$/.test(code) ? code : 'other';

/** How many ids' last state are kept to tell a change from a repeat. */
const REMEMBERED = 2_000;

/**
 * Subscribes the log to the station's changes: a line each time an outbox job, a print job,
 * coordination or health changes state (not each time it is published). Returns the way to stop.
 */
export function attachStationLog(log: StationLog, sources: LogSources): () => void {
  const jobs = new Remembered();
  const prints = new Remembered();
  let coordination = 'none';
  let health = '';
  const stops = [
    sources.jobs((job) => {
      if (!jobs.changed(job.id, job.state)) return;
      log.write('job.state', {
        job: job.id,
        kind: job.kind,
        profile: job.profileId,
        state: job.state,
        attempts: job.attempts,
        ...(job.lastError
          ? {
              errorCode: codeOf(job.lastError.code),
              httpStatus: job.lastError.status ?? null,
            }
          : {}),
      });
    }),
    sources.prints((print) => {
      if (!prints.changed(print.id, print.state)) return;
      log.write('print.state', {
        job: print.id,
        kind: print.kind,
        printer: print.printer,
        state: print.state,
        attempts: print.attempts,
        errorCode: codeOf(print.lastErrorCode),
      });
    }),
    sources.status((status) => {
      const shared = status.budget?.coordination ?? null;
      const now = shared ? shared.coordination : 'none';
      if (now !== coordination) {
        coordination = now;
        log.write('coordination.state', {
          state: now,
          ...(shared ? { share: shared.share, stations: shared.stations } : {}),
        });
      }
      if (status.health.state !== health) {
        health = status.health.state;
        log.write('health.state', {
          state: health,
          latencyMs: status.health.latencyMs,
          errorCode: codeOf(status.health.lastError?.code),
        });
      }
    }),
  ];
  return () => {
    for (const stop of stops) stop();
  };
}

/**
 * A listener for the updater's changes: a line each time its state changes (found, downloaded,
 * ready, refused and why), so IT reads in the log or the support bundle what the status bar
 * said. The refusal's English sentence is kept beside its reason.
 */
export function updateLogger(
  log: StationLog,
  english: (key: string, values: Record<string, string | number>) => string,
): (status: UpdateStatus) => void {
  let last = '';
  return (status) => {
    const version = 'version' in status ? status.version : null;
    const seen = `${status.state}/${version ?? ''}`;
    if (seen === last) return;
    last = seen;
    log.write('update.state', {
      state: status.state,
      ...(version !== null ? { version } : {}),
      ...(status.state === 'refused'
        ? {
            reason: status.reason,
            sentence: english(status.sentence.key, status.sentence.values),
          }
        : {}),
    });
  };
}

/** The last state of the most recent ids. */
class Remembered {
  private readonly states = new Map<string, string>();

  changed(id: string, state: string): boolean {
    if (this.states.get(id) === state) return false;
    this.states.delete(id);
    this.states.set(id, state);
    if (this.states.size > REMEMBERED) {
      const oldest = this.states.keys().next().value;
      if (oldest !== undefined) this.states.delete(oldest);
    }
    return true;
  }
}
