import type { UpdateSettings } from './rules.ts';

/** What Vite puts in place of `import.meta.env` when it builds main (nothing under plain Node). */
type BuildEnv = { env?: { MAIN_VITE_RELEASE_PUBLIC_KEY?: string } };

/**
 * The release key an app may carry from its build (issue #43): `MAIN_VITE_RELEASE_PUBLIC_KEY`
 * set when `npm run dist` runs (the PEM or its base64 line), so a station checks signatures even
 * under a policy that names no key. electron-vite exposes `MAIN_VITE_*` variables to main at
 * build time only; the CLIs and the tests run the source in plain Node, where there is none.
 */
export function builtInReleaseKey(): UpdateSettings['publicKeys'][number] | null {
  const key = (import.meta as ImportMeta & BuildEnv).env?.MAIN_VITE_RELEASE_PUBLIC_KEY?.trim();
  return key ? key : null;
}
