import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Keychain } from '../../src/main/platform/keychain.ts';
import {
  createStationCore,
  type StationCore,
  type StationCoreOptions,
} from '../../src/main/core/station-core.ts';
import type { RunningSandbox } from '../../src/sandbox/index.ts';

/** A keychain in memory, for tests that are not about the keychain. */
export function memoryKeychain(): Keychain {
  const keys = new Map<string, string>();
  return {
    get: async (account) => keys.get(account) ?? null,
    set: async (account, secret) => void keys.set(account, secret),
    delete: async (account) => keys.delete(account),
    status: async () => ({
      state: 'available',
      messageKey: 'keychain.available',
      detail: 'memory',
    }),
  };
}

export function tempDir(prefix = 'packbench-outbox-'): { path: string; remove: () => void } {
  const path = mkdtempSync(join(tmpdir(), prefix));
  return { path, remove: () => rmSync(path, { recursive: true, force: true }) };
}

/** Creates a test profile for `url` with `key` and makes it the active one. */
export async function useTestProfile(
  core: StationCore,
  url: string,
  key = 'sbx-demo-acme',
  name = `Test ${randomUUID().slice(0, 6)}`,
) {
  const profile = await core.profiles.create({ name, environment: 'test', baseUrl: url });
  await core.setKey(profile.id, key);
  await core.switchProfile(profile.id);
  return profile;
}

/** A station whose active profile is a test profile pointing at `sandbox`, with the Acme key. */
export async function stationFor(
  sandbox: RunningSandbox | string,
  dataDir: string,
  options: Partial<StationCoreOptions> = {},
): Promise<StationCore> {
  const core = await createStationCore({
    dataDir,
    keychain: memoryKeychain(),
    health: { intervalMs: 60_000, retryMs: 200 },
    outbox: { backoffBaseMs: 100, backoffCapMs: 1_000 },
    ...options,
  });
  await useTestProfile(core, typeof sandbox === 'string' ? sandbox : sandbox.url);
  return core;
}

export const pdfBytes = (n: number) =>
  new TextEncoder().encode(`%PDF-1.4\n% invoice ${n}\n%%EOF\n`);
