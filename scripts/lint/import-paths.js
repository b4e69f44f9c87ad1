// packbench/import-paths: where an import may point, and how (issue #38, item 7).
// - `maxClimb`: a relative import may climb at most this many folders; past it, the tree's alias
//   says where it leads (`../../../test/support/until.ts` is `@test/support/until.ts`).
// - `aliases: 'forbid'`: plain Node runs this file and knows no aliases, so none may be used.
// The aliases are the tests' (scripts/aliases.ts, mirrored in alias-resolver.cjs).
import { createRequire } from 'node:module';
import { dirname, relative, resolve, sep } from 'node:path';

const require = createRequire(import.meta.url);
const { ALIASES } = require('./alias-resolver.cjs');
const ROOT = resolve(import.meta.dirname, '../..');

/** The alias whose folder holds `target` (the deepest one), as `@alias/rest`, or null. */
function aliasFor(target) {
  const inside = relative(ROOT, target).split(sep).join('/');
  const [alias, folder] =
    Object.entries(ALIASES)
      .filter(([, folder]) => inside === folder || inside.startsWith(`${folder}/`))
      .sort((a, b) => b[1].length - a[1].length)[0] ?? [];
  return alias ? `${alias}${inside.slice(folder.length)}` : null;
}

const climbs = (source) => /^(\.\.\/)+/.exec(source)?.[0].length / 3 || 0;

export const importPaths = {
  meta: {
    type: 'problem',
    schema: [
      {
        type: 'object',
        properties: {
          maxClimb: { type: 'integer', minimum: 1 },
          aliases: { enum: ['allow', 'forbid'] },
        },
        additionalProperties: false,
      },
    ],
    messages: {
      climb:
        'This import climbs {{count}} folders: write it as {{alias}} (the aliases are in scripts/aliases.ts).',
      alias:
        'Plain Node runs this file and knows no aliases: import {{source}} by its relative path.',
    },
  },
  create(context) {
    const { maxClimb = Infinity, aliases = 'allow' } = context.options[0] ?? {};
    const check = (node) => {
      const source = node?.value;
      if (typeof source !== 'string') return;
      const head = source.split('/')[0];
      if (aliases === 'forbid' && head in ALIASES) {
        context.report({ node, messageId: 'alias', data: { source } });
        return;
      }
      const count = climbs(source);
      if (count > maxClimb) {
        const alias = aliasFor(resolve(dirname(context.filename), source));
        context.report({
          node,
          messageId: 'climb',
          data: { count: String(count), alias: alias ?? 'an alias' },
        });
      }
    };
    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
    };
  },
};
