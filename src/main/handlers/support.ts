import { readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { AppInfo } from '../../shared/ipc/channels.ts';
import { buildBundle, type Bundle } from '../support/bundle.ts';
import type { HandlerContext, HandlersOf } from './context.ts';

/** Help → Save support bundle: the bundle of this station, redacted by its known secrets. */
export function supportHandlers(
  { core, asResult }: HandlerContext,
  appInfo: () => AppInfo,
): HandlersOf<'previewSupportBundle' | 'saveSupportBundle'> {
  const make = (): Bundle & { now: number } => {
    const now = core.log.now();
    const file = core.policy.file;
    const text = file ? readText(file) : null;
    const info = appInfo();
    return {
      now,
      ...buildBundle({
        dataDir: dirname(core.log.dir),
        redact: core.redact,
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
    previewSupportBundle: () => asResult(() => view(make())),
    saveSupportBundle: () =>
      asResult(() => {
        const bundle = make();
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
