import { readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { AppInfo } from '../../shared/ipc/channels.ts';
import { COORDINATION_PASSWORD_ACCOUNT } from '../../shared/coordination.ts';
import type { Redact } from '../../shared/details.ts';
import { createRedactor } from '../api/redact.ts';
import type { StationCore } from '../core/station-core.ts';
import { buildBundle, type Bundle } from '../support/bundle.ts';
import type { HandlerContext, HandlersOf } from './context.ts';

/** Help → Save support bundle: the bundle of this station, redacted by its known secrets. */
export function supportHandlers(
  { core, asResult }: HandlerContext,
  appInfo: () => AppInfo,
): HandlersOf<'previewSupportBundle' | 'saveSupportBundle'> {
  const make = async (): Promise<Bundle & { now: number }> => {
    const now = core.log.now();
    const redact = await everySecret(core);
    const file = core.policy.file;
    const text = file ? readText(file) : null;
    const info = appInfo();
    return {
      now,
      ...buildBundle({
        dataDir: dirname(core.log.dir),
        redact,
        now,
        versions: {
          packbench: info.version,
          ...info.versions,
          platform: info.platform,
          madeBy: 'Help → Save support bundle',
        },
        policy: file ? { file, text, inEffect: core.policy } : null,
        health: core.status().health,
      }),
    };
  };
  const view = (bundle: Bundle) => ({
    entries: bundle.entries,
    bytes: bundle.zip.length,
    capBytes: bundle.capBytes,
    trimmedLogLines: bundle.trimmedLogLines,
  });
  return {
    previewSupportBundle: () => asResult(async () => view(await make())),
    saveSupportBundle: () =>
      asResult(async () => {
        const bundle = await make();
        const stamp = new Date(bundle.now).toISOString().replace(/[:.]/g, '-');
        return { ...view(bundle), fileName: `packbench-support-${stamp}.zip`, zip: bundle.zip };
      }),
  };
}

function readText(file: string): string | null {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return null;
  }
}

/**
 * The station's known secrets (every key held since start, the Redis password once read), and
 * what the keychain holds now for each profile and for Redis: a profile not used since the
 * start still has its key kept out.
 */
async function everySecret(core: StationCore): Promise<Redact> {
  const accounts = [...core.profiles.list().map((p) => p.id), COORDINATION_PASSWORD_ACCOUNT];
  const held = await Promise.all(accounts.map((a) => core.keychain.get(a).catch(() => null)));
  const kept = createRedactor(held);
  return (text) => kept.text(core.redact(text));
}
