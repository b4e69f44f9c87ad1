import { createHash } from 'node:crypto';

/** Redis key prefix for a company on an environment: a hash, with a cluster hash tag around it. */
export function budgetKeyPrefix(environment: string, companyKey: string): string {
  const hash = createHash('sha256').update(`${environment}\n${companyKey}`).digest('hex');
  return `packbench:budget:{${hash.slice(0, 32)}}:`;
}

/** Every Redis key the shared budget uses for one company (scripts.ts says what each holds). */
export interface SharedKeys {
  window: string;
  pause: string;
  iwait: string;
  bwait: string;
  stations: string;
  boot: string;
  settle: string;
  /** This station's own background grants. */
  mine: string;
  ceiling: string;
  pace: string;
  turns: string;
  turnSeq: string;
  /** The stations a promoted replica waits for before granting (issue #42). */
  followers: string;
}

export function sharedKeys(prefix: string, stationId: string): SharedKeys {
  return {
    window: `${prefix}window`,
    pause: `${prefix}pause`,
    iwait: `${prefix}wait:interactive`,
    bwait: `${prefix}wait:background`,
    stations: `${prefix}stations`,
    boot: `${prefix}boot`,
    settle: `${prefix}settle`,
    mine: `${prefix}station:${stationId}`,
    ceiling: `${prefix}ceiling`,
    pace: `${prefix}pace`,
    turns: `${prefix}turns`,
    turnSeq: `${prefix}turns:seq`,
    followers: `${prefix}followers`,
  };
}
