import type { CoordinationErrorCode } from '../../shared/coordination.ts';
import type { MessageKey } from '../../shared/i18n/message-key.ts';
import { fieldOf, messageOf } from '../platform/guards.ts';

/**
 * Reaching the warehouse's Redis failed; `code` picks the sentence `errors.coordination.*`. The
 * error's own message is what Redis or Node said (for the log); the operator's English is the
 * sentence's, rendered where every failure leaves main (toAppError).
 */
export class CoordinationError extends Error {
  readonly code: CoordinationErrorCode;
  constructor(code: CoordinationErrorCode, message: string, cause?: unknown) {
    super(message, cause === undefined ? undefined : { cause });
    this.name = 'CoordinationError';
    this.code = code;
  }

  get messageKey(): MessageKey {
    return `errors.coordination.${this.code}`;
  }
}

const SYSTEM_UNREACHABLE = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ECONNRESET',
  'EPIPE',
]);

/**
 * ioredis' and Node's failures, sorted by what the operator can do about them. TLS errors come
 * from Node (`ERR_SSL_*`, certificate codes); Redis' own refusals from its reply text.
 */
export function classifyRedisError(error: unknown): CoordinationError {
  if (error instanceof CoordinationError) return error;
  const message = messageOf(error);
  const code = fieldOf(error, 'code');
  const codeText = typeof code === 'string' ? code : '';
  const said = (text: string) => message.toUpperCase().includes(text);
  if (said('WRONGPASS') || said('NOAUTH') || said('INVALID PASSWORD') || said('AUTH '))
    return new CoordinationError('auth', message, error);
  if (said('NOPERM') || said('NOSCRIPT') || said('UNKNOWN COMMAND `EVAL'))
    return new CoordinationError('no-scripts', message, error);
  if (
    codeText.startsWith('ERR_SSL') ||
    codeText.startsWith('ERR_TLS') ||
    /CERT|SELF_SIGNED|UNABLE_TO_(GET|VERIFY)|HOSTNAME_MISMATCH|DEPTH_ZERO/.test(codeText) ||
    /SSL|TLS|certificate/i.test(message)
  )
    return new CoordinationError('tls', message, error);
  if (SYSTEM_UNREACHABLE.has(codeText)) return new CoordinationError('unreachable', message, error);
  if (codeText === 'ETIMEDOUT' || /timed? ?out/i.test(message))
    return new CoordinationError('timeout', message, error);
  if (/protocol error|unknown resp type|unexpected|parse/i.test(message))
    return new CoordinationError('not-redis', message, error);
  return new CoordinationError('unreachable', message, error);
}
