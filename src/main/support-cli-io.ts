// The support-bundle command's side effects (issue #31): the system's clock, the caller's
// folder, the machine's policy, the keychain's secrets and the API client's redaction, handed
// to src/main/support/cli.ts, which may not import them itself.
import { readFileSync } from 'node:fs';
import { arch, platform } from 'node:process';
import { COORDINATION_PASSWORD_ACCOUNT } from '../shared/coordination.ts';
import { createRedactor } from './api/redact.ts';
import { systemClock } from './platform/clock.ts';
import { NativeKeychain } from './platform/keychain.ts';
import { loadPolicy, policyPath } from './policy/policy-file.ts';
import { policyView } from './policy/imposed.ts';
import { messageOf } from './platform/guards.ts';
import type { SupportCliIo } from './support/cli.ts';

export function supportCliIo(io: {
  out: (line: string) => void;
  err: (line: string) => void;
}): SupportCliIo {
  return {
    ...io,
    cwd: process.env.INIT_CWD ?? process.cwd(),
    now: () => systemClock.now(),
    tempSuffix: String(process.pid),
    versions: {
      packbench: packageVersion(),
      node: process.versions.node,
      electron: process.versions.electron ?? null,
      platform,
      arch,
      madeBy: 'npm run station -- support-bundle',
    },
    policy: () => {
      const file = policyPath();
      let text: string | null = null;
      try {
        text = readFileSync(file, 'utf8');
      } catch {
        return null;
      }
      try {
        return { file, text, inEffect: policyView(loadPolicy(file, () => text ?? '')) };
      } catch (error) {
        return { file, text, inEffect: { invalid: messageOf(error) } };
      }
    },
    secrets: async (accounts) => {
      // Over SSH there may be no keyring to ask: then only what the logs already masked is out.
      const keychain = new NativeKeychain({ timeoutMs: 3_000 });
      const found = await Promise.all(
        [...accounts, COORDINATION_PASSWORD_ACCOUNT].map((account) =>
          keychain.get(account).catch(() => null),
        ),
      );
      return found.filter((secret): secret is string => typeof secret === 'string');
    },
    redactor: (secrets) => {
      const redactor = createRedactor(secrets);
      return (text) => redactor.text(text);
    },
  };
}

function packageVersion(): string | null {
  try {
    const url = new URL('../../package.json', import.meta.url);
    return (JSON.parse(readFileSync(url, 'utf8')) as { version?: string }).version ?? null;
  } catch {
    return null;
  }
}
