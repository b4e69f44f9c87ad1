// A scale's failures, each with its sentence in the catalogues (section `scale.errors`), and
// the exit code `npm run scale` gives it (2: no device or no answer; 1: bad input).
export type ScaleErrorCode =
  'bad-device' | 'bad-option' | 'no-device' | 'open-failed' | 'no-answer' | 'unplugged';

export class ScaleError extends Error {
  readonly code: ScaleErrorCode;
  readonly params: Record<string, string | number>;

  constructor(code: ScaleErrorCode, params: Record<string, string | number> = {}) {
    super(`scale: ${code}`);
    this.code = code;
    this.params = params;
  }

  get messageKey(): string {
    return `scale.errors.${this.code}`;
  }
}
