import type { MessageKey } from './message-key.ts';
import { CATALOGUES, translate } from './translate.ts';

/**
 * True when `key` names a sentence of the English catalogue (a plural by its stem): for keys
 * read back from storage, which an older or newer version of the station may have written.
 */
export function isMessageKey(key: string): key is MessageKey {
  const parts = key.split('.');
  const last = parts.pop() ?? '';
  let node: unknown = CATALOGUES.en;
  for (const part of parts)
    node =
      typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[part] : null;
  if (typeof node !== 'object' || node === null) return false;
  const parent = node as Record<string, unknown>;
  return [last, `${last}_one`, `${last}_other`].some((name) => typeof parent[name] === 'string');
}

/** True when the sentence has a `{{message}}` slot (its detail comes in an error's `message`). */
export const hasMessageSlot = (key: MessageKey): boolean =>
  /\{\{\s*message\s*\}\}/.test(translate('en', key));

/**
 * An error's English `message`, from the catalogue: for a sentence without a `{{message}}` slot,
 * the sentence itself with its params, word for word what the window shows in English. A sentence
 * with that slot is the one exception: the window (`describeError`) and the activity text fill the
 * slot from `message`, so there `message` is the slot's value, `detail`, and the English the
 * window shows is `translate('en', key, { ...params, message })`. Either way the English cannot
 * say something other than the sentence.
 */
export function englishMessage(
  key: MessageKey,
  params: Record<string, string | number> = {},
  detail = '',
): string {
  return hasMessageSlot(key) ? detail : translate('en', key, params);
}
