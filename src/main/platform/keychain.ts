import type { MessageKey } from '../../shared/i18n/message-key.ts';
import { AsyncEntry } from '@napi-rs/keyring';
import type { KeychainState, KeychainStatus } from '../../shared/status.ts';
import { fieldOf, messageOf } from './guards.ts';

export const KEYCHAIN_SERVICE = 'Packbench';
const PROBE_ACCOUNT = '__packbench_probe__';

export type { KeychainState, KeychainStatus };

/** Where API keys live. The renderer never sees one: it can only ask whether one is set. */
export interface Keychain {
  get(account: string): Promise<string | null>;
  set(account: string, secret: string): Promise<void>;
  delete(account: string): Promise<boolean>;
  status(): Promise<KeychainStatus>;
}

export class KeychainError extends Error {
  readonly state: Exclude<KeychainState, 'available'>;
  constructor(state: Exclude<KeychainState, 'available'>, detail: string, cause?: unknown) {
    super(detail, cause === undefined ? undefined : { cause });
    this.name = 'KeychainError';
    this.state = state;
  }

  get messageKey(): MessageKey {
    return `keychain.${this.state}`;
  }
}

/** The slice of @napi-rs/keyring's AsyncEntry we use; tests substitute failing ones. */
export interface EntryLike {
  getPassword(signal?: AbortSignal | null): Promise<string | null>;
  setPassword(password: string, signal?: AbortSignal | null): Promise<void>;
  deletePassword(signal?: AbortSignal | null): Promise<boolean>;
}

export type EntryFactory = (service: string, account: string) => EntryLike;

// Pinned to the Secret Service on Linux: without it the library silently falls back to a
// memory-only store, and keys would vanish at every restart.
const nativeEntry: EntryFactory = (service, account) =>
  new AsyncEntry(service, account, { linux: { store: 'secret-service' } });

/** Sorts the platform's error sentences into the states the UI explains. */
export function classifyKeychainError(error: unknown): KeychainError {
  if (error instanceof KeychainError) return error;
  const detail = messageOf(error);
  const name = fieldOf(error, 'name');
  if (name === 'TimeoutError' || name === 'AbortError')
    return new KeychainError('timeout', detail, error);
  if (/\block(ed)?\b|unlock prompt|dismissed|prompt/i.test(detail))
    return new KeychainError('locked', detail, error);
  if (
    /dbus|secret service|platform failure|no storage access|no result found|not provided by any \.service|autolaunch|ServiceUnknown/i.test(
      detail,
    )
  ) {
    return new KeychainError('unavailable', detail, error);
  }
  return new KeychainError('error', detail, error);
}

export interface NativeKeychainOptions {
  service?: string;
  timeoutMs?: number;
  entryFactory?: EntryFactory;
}

export class NativeKeychain implements Keychain {
  private readonly service: string;
  private readonly timeoutMs: number;
  private readonly entryFactory: EntryFactory;
  /**
   * One entry per account, kept: each new native entry opens its own D-Bus connection and
   * Secret Service session, held until the garbage collector happens to free it. Every API
   * request reads the key, so fresh entries piled up hundreds of connections on gnome-keyring
   * and cost 14 ms a read; a kept entry costs 1.4 ms and one connection.
   */
  private readonly entries = new Map<string, EntryLike>();

  constructor(options: NativeKeychainOptions = {}) {
    this.service = options.service ?? KEYCHAIN_SERVICE;
    this.timeoutMs = options.timeoutMs ?? 5_000;
    this.entryFactory = options.entryFactory ?? nativeEntry;
  }

  get(account: string): Promise<string | null> {
    return this.run(account, (entry, signal) => entry.getPassword(signal));
  }

  set(account: string, secret: string): Promise<void> {
    return this.run(account, (entry, signal) => entry.setPassword(secret, signal));
  }

  delete(account: string): Promise<boolean> {
    return this.run(account, (entry, signal) => entry.deletePassword(signal));
  }

  async status(): Promise<KeychainStatus> {
    try {
      // Reading a missing entry succeeds even on a locked keyring; only a write proves it usable.
      await this.set(PROBE_ACCOUNT, 'probe');
      await this.delete(PROBE_ACCOUNT);
      return {
        state: 'available',
        messageKey: 'keychain.available',
        detail: 'The keychain answered.',
      };
    } catch (error) {
      const failure = classifyKeychainError(error);
      return { state: failure.state, messageKey: failure.messageKey, detail: failure.message };
    }
  }

  private async run<T>(
    account: string,
    op: (entry: EntryLike, signal: AbortSignal) => Promise<T>,
  ): Promise<T> {
    const signal = AbortSignal.timeout(this.timeoutMs);
    const kept = this.entries.get(account);
    try {
      if (kept) {
        try {
          return await this.attempt(kept, op, signal);
        } catch (error) {
          // A kept entry outlives the keyring daemon's session: after gnome-keyring restarts it
          // answers "The session does not exist". A fresh entry opens a new one, so try once more.
          this.entries.delete(account);
          if (signal.aborted) throw error;
        }
      }
      const entry = this.entryFactory(this.service, account);
      const result = await this.attempt(entry, op, signal);
      this.entries.set(account, entry);
      return result;
    } catch (error) {
      throw classifyKeychainError(error);
    }
  }

  private attempt<T>(
    entry: EntryLike,
    op: (entry: EntryLike, signal: AbortSignal) => Promise<T>,
    signal: AbortSignal,
  ): Promise<T> {
    // The native call may ignore the signal while a prompt is open; never wait past it.
    return Promise.race([
      op(entry, signal),
      new Promise<never>((_, reject) => {
        if (signal.aborted) reject(signal.reason);
        signal.addEventListener('abort', () => reject(signal.reason), { once: true });
      }),
    ]);
  }
}
