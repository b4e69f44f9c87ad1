import * as S from '../../shared/api/schemas.ts';
import { LIMITS } from '../../shared/limits.ts';
import type { z } from 'zod';
import { readBounded } from './body.ts';
import {
  errorForStatus,
  NetworkError,
  ResponseFormatError,
  ServerError,
  TimeoutError,
} from './errors.ts';
import type { ApiError } from './errors.ts';
import type { Redactor } from './redact.ts';
import { fieldOf, messageOf } from '../platform/guards.ts';

// How the client reads what came back: a transport failure, an error answer, or the answer
// itself, each as the one error class of its family (errors.ts) or as the typed value.

const NOT_SENT_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ENETUNREACH',
  'EHOSTUNREACH',
  'UND_ERR_CONNECT_TIMEOUT',
]);

/** An error body is read this far (the rest is dropped); an answer, as far as IPC carries one. */
const ERROR_BODY_BYTES = LIMITS.stringBytes;
const ANSWER_BYTES = LIMITS.messageBytes;
/** How much of a body that is not what was promised is kept for the raw view. */
const RAW_CHARS = 2000;

/** A fetch that threw: the caller's own abort as it is, else a timeout or a network error. */
export function transportError(
  error: unknown,
  callerSignal: AbortSignal | undefined,
): ApiError | Error {
  if (callerSignal?.aborted) throw callerSignal.reason;
  const name = fieldOf(error, 'name');
  const message = messageOf(error);
  if (name === 'TimeoutError')
    return new TimeoutError({ message: 'The API did not answer in time.', cause: error });
  const code = findCauseCode(error);
  return new NetworkError({
    message: `Cannot reach the API (${code ?? message}).`,
    uncertain: !(code && NOT_SENT_CODES.has(code)),
    ...(code ? { details: { cause: code } } : {}),
    cause: error,
  });
}

/** An answer that is not 2xx, with the service's own code and words when it gave them. */
export async function httpError(
  response: Response,
  operationName: string,
  redactor: Redactor,
  requestId: string | undefined,
): Promise<ApiError> {
  const body = await readBounded(response, ERROR_BODY_BYTES).catch(() => ({
    text: '',
    truncated: false,
  }));
  let code: string | undefined;
  let message = `${operationName} failed with HTTP ${response.status}.`;
  let details: unknown;
  let serviceMessage: string | undefined;
  try {
    const parsed = S.errorBodySchema.safeParse(JSON.parse(body.text));
    if (parsed.success) {
      code = parsed.data.error.code;
      message = parsed.data.error.message;
      serviceMessage = message;
      details = parsed.data.error.details;
    }
  } catch {
    if (body.text) details = { raw: rawText(body.text, body.truncated, redactor) };
  }
  const init = {
    status: response.status,
    message,
    ...(code ? { code } : {}),
    ...(requestId ? { requestId } : {}),
    ...(details === undefined ? {} : { details }),
    ...(serviceMessage === undefined ? {} : { serviceMessage }),
    // A 5xx other than 503 may have happened after the server did the work.
    uncertain: response.status >= 500 && response.status !== 503,
  };
  if (response.status >= 500) return new ServerError(init);
  return errorForStatus(response.status, init);
}

/** A 2xx answer read against its schema: too large, not JSON or the wrong shape is an error. */
export async function parseAnswer<T>(
  response: Response,
  schema: z.ZodType<T>,
  redactor: Redactor,
  requestId: string | undefined,
): Promise<T> {
  const body = await readBounded(response, ANSWER_BYTES);
  if (body.truncated) {
    throw new ResponseFormatError({
      code: 'response_too_large',
      status: response.status,
      message: `The API answered with more than ${ANSWER_BYTES} bytes; the answer was not read.`,
      ...(requestId ? { requestId } : {}),
    });
  }
  let json: unknown;
  try {
    json = JSON.parse(body.text);
  } catch {
    throw new ResponseFormatError({
      status: response.status,
      message: 'The API answered with something that is not JSON.',
      details: { raw: rawText(body.text, false, redactor) },
      ...(requestId ? { requestId } : {}),
    });
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    throw new ResponseFormatError({
      status: response.status,
      message: `The API answered in an unexpected shape: ${parsed.error.issues.map((i) => `${i.path.join('.')} ${i.message}`).join('; ')}`,
      details: { raw: json },
      ...(requestId ? { requestId } : {}),
    });
  }
  return parsed.data;
}

/** Seconds to wait: a number of seconds, or an HTTP date counted from the client's own clock. */
export function parseRetryAfter(header: string | null, now: number): number {
  if (!header) return 1;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(1, Math.ceil(seconds));
  const date = Date.parse(header);
  return Number.isFinite(date) ? Math.max(1, Math.ceil((date - now) / 1000)) : 1;
}

/**
 * The start of a body that is not what was promised, redacted before it is cut: cutting first
 * could leave the beginning of an encoded key at the end. A body that was read only in part may
 * end inside a form of the key, so that end is dropped first.
 */
function rawText(text: string, truncated: boolean, redactor: Redactor): string {
  const whole = truncated ? text.slice(0, Math.max(0, text.length - redactor.longestForm)) : text;
  return redactor.text(whole).slice(0, RAW_CHARS);
}

function findCauseCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current; depth += 1) {
    const code = fieldOf(current, 'code');
    if (typeof code === 'string') return code;
    current = fieldOf(current, 'cause');
  }
  return undefined;
}
