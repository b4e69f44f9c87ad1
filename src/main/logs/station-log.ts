import type { Redact } from '../../shared/details.ts';
import type { Clock } from '../platform/clock.ts';
import { RotatingFile, type RotationLimits } from './rotating-file.ts';

/** One HTTP attempt of the API client, as its `onAttempt` reports it (secrets already out). */
export interface RequestAttempt {
  method: string;
  url: string;
  lane?: string;
  status: number | null;
  ms: number;
  error?: string;
  requestId?: string;
}

export interface StationLogOptions {
  /** `<data>/logs` */
  dir: string;
  clock: Pick<Clock, 'now'>;
  /** The station's known secrets (`core.redact`): every line passes it on its way to disk. */
  redact: Redact;
  limits?: RotationLimits;
}

/** Field names whose value is never written, whatever it holds. */
const SECRET_NAME = /pass(word)?|secret|token|api[-_]?key|authorization|cookie|credential/i;
const MAX_TEXT = 300;

/**
 * The station's structured log (`<data>/logs/station.log`, rotated): one JSON line per API
 * request and per state change of outbox jobs, prints, coordination and health. Never a key,
 * never a body: a request is its method, path, status, time and request id; every line passes
 * the station's redaction, and fields named like secrets are left out.
 */
export class StationLog {
  private readonly file: RotatingFile;
  private readonly options: StationLogOptions;

  /** The folder the log writes to (`<data>/logs`). */
  readonly dir: string;

  constructor(options: StationLogOptions) {
    this.options = options;
    this.dir = options.dir;
    this.file = new RotatingFile(options.dir, options.limits);
  }

  /** The station's clock, for what is stamped beside the log (a support bundle). */
  now(): number {
    return this.options.clock.now();
  }

  /** Lines the disk refused. */
  get dropped(): number {
    return this.file.dropped;
  }

  /** One line: `{"t": ISO time, "event": …, …fields}`. */
  write(event: string, fields: Record<string, unknown> = {}): void {
    const line = JSON.stringify({
      t: new Date(this.options.clock.now()).toISOString(),
      event,
      ...clean(fields),
    });
    this.file.write(this.options.redact(line));
  }

  /** One API request: no query string, no body, no header. */
  request(attempt: RequestAttempt): void {
    this.write('api.request', {
      method: attempt.method,
      path: pathOf(attempt.url),
      status: attempt.status,
      ms: Math.round(attempt.ms),
      requestId: attempt.requestId ?? null,
      ...(attempt.lane ? { lane: attempt.lane } : {}),
      // Only a failure with no answer says why (our own words); an answer's text is the body's.
      ...(attempt.status === null && attempt.error ? { error: attempt.error } : {}),
    });
  }

  close(): void {
    this.file.end();
  }
}

/** The path of a URL, without host, query or fragment (a query may carry what a body would). */
export function pathOf(url: string): string {
  try {
    return new URL(url).pathname;
  } catch {
    return url.split(/[?#]/)[0] ?? '';
  }
}

function clean(fields: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(fields)) {
    if (SECRET_NAME.test(name) || value === undefined) continue;
    out[name] =
      typeof value === 'string' && value.length > MAX_TEXT ? value.slice(0, MAX_TEXT) : value;
  }
  return out;
}
