// A scale's failures, each with its sentence in the catalogues (section `scale.errors`), and
// the exit code `npm run scale` gives it (2: no device or no answer; 1: bad input). The English
// message is the catalogue's own sentence, so a log and the screen never disagree.
import { translate } from '../../shared/i18n/translate.ts';
import type { MessageKey } from '../../shared/i18n/message-key.ts';

export type ScaleErrorCode =
  'bad-device' | 'bad-option' | 'no-device' | 'open-failed' | 'no-answer' | 'unplugged';

export class ScaleError extends Error {
  readonly code: ScaleErrorCode;
  readonly params: Record<string, string | number>;

  constructor(code: ScaleErrorCode, params: Record<string, string | number> = {}) {
    super(translate('en', `scale.errors.${code}`, params));
    this.code = code;
    this.params = params;
  }

  get messageKey(): MessageKey {
    return `scale.errors.${this.code}`;
  }
}
