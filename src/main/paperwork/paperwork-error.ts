import type { MessageKey } from '../../shared/i18n/message-key.ts';

/** Why a paper could not be made: the card's (or the window's) sentence, English for logs. */
export class PaperworkError extends Error {
  readonly code: 'no-invoice' | 'slip-failed' | 'no-pack';
  readonly messageKey: MessageKey;
  readonly params: Record<string, string>;
  constructor(
    code: PaperworkError['code'],
    messageKey: MessageKey,
    params: Record<string, string>,
    message: string,
  ) {
    super(message);
    this.name = 'PaperworkError';
    this.code = code;
    this.messageKey = messageKey;
    this.params = params;
  }
}
