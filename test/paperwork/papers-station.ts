import { createStationCore, type StationCore } from '../../src/main/core/station-core.ts';
import { loadFontsFromPackages } from '../../src/main/documents/package-fonts.ts';
import type { IpcEventLike } from '../../src/main/ipc-manager.ts';
import { memoryKeychain } from '../outbox/helpers.ts';
import { invoker, registerTestHandlers } from '../support/test-handlers.ts';

/** A handler's value, a refusal thrown as "name: code message". */
export type Call = ReturnType<typeof invoker>['unwrap'];

/**
 * A real station core on its embedded sandbox, printing through the CUPS server `cupsEnv` names,
 * with its IPC handlers registered as the window calls them: the papers tests' station. Started
 * again on the same folder, it is the station after a restart.
 */
export async function startPapersStation(
  dataDir: string,
  cupsEnv: NodeJS.ProcessEnv,
): Promise<{ core: StationCore; call: Call }> {
  const core = await createStationCore({
    dataDir,
    keychain: memoryKeychain(),
    health: { intervalMs: 60_000 },
    printing: { env: cupsEnv },
    documentFonts: loadFontsFromPackages,
  });
  const registered = new Map<string, (event: IpcEventLike, ...args: unknown[]) => unknown>();
  registerTestHandlers({ core, registered, isTrustedSender: () => true });
  return { core, call: (name, input) => invoker(registered).unwrap(name, input) };
}
