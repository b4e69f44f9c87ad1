import { createStationCore, type StationCore } from '../../src/main/core/station-core.ts';
import type { IpcEventLike } from '../../src/main/ipc-manager.ts';
import { readPolicy } from '../../src/main/policy/read-policy.ts';
import { memoryKeychain, tempDir } from '../outbox/helpers.ts';
import { invoker, registerTestHandlers } from '../support/test-handlers.ts';

/** Where the policy tests say IT's file is (the Linux path). */
export const POLICY_FILE = '/etc/packbench/policy.json';

export interface PolicyStation {
  core: StationCore;
  /** A handler's Result, as the window gets it. */
  call: ReturnType<typeof invoker>['result'];
  close: () => Promise<void>;
}

/**
 * A real station core under `policy` (read as IT's file would be, so a broken one fails the
 * test at once) behind the real IPC handlers: what the policy tests call.
 */
export async function policyStation(policy: unknown): Promise<PolicyStation> {
  const read = readPolicy(JSON.stringify(policy));
  if (!read.ok) throw new Error(JSON.stringify(read.errors));
  const dir = tempDir('packbench-policy-');
  const core = await createStationCore({
    dataDir: dir.path,
    keychain: memoryKeychain(),
    health: { intervalMs: 60_000 },
    policy: { file: POLICY_FILE, policy: read.policy },
  });
  const registered = new Map<string, (event: IpcEventLike, ...args: unknown[]) => unknown>();
  registerTestHandlers({ core, registered, isTrustedSender: () => true });
  return {
    core,
    call: (name, input) => invoker(registered).result(name, input),
    close: async () => {
      await core.close();
      dir.remove();
    },
  };
}
