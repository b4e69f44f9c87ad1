// ESLint's import resolver for the window's aliases (scripts/aliases.ts): the layering rules
// (eslint-plugin-boundaries) must see where `@shared/…` leads, or an aliased import would pass
// unchecked. The alias is swapped for its folder; Node's resolver does the rest.
'use strict';
const path = require('node:path');
const node = require('eslint-import-resolver-node');

const ROOT = path.resolve(__dirname, '../..');
// Kept equal to scripts/aliases.ts's TEST_ALIASES by test/lint/aliases.test.ts (this file is
// CommonJS).
const ALIASES = {
  '@renderer': 'src/renderer/src',
  '@shared': 'src/shared',
  '@zpl': 'src/zpl',
  '@test': 'test',
  // The tests' aliases for the other trees (TEST_ALIASES).
  '@main': 'src/main',
  '@sandbox': 'src/sandbox',
  '@scripts': 'scripts',
};

exports.interfaceVersion = 2;
exports.ALIASES = ALIASES;

exports.resolve = (source, file, config) => {
  const [head, ...rest] = source.split('/');
  const folder = head !== undefined ? ALIASES[head] : undefined;
  const target = folder ? path.join(ROOT, folder, ...rest) : source;
  return node.resolve(target.split('?')[0], file, config);
};
