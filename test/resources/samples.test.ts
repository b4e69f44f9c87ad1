import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { splitZplLabels } from '../../src/shared/zpl/structure.ts';
import { loadFontsFromPackages } from '../../src/zpl/cli/fonts.ts';
import { ZplEngine } from '../../src/zpl/engine.ts';

const dir = join(import.meta.dirname, '../../resources/samples');
const engine = new ZplEngine(loadFontsFromPackages());

describe('sample labels in resources/samples', () => {
  it.each(readdirSync(dir).filter((f) => f.endsWith('.zpl')))(
    '%s is well-formed and the engine reads it without a remark on its stock',
    (file) => {
      const text = readFileSync(join(dir, file), 'utf8');
      const { labels, problems } = splitZplLabels(text);
      expect(problems).toEqual([]);
      expect(labels.length).toBe(file.startsWith('twenty') ? 20 : 1);
      const dpmm = file.includes('300dpi') ? 12 : 8;
      const linted = engine.lint(text, { widthMm: 101.6, heightMm: 152.4, dpmm });
      expect(linted.labels).toBe(labels.length);
      expect(linted.warnings).toEqual([]);
    },
  );
});
