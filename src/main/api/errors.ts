import { safeDetails, type Redact } from '../../shared/details.ts';
import type { MessageKey } from '../../shared/i18n/message-key.ts';
import { englishMessage } from '../../shared/i18n/english.ts';
import type { AppError } from '../../shared/result.ts';

/**
 * One class per failure family, like stripe-node: callers branch on the class (or `family`),
 * operators read the sentence behind `messageKey`. Secrets never reach any field.
 */
export type ErrorFamily =
  | 'authentication'
  | 'version'
  | 'validation'
  | 'not_found'
  | 'conflict'
  | 'payload_too_large'
  | 'rate_limited'
  | 'network'
  | 'timeout'
  | 'server'
  | 'response'
  | 'redirect';

export interface ApiErrorInit {
  message: string;
  status?: number;
  code?: string;
  requestId?: string;
  details?: unknown;
  /** True when the request may have reached the server although no answer came back. */
  uncertain?: boolean;
  retryAfterSeconds?: number;
  cause?: unknown;
  /** The message of the service's own error body (not one Packbench wrote). */
  serviceMessage?: string;
  /** A sentence of its own instead of the family's (e.g. an id refused before sending). */
  messageKey?: MessageKey;
}

export abstract class ApiError extends Error {
  abstract readonly family: ErrorFamily;
  readonly status: number | undefined;
  readonly code: string;
  readonly requestId: string | undefined;
  readonly details: unknown;
  readonly uncertain: boolean;
  readonly serviceMessage: string | undefined;
  private readonly ownMessageKey: MessageKey | undefined;

  constructor(init: ApiErrorInit, defaultCode: string) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.name = new.target.name;
    this.status = init.status;
    this.code = init.code ?? defaultCode;
    this.requestId = init.requestId;
    this.serviceMessage = init.serviceMessage;
    this.details = init.details;
    this.uncertain = init.uncertain ?? false;
    this.ownMessageKey = init.messageKey;
  }

  get messageKey(): MessageKey {
    return this.ownMessageKey ?? `errors.api.${this.family}`;
  }

  /**
   * The failure as the window may see it: every text through `redact`, whatever the client did.
   * Its English `message` is the sentence's (englishMessage): the family's sentence, or, for one
   * with a `{{message}}` slot, this error's own text as the slot's value.
   */
  toAppError(redact: Redact): AppError {
    const { detail, ...error } = this.keyed(redact);
    return { ...error, message: redact(englishMessage(error.messageKey, error.params, detail)) };
  }

  /** Everything but the English (toAppError renders it; so does the core for every family). */
  keyed(redact: Redact): Omit<AppError, 'message'> & { detail: string } {
    return {
      code: `api.${this.family}.${this.code}`,
      messageKey: this.messageKey,
      detail: this.message,
      ...(this.status === undefined ? {} : { status: this.status }),
      ...(this.requestId === undefined ? {} : { requestId: this.requestId }),
      ...(this.serviceMessage === undefined ? {} : { serviceMessage: redact(this.serviceMessage) }),
      ...(this.details === undefined ? {} : { details: safeDetails(this.details, redact) }),
    };
  }
}

export class AuthenticationError extends ApiError {
  readonly family = 'authentication';
  constructor(init: ApiErrorInit) {
    super(init, 'unauthorized');
  }
}

export class VersionError extends ApiError {
  readonly family = 'version';
  readonly requiredVersion: string | undefined;
  constructor(init: ApiErrorInit & { requiredVersion?: string }) {
    super(init, 'unsupported_version');
    this.requiredVersion = init.requiredVersion;
  }
}

export class ValidationError extends ApiError {
  readonly family = 'validation';
  constructor(init: ApiErrorInit) {
    super(init, 'validation_failed');
  }
}

export class NotFoundError extends ApiError {
  readonly family = 'not_found';
  constructor(init: ApiErrorInit) {
    super(init, 'not_found');
  }
}

export class ConflictError extends ApiError {
  readonly family = 'conflict';
  constructor(init: ApiErrorInit) {
    super(init, 'conflict');
  }
}

export class PayloadTooLargeError extends ApiError {
  readonly family = 'payload_too_large';
  constructor(init: ApiErrorInit) {
    super(init, 'payload_too_large');
  }
}

export class RateLimitedError extends ApiError {
  readonly family = 'rate_limited';
  readonly retryAfterSeconds: number;
  constructor(init: ApiErrorInit) {
    super(init, 'rate_limited');
    this.retryAfterSeconds = init.retryAfterSeconds ?? 1;
  }
}

export class NetworkError extends ApiError {
  readonly family = 'network';
  constructor(init: ApiErrorInit) {
    super(init, 'offline');
  }
}

export class TimeoutError extends ApiError {
  readonly family = 'timeout';
  constructor(init: ApiErrorInit) {
    super({ uncertain: true, ...init }, 'timeout');
  }
}

export class ServerError extends ApiError {
  readonly family = 'server';
  constructor(init: ApiErrorInit) {
    super(init, 'server_error');
  }
}

/** The server answered 2xx with something that is not what the API promises. */
export class ResponseFormatError extends ApiError {
  readonly family = 'response';
  constructor(init: ApiErrorInit) {
    super(init, 'unexpected_response');
  }
}

export type RedirectCode = 'cross_origin' | 'too_many_redirects' | 'invalid_location';

/**
 * The API answered with a redirect Packbench will not follow: to another origin (which would
 * take the API key along), without a usable Location, or more than the allowed number of times.
 */
export class RedirectError extends ApiError {
  readonly family = 'redirect';
  constructor(init: ApiErrorInit & { code: RedirectCode }) {
    super(
      {
        messageKey:
          init.code === 'too_many_redirects' ? 'errors.api.redirect_loop' : 'errors.api.redirect',
        ...init,
      },
      'cross_origin',
    );
  }
}

/** Maps an HTTP error answer to its family. */
export function errorForStatus(status: number, init: ApiErrorInit): ApiError {
  const code = init.code;
  if (status === 401 || status === 403) return new AuthenticationError(init);
  if (
    status === 400 &&
    code &&
    ['missing_version', 'unsupported_version', 'version_too_old'].includes(code)
  ) {
    return new VersionError(init);
  }
  if (status === 404 || status === 405 || status === 410) return new NotFoundError(init);
  if (status === 409) return new ConflictError(init);
  if (status === 413) return new PayloadTooLargeError(init);
  if (status === 429) return new RateLimitedError(init);
  if (status >= 500) return new ServerError(init);
  return new ValidationError(init);
}
