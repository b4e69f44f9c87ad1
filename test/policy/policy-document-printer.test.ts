import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStationCore, type StationCore } from '../../src/main/core/station-core.ts';
import type { IpcEventLike } from '../../src/main/ipc-manager.ts';
import { readPolicy } from '../../src/main/policy/read-policy.ts';
import { memoryKeychain, tempDir } from '../outbox/helpers.ts';
import { invoker, registerTestHandlers } from '../support/test-handlers.ts';

// A locked document printer through the real IPC handlers of a real core (issue #31): IT's
// queue and paper are in effect, and a change from the window is refused with the policy's
// error; the test page may still be sent to it.

const dir = tempDir('packbench-policy-documents-');
const FILE = '/etc/packbench/policy.json';
let core: StationCore;
const registered = new Map<string, (event: IpcEventLike, ...args: unknown[]) => unknown>();
const call: ReturnType<typeof invoker>['result'] = (name, input) =>
  invoker(registered).result(name, input);

beforeAll(async () => {
  const read = readPolicy(
    JSON.stringify({ documentPrinter: { target: 'cups:Office', paper: 'letter', locked: true } }),
  );
  if (!read.ok) throw new Error(JSON.stringify(read.errors));
  core = await createStationCore({
    dataDir: dir.path,
    keychain: memoryKeychain(),
    health: { intervalMs: 60_000 },
    policy: { file: FILE, policy: read.policy },
  });
  registerTestHandlers({ core, registered, isTrustedSender: () => true });
});
afterAll(async () => {
  await core.close();
  dir.remove();
});

describe('a locked document printer', () => {
  it("is IT's queue and paper, and another from the window is refused", async () => {
    const view = await call('getDocumentPrinter', undefined);
    if (!view.ok) throw new Error(view.error.message);
    expect(view.value.settings).toEqual({ target: 'cups:Office', paper: 'letter' });
    const refusals = await Promise.all([
      call('saveDocumentPrinter', { target: 'cups:Office', paper: 'a4' }),
      call('saveDocumentPrinter', { target: 'cups:Elsewhere', paper: 'letter' }),
    ]);
    expect(refusals.map((r) => (r.ok ? 'saved' : r.error.code))).toEqual([
      'policy.locked',
      'policy.locked',
    ]);
    const refused = refusals[0];
    expect(refused?.ok ? null : refused?.error.message).toContain(FILE);
    expect(core.printing.documentPrinter.get()).toEqual({ target: 'cups:Office', paper: 'letter' });
  });
});
