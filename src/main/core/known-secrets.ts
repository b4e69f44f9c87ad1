import type { Redact } from '../../shared/details.ts';
import { createRedactor, type Redactor } from '../api/redact.ts';

/**
 * Every API key this station has held since it started. Whatever leaves main as a failure
 * (IPC results, health, status) is redacted against all of them, not only the active
 * profile's: a job of a removed profile, or a key just replaced, may still be quoted back.
 */
export class KnownSecrets {
  private readonly secrets = new Set<string>();
  private redactor: Redactor | null = null;

  note(secret: string | null | undefined): void {
    if (!secret || this.secrets.has(secret)) return;
    this.secrets.add(secret);
    this.redactor = null;
  }

  readonly redact: Redact = (text) => {
    if (this.secrets.size === 0) return text;
    this.redactor ??= createRedactor([...this.secrets]);
    return this.redactor.text(text);
  };
}
