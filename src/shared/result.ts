import type { Details } from './details.ts';
import type { MessageKey } from './i18n/message-key.ts';

/** A failure that crosses process boundaries intact (thrown errors lose all but `message` over IPC). */
export interface AppError {
  /** Stable machine code, e.g. `ipc.invalid_input`, `api.rate_limited`. */
  code: string;
  /** The sentence shown to the operator (a key of the English catalogue). */
  messageKey: MessageKey;
  /** Values for the sentence, e.g. `{ file: 'nf.pdf' }`; rendered in the operator's language. */
  params?: Record<string, string | number>;
  /** English detail for logs and the raw view; never contains secrets. */
  message: string;
  /** The service's own words (its error body's message), shown as such beside our sentence. */
  serviceMessage?: string;
  status?: number;
  requestId?: string;
  /** Facts for the raw view, redacted by construction (see details.ts). */
  details?: Details;
}

export type Result<T> = { ok: true; value: T } | { ok: false; error: AppError };

export const ok = <T>(value: T): Result<T> => ({ ok: true, value });

export const fail = <T = never>(error: AppError): Result<T> => ({ ok: false, error });
