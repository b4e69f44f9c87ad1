import type { MessageKey } from '../../shared/i18n/message-key.ts';

export type PackErrorCode = 'not_found' | 'cannot_pack';

/** A pack request main refuses: its code, the sentence for the packer and its values. */
export class PackError extends Error {
  readonly code: PackErrorCode;
  readonly messageKey: MessageKey;
  readonly params: Record<string, string | number>;

  constructor(code: PackErrorCode, message: string, params: Record<string, string | number> = {}) {
    super(message);
    this.name = 'PackError';
    this.code = code;
    this.messageKey = `packVerdict.errors.${code}`;
    this.params = params;
  }
}
