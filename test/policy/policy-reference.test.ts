import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { policyReference } from '../../src/main/policy/reference.ts';

// docs/policy.md's reference is what the station checks with: made from the schema, never
// written by hand (prettier may align its columns; the cells must be the same).
const cells = (table: string) =>
  table
    .split('\n')
    .filter((line) => line.startsWith('|') && !/^\|[\s-|]+\|$/.test(line))
    .map((line) =>
      line
        .slice(1, -1)
        .split(/(?<!\\)\|/)
        .map((cell) => cell.trim()),
    );

describe("the policy's reference in docs/policy.md", () => {
  it('is the table the schema makes', () => {
    const doc = readFileSync(join(import.meta.dirname, '../../docs/policy.md'), 'utf8');
    const block = /<!-- policy-reference:start -->([\s\S]*)<!-- policy-reference:end -->/.exec(
      doc,
    )?.[1];
    expect(block, 'docs/policy.md has no reference block').toBeDefined();
    expect(cells(block ?? '')).toEqual(cells(policyReference()));
    // Every section the schema knows is in it.
    expect(cells(policyReference()).length).toBeGreaterThan(40);
  });
});
