import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RENDERER_ALIASES } from '../../scripts/aliases.ts';

// The window's features stand side by side (issue #28, item 6): a feature never imports another
// feature's files; what two features share lives in app/ or ui/. Checked over every import of
// every file under src/renderer/src/features, resolved as the bundler resolves a relative path
// or the `@renderer/` alias.

const ROOT = resolve(import.meta.dirname, '../..');
const FEATURES = resolve(ROOT, 'src/renderer/src/features');

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? filesUnder(join(dir, entry.name))
      : /\.(ts|tsx)$/.test(entry.name)
        ? [join(dir, entry.name)]
        : [],
  );
}

const featureOf = (file: string): string | null => {
  const inside = relative(FEATURES, file);
  return inside.startsWith('..') ? null : (inside.split(sep)[0] ?? null);
};

/** What one file's text imports of our own, resolved: relative paths and `@renderer/…`. */
function importedFiles(file: string, source: string): string[] {
  const found: string[] = [];
  for (const match of source.matchAll(
    /\b(?:from|import)\s*\(?\s*'((?:\.{1,2}|@renderer)\/[^']+)'/g,
  )) {
    const path = match[1] ?? '';
    found.push(
      path.startsWith('@renderer/')
        ? resolve(ROOT, RENDERER_ALIASES['@renderer'], path.slice('@renderer/'.length))
        : resolve(dirname(file), path),
    );
  }
  return found;
}

/** The imports of another feature in one file's text: "file → imported path". */
function crossFeatureImports(file: string, source: string): string[] {
  const own = featureOf(file);
  return importedFiles(file, source)
    .filter((target) => featureOf(target) !== null && featureOf(target) !== own)
    .map((target) => `${relative(ROOT, file)} → ${relative(ROOT, target)}`);
}

describe("the window's features", () => {
  it('never import one another', () => {
    const files = filesUnder(FEATURES);
    expect(files.length).toBeGreaterThan(50);
    expect(files.flatMap((file) => crossFeatureImports(file, readFileSync(file, 'utf8')))).toEqual(
      [],
    );
  });

  it('the check sees a cross-feature import, static or dynamic, and passes its own', () => {
    // Text that is never written to disk, checked exactly as the files are.
    const probe = join(FEATURES, 'station', 'probe.ts');
    const source = [
      "import { x } from '../settings/settings-store.ts';",
      "const y = await import('../../features/labels/labels-store.ts');",
      "import { w } from '@renderer/features/outbox/outbox-store.ts';",
      "import { v } from '@renderer/features/station/station-store.ts';",
      "import { z } from './station-store.ts';",
    ].join('\n');
    expect(crossFeatureImports(probe, source)).toEqual([
      'src/renderer/src/features/station/probe.ts → src/renderer/src/features/settings/settings-store.ts',
      'src/renderer/src/features/station/probe.ts → src/renderer/src/features/labels/labels-store.ts',
      'src/renderer/src/features/station/probe.ts → src/renderer/src/features/outbox/outbox-store.ts',
    ]);
  });

  it('are not imported by app/ or ui/: the frame and the shared pieces know no feature', () => {
    const shared = ['app', 'ui'].flatMap((folder) =>
      filesUnder(resolve(ROOT, 'src/renderer/src', folder)),
    );
    expect(shared.length).toBeGreaterThan(20);
    expect(
      shared.flatMap((file) =>
        importedFiles(file, readFileSync(file, 'utf8'))
          .filter((target) => featureOf(target) !== null)
          .map((target) => `${relative(ROOT, file)} → ${relative(ROOT, target)}`),
      ),
    ).toEqual([]);
  });
});
