import { describe, expect, it } from 'vitest';
import { OutboxInputError } from '../outbox/job-types.ts';
import { toAppError } from './errors-to-result.ts';
import { KnownSecrets } from './known-secrets.ts';

const OLD = 'sk-live-7c1d9e0b55aa31';
const NEW = 'sk-live-2b8f44c01de9a7';

describe('KnownSecrets', () => {
  it('redacts every key it has seen, the replaced one too', () => {
    const secrets = new KnownSecrets();
    expect(secrets.redact(`a ${OLD}`)).toBe(`a ${OLD}`);
    secrets.note(OLD);
    secrets.note(NEW);
    const out = secrets.redact(`old ${OLD}, new ${encodeURIComponent(NEW)}`);
    expect(out).not.toContain(OLD);
    expect(out).not.toContain(NEW);
    expect(out).toBe(`old ••••${OLD.slice(-4)}, new ••••${NEW.slice(-4)}`);
  });

  it('leaves nothing of a key in a failure that quotes it in its message and details', () => {
    const secrets = new KnownSecrets();
    secrets.note(NEW);
    const error = new OutboxInputError('invalid_payload', `bad note "${NEW}"`, {
      payload: { note: NEW, [NEW]: 1 },
    });
    const result = toAppError(error, secrets.redact);
    expect(result.code).toBe('outbox.invalid_payload');
    expect(JSON.stringify(result)).not.toContain(NEW);
    expect(JSON.stringify(result)).toContain(NEW.slice(-4));
  });
});
