/**
 * What the station's updater says to the window (issue #31): the status bar shows `ready`, and a
 * refusal's sentence comes from the `updates` section of the catalogues.
 */
export type UpdateRefusal =
  | 'tampered'
  | 'size'
  | 'stalled'
  | 'unreachable'
  | 'failed'
  /** Issue #43, with release keys set: the manifest has no signature beside it… */
  | 'unsigned'
  /** …its signature file is not a signature (truncated, garbled)… */
  | 'malformed'
  /** …or no trusted key verifies it (changed after signing, or signed by another key). */
  | 'mismatch';

export type UpdateStatus =
  /** The policy turns updates off, or names no update folder. */
  | { state: 'off' }
  | { state: 'idle' }
  | { state: 'checking' }
  /** Nothing newer for this station (or this station is outside a staged rollout). */
  | { state: 'current'; latest: string | null }
  | { state: 'downloading'; version: string }
  /** Downloaded and checked (sha512 and size): it installs at the next quit, or in `hours`. */
  | { state: 'ready'; version: string; hours: { from: string; to: string } | null }
  | {
      state: 'refused';
      version: string | null;
      reason: UpdateRefusal;
      /** The sentence's key in the catalogues (updates.refused.*) and its values. */
      sentence: {
        key: `updates.refused.${UpdateRefusal}`;
        values: Record<string, string | number>;
      };
    };
