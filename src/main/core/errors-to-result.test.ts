import { describe, expect, it } from 'vitest';
import { NotFoundError, RedirectError, ServerError, TimeoutError } from '../api/errors.ts';
import { CoordinationError } from '../budget/coordination-error.ts';
import { OutboxInputError } from '../outbox/job-types.ts';
import { jobError } from '../outbox/outcome.ts';
import { PrintError } from '../print/errors.ts';
import { ScaleError } from '../scale/scale-error.ts';
import { KeychainError } from '../platform/keychain.ts';
import { hasMessageSlot } from '../../shared/i18n/english.ts';
import { translate } from '../../shared/i18n/translate.ts';
import type { AppError } from '../../shared/result.ts';
import { ProfileError } from './profile-store.ts';
import { toAppError } from './errors-to-result.ts';

const asIs = (text: string) => text;

/** What the window shows in English for a failure (describeError: key, params, `message`). */
const shown = (error: Pick<AppError, 'messageKey' | 'params' | 'message'>) =>
  translate('en', error.messageKey, { ...error.params, message: error.message });

// Written beside the key, each of these used to be the failure's English, and none said its
// sentence: the raw view, the logs and the CSV read one thing, the screen another (#28 item 2).
const failures: [string, unknown][] = [
  ['api, a family sentence', new NotFoundError({ message: 'getOrder failed with HTTP 404.' })],
  ['api, uncertain', new TimeoutError({ message: 'The API did not answer in time.' })],
  ['api, with the service words', new ServerError({ message: 'boom', serviceMessage: 'boom' })],
  ['coordination', new CoordinationError('auth', 'WRONGPASS invalid username-password pair')],
  ['print', new PrintError('unreachable', 'connect ECONNREFUSED 10.0.0.9:9100')],
  ['profiles', new ProfileError('last_profile', 'Cannot delete the last profile.')],
  ['outbox input', new OutboxInputError('unknown_kind', 'Unknown kind "x".')],
  ['scale, with params', new ScaleError('open-failed', { port: '/dev/ttyUSB0', reason: 'EACCES' })],
  ['keychain', new KeychainError('unavailable', 'org.freedesktop.secrets is not provided')],
];

describe('a failure leaving main says its sentence in English, nothing written beside it', () => {
  it.each(failures)('%s: the message is the en sentence with its params', (_, error) => {
    const appError = toAppError(error, asIs);
    expect(hasMessageSlot(appError.messageKey)).toBe(false);
    expect(appError.message).toBe(translate('en', appError.messageKey, appError.params));
    expect(shown(appError)).toBe(appError.message);
  });

  it('a sentence with a {{message}} slot keeps the error own text as the value the window puts there', () => {
    const redirect = new RedirectError({
      code: 'cross_origin',
      message: 'from https://a.test to https://b.test',
    });
    const appError = toAppError(redirect, asIs);
    expect(appError.messageKey).toBe('errors.api.redirect');
    expect(appError.message).toBe('from https://a.test to https://b.test');
    expect(shown(appError)).toBe(
      translate('en', 'errors.api.redirect', { message: 'from https://a.test to https://b.test' }),
    );
    const internal = toAppError(new Error('disk I/O error'), asIs);
    expect(internal).toMatchObject({ messageKey: 'errors.internal', message: 'disk I/O error' });
    expect(shown(internal)).toBe('Packbench hit an internal error: disk I/O error');
  });

  it('the English is redacted like everything else that leaves main', () => {
    const redact = (text: string) => text.replaceAll('s3cret', '••••');
    expect(toAppError(new Error('key s3cret refused'), redact).message).toBe('key •••• refused');
    expect(
      new RedirectError({ code: 'cross_origin', message: 'to s3cret' }).toAppError(redact),
    ).toMatchObject({ message: 'to ••••' });
  });

  it('a job keeps the same English as the window would show for its failure', () => {
    const failure = jobError(new NotFoundError({ message: 'createProduct failed with HTTP 404.' }));
    expect(failure.message).toBe(translate('en', 'errors.api.not_found'));
    const redirect = jobError(new RedirectError({ code: 'too_many_redirects', message: 'x' }));
    expect(redirect.message).toBe(translate('en', 'errors.api.redirect_loop'));
    expect(jobError(new Error('disk I/O error')).message).toBe('disk I/O error');
  });
});
