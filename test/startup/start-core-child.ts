// Starts a station core on the data directory given as argv[2] and prints one JSON line: started,
// or the diagnosed failure. It never calls process.exit: the parent checks that it ends by
// itself, i.e. that a failed start leaves nothing running.
import { createStationCore } from '../../src/main/core/station-core.ts';
import { NativeKeychain } from '../../src/main/platform/keychain.ts';
import { diagnoseStartupFailure } from '../../src/main/startup/startup-failure.ts';
import { memoryKeychain } from '../outbox/helpers.ts';

const dataDir = process.argv[2] ?? '';
const keychain =
  process.argv[3] === 'native' ? new NativeKeychain({ timeoutMs: 2_000 }) : memoryKeychain();
try {
  const core = await createStationCore({ dataDir, keychain });
  const status = core.status();
  const keyStatus = await core.keyStatus();
  const keychainState = (await core.refreshKeychainState()).state;
  let setKey: unknown = null;
  try {
    await core.setKey(core.profiles.active().id, 'pb-live-0000-1111');
  } catch (error) {
    setKey = { name: (error as Error).name, state: (error as { state?: string }).state };
  }
  console.log(
    JSON.stringify({
      started: true,
      environment: status.profile.environment,
      keychain: keychainState,
      statusKeychain: core.status().keychain?.state ?? null,
      keyStatus: keyStatus.keychain.state,
      setKey,
    }),
  );
  await core.close();
} catch (error) {
  console.log(JSON.stringify({ started: false, failure: diagnoseStartupFailure(error, dataDir) }));
}
