import type { ErrorBody, ErrorCode } from '../shared/api/types.ts';

export interface ErrorDetail {
  path: string;
  message: string;
}

/** An error the sandbox answers with `{"error": {"code", "message", "details"?}}`. */
export class SandboxHttpError extends Error {
  readonly status: number;
  readonly code: ErrorCode;
  readonly details: ErrorDetail[] | undefined;
  readonly headers: Record<string, string>;

  constructor(
    status: number,
    code: ErrorCode,
    message: string,
    options: { details?: ErrorDetail[]; headers?: Record<string, string> } = {},
  ) {
    super(message);
    this.status = status;
    this.code = code;
    this.details = options.details;
    this.headers = options.headers ?? {};
  }

  body(): ErrorBody {
    return {
      error: {
        code: this.code,
        message: this.message,
        ...(this.details ? { details: this.details } : {}),
      },
    };
  }
}

export const notFound = (what: string, id: string) =>
  new SandboxHttpError(404, 'not_found', `No ${what} with id "${id}" exists for this company.`);

export const conflict = (message: string) => new SandboxHttpError(409, 'conflict', message);

export const unprocessable = (message: string, details?: ErrorDetail[]) =>
  new SandboxHttpError(422, 'unprocessable', message, details ? { details } : {});

export const badRequest = (message: string, details?: ErrorDetail[]) =>
  new SandboxHttpError(400, 'validation_failed', message, details ? { details } : {});
