import type { Profile } from '../../shared/profile.ts';
import type { KeychainStatus, KeyStatus } from '../../shared/status.ts';
import { DEMO_COMPANIES } from '../../sandbox/index.ts';
import { mask } from '../api/redact.ts';
import type { AuditInput } from '../outbox/audit-log.ts';
import { classifyKeychainError, type Keychain, type KeychainError } from '../platform/keychain.ts';
import type { KnownSecrets } from './known-secrets.ts';
import type { ProfileStore } from './profile-store.ts';

const DEMO_KEY = (DEMO_COMPANIES[0] as (typeof DEMO_COMPANIES)[number]).apiKey;

export interface StationKeysOptions {
  keychain: Keychain;
  profiles: ProfileStore;
  /** Every key read or set is noted here, so whatever leaves main is redacted against it. */
  secrets: KnownSecrets;
  /** The activity log (a key set or removed). */
  record: (entry: AuditInput) => void;
  /** The keychain's state changed: the status bar follows. */
  changed: () => void;
}

/**
 * The profiles' API keys in the OS keychain: reading one for a request, setting and removing one
 * from Settings, and the keychain's own state for the status bar.
 */
export class StationKeys {
  private readonly options: StationKeysOptions;
  /** The keychain as last seen (null until it first answered). */
  private seen: KeychainStatus | null = null;

  constructor(options: StationKeysOptions) {
    this.options = options;
  }

  /** The keychain as last seen, for the status bar (null until it first answered). */
  get keychainState(): KeychainStatus | null {
    return this.seen;
  }

  /** Asks the keychain how it is (in the background: a keychain may take seconds to answer). */
  async refreshKeychainState(): Promise<KeychainStatus> {
    const state = await this.options.keychain.status();
    this.note(state);
    return state;
  }

  async status(profileId: string): Promise<KeyStatus> {
    const { keychain, profiles, secrets } = this.options;
    const profile = profiles.get(profileId);
    const keychainStatus = await keychain.status();
    let stored: string | null = null;
    if (keychainStatus.state === 'available') {
      try {
        stored = await keychain.get(profile.id);
        secrets.note(stored);
      } catch (error) {
        const failure = classifyKeychainError(error);
        return {
          profileId,
          set: false,
          masked: null,
          usingDemoKey: false,
          keychain: {
            state: failure.state,
            messageKey: failure.messageKey,
            detail: failure.message,
          },
        };
      }
    }
    const usingDemoKey = !stored && profile.environment === 'sandbox';
    return {
      profileId,
      set: Boolean(stored),
      masked: stored ? mask(stored) : null,
      usingDemoKey,
      keychain: keychainStatus,
    };
  }

  async set(profileId: string, key: string): Promise<void> {
    const { keychain, profiles, secrets, record } = this.options;
    profiles.get(profileId);
    // Known before it is stored: a keychain failure's own message may quote it.
    secrets.note(key.trim());
    try {
      await keychain.set(profileId, key.trim());
    } catch (error) {
      const failure = this.failed(error);
      throw failure;
    }
    void this.refreshKeychainState();
    record({
      event: 'key.set',
      profileId,
      messageKey: 'activity.key_set',
      params: { masked: mask(key.trim()) },
      message: `API key set (${mask(key.trim())}).`,
    });
  }

  async remove(profileId: string): Promise<void> {
    this.options.profiles.get(profileId);
    await this.options.keychain.delete(profileId);
    this.options.record({
      event: 'key.removed',
      profileId,
      messageKey: 'activity.key_removed',
      message: 'API key removed.',
    });
  }

  /** The profile's key for a request: the sandbox's demo key when it has none of its own. */
  async keyFor(profile: Profile): Promise<string | null> {
    let stored: string | null = null;
    try {
      stored = await this.options.keychain.get(profile.id);
      this.options.secrets.note(stored);
    } catch (error) {
      const failure = this.failed(error);
      // The sandbox never needs a secret; real environments must not run without their key.
      if (profile.environment !== 'sandbox') throw failure;
    }
    return stored ?? (profile.environment === 'sandbox' ? DEMO_KEY : null);
  }

  /** A keychain call failed: the status bar learns how, and the caller gets the typed error. */
  private failed(error: unknown): KeychainError {
    const failure = classifyKeychainError(error);
    this.note({
      state: failure.state,
      messageKey: failure.messageKey,
      detail: failure.message,
    });
    return failure;
  }

  private note(state: KeychainStatus): void {
    if (this.seen?.state === state.state && this.seen.messageKey === state.messageKey) return;
    this.seen = state;
    this.options.changed();
  }
}
