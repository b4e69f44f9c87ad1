import { FleetRecords, type FleetRecordsOptions } from '../records/fleet-records.ts';
import type { Outbox } from '../outbox/outbox.ts';
import { nodeFs } from '../platform/station-fs.ts';
import type { ProfileStore } from './profile-store.ts';
import type { StationCoreOptions } from './station-options.ts';

/** Settings → Records (issue #40) as the core builds it: the station's folder, keychain and clock. */
export function createFleetRecords(
  options: StationCoreOptions,
  wiring: Pick<FleetRecordsOptions, 'clock' | 'journalDb' | 'noteSecret' | 'imposed' | 'changed'>,
): FleetRecords {
  return new FleetRecords({
    ...wiring,
    dataDir: options.dataDir,
    fs: options.fs ?? nodeFs,
    now: () => new Date(wiring.clock.now()),
    keychain: options.keychain,
    ...options.records,
  });
}

/**
 * Jobs whose profile no longer exists (a damaged profiles file was reset, or a profile was
 * removed by a build that did not orphan its jobs) are shown as "profile removed", and a reset
 * profiles file is announced with where its copy is.
 */
export function adoptStrandedJobs(outbox: Outbox, profiles: ProfileStore): void {
  const known = new Set(profiles.list().map((p) => p.id));
  let orphaned = 0;
  for (const profileId of outbox.store.profileIds())
    if (!known.has(profileId)) orphaned += outbox.removeProfile(profileId).length;
  if (profiles.recoveredFrom)
    outbox.notices.post({
      kind: 'profiles_reset',
      details: { damagedCopy: profiles.recoveredFrom, orphaned },
    });
}
