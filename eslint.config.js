import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import prettier from 'eslint-config-prettier';
import globals from 'globals';
import boundaries from 'eslint-plugin-boundaries';
import { fileURLToPath } from 'node:url';
import { importPaths } from './scripts/lint/import-paths.js';

const packbench = { rules: { 'import-paths': importPaths } };

// Failure details reach the window and the logs, so only safeDetails (which must be given a
// redaction) may make one: a cast would smuggle a raw value past it.
const noDetailsCast = {
  selector: "TSAsExpression[typeAnnotation.typeName.name='Details']",
  message: 'Details come from safeDetails(value, redact), never from a cast.',
};

// Main's own layers, bottom to top. The platform (clock, ids, file system, disk probe, keychain,
// settings files) is what the machine gives the station and imports nothing of main. Each
// feature folder may import the platform and src/shared, plus the features named here (the
// list is the whole feature graph, so it has no cycle); a folder not named here (a new feature)
// gets the platform and src/shared only. The composition (`core/`, the StationCore) sits on
// top of every feature, and the Electron glue and IPC (`src/main/*.ts`, `handlers/`) above it.
const MAIN_FEATURES = {
  budget: [],
  api: ['budget'],
  outbox: ['api'],
  print: [],
  'print-queue': ['print', 'outbox'],
  pack: ['api', 'print-queue'],
  documents: [],
  paperwork: ['print-queue'],
  startup: ['outbox', 'policy'],
  bulk: ['outbox'],
  policy: [],
  records: ['pack', 'outbox'],
  evidence: ['pack'],
};
const mainFeature = (name) => `main-${name}`;
const MAIN_FEATURE_TYPES = [...Object.keys(MAIN_FEATURES).map(mainFeature), 'main-feature'];
const MAIN_TYPES = ['main-platform', ...MAIN_FEATURE_TYPES, 'main-core', 'main-glue'];
/** The window: its features (each a folder of src/renderer/src/features), app/ and ui/, the rest. */
const RENDERER_TYPES = ['renderer-feature', 'renderer-base', 'renderer'];

// The current time comes from the injected clock: new Date(clock.now()).
const noArgDate = {
  selector: "NewExpression[callee.name='Date'][arguments.length=0]",
  message: 'Use new Date(clock.now()).',
};

export default tseslint.config(
  {
    ignores: [
      'node_modules',
      'out',
      'dist',
      'release',
      'coverage',
      'test-results',
      'src/shared/api/generated',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    // ESLint loads an import resolver with require(): that one file is CommonJS.
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
    },
  },
  {
    // No import climbs three folders: past two, the tree's alias says where it leads
    // (scripts/aliases.ts; the tests and the window know them).
    files: ['src/**/*.{ts,tsx}', 'test/**/*.{ts,tsx}', 'scripts/**/*.ts'],
    plugins: { packbench },
    rules: { 'packbench/import-paths': ['error', { maxClimb: 2 }] },
  },
  {
    // What plain Node runs (main, the sandbox, the engine, the scripts, and the test helpers a
    // bench or a child process imports) knows no aliases: relative imports only.
    files: [
      'src/{main,preload,sandbox,shared,zpl}/**/*.ts',
      'scripts/**/*.ts',
      'test/support/*.ts',
      'test/outbox/*.ts',
      'test/documents/fixtures.ts',
      'test/e2e/**/*.ts',
    ],
    ignores: ['**/*.test.ts'],
    plugins: { packbench },
    rules: { 'packbench/import-paths': ['error', { maxClimb: 2, aliases: 'forbid' }] },
  },
  {
    files: ['src/renderer/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // src/shared runs in every process: keep it free of Node, DOM and Electron.
    files: ['src/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['node:*', 'electron', 'electron/*', 'react', 'react-dom'],
              message: 'src/shared must stay pure TypeScript.',
            },
          ],
        },
      ],
    },
  },
  {
    // The ZPL engine's core runs in a Web Worker, in main and in a terminal: no Node, DOM or
    // Electron. Only its adapters in src/zpl/cli may touch the file system.
    files: ['src/zpl/**/*.ts'],
    ignores: ['src/zpl/cli/**', 'src/zpl/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['node:*', 'electron', 'electron/*', 'react', 'react-dom'],
              message: 'The ZPL engine core stays pure TypeScript; adapters live in src/zpl/cli.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/shared/details.ts'],
    rules: { 'no-restricted-syntax': ['error', noDetailsCast] },
  },
  {
    // The window's code names what it imports from where it lives (issue #28, item 6):
    // `@renderer/app/…`, `@shared/…`, `@zpl/…` (scripts/aliases.ts), never `../../../app/…`.
    // One level up stays relative: a sibling folder of the same feature.
    files: ['src/renderer/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^\\.\\./\\.\\./',
              message:
                'Climbing two folders or more: use @renderer/, @shared/, @zpl/ (or @test/ in tests).',
            },
          ],
        },
      ],
    },
  },
  {
    // Layers that only look down. Each process gets only what it may run: a renderer that
    // imported main would drag Node into the page; main reaching into the sandbox's insides
    // would make the embedded default impossible to replace.
    files: ['src/**/*.{ts,tsx}'],
    plugins: { boundaries },
    settings: {
      'boundaries/elements': [
        { type: 'shared', pattern: 'src/shared/**', partialMatch: false },
        { type: 'sandbox', pattern: 'src/sandbox/**', partialMatch: false },
        // main, layer by layer (the first pattern that matches a file names its layer)
        { type: 'main-platform', pattern: 'src/main/platform/**', partialMatch: false },
        { type: 'main-core', pattern: 'src/main/core/**', partialMatch: false },
        { type: 'main-glue', pattern: 'src/main/handlers/**', partialMatch: false },
        ...Object.keys(MAIN_FEATURES).map((name) => ({
          type: mainFeature(name),
          pattern: `src/main/${name}/**`,
          partialMatch: false,
        })),
        { type: 'main-feature', pattern: 'src/main/*/**', partialMatch: false },
        { type: 'main-glue', pattern: 'src/main/**', partialMatch: false },
        { type: 'preload', pattern: 'src/preload/**', partialMatch: false },
        // The window by feature: each feature folder is an element of its own, named by its folder.
        {
          type: 'renderer-feature',
          pattern: 'src/renderer/src/features/*/**',
          capture: ['feature'],
          partialMatch: false,
        },
        // The window's frame and shared pieces, on which every feature builds.
        { type: 'renderer-base', pattern: 'src/renderer/src/{app,ui}/**', partialMatch: false },
        { type: 'renderer', pattern: 'src/renderer/**', partialMatch: false },
        { type: 'zpl', pattern: 'src/zpl/**', partialMatch: false },
      ],
      // The window's aliases (@renderer/, @shared/, @zpl/) resolved to their folders, so the
      // layers below see where an aliased import leads.
      'import/resolver': {
        [fileURLToPath(new URL('scripts/lint/alias-resolver.cjs', import.meta.url))]: {},
      },
      // The sandbox's public entry: the only door main may use.
      'boundaries/files': [
        { category: 'sandbox-entry', pattern: 'src/sandbox/index.ts' },
        { category: 'unit-test', pattern: 'src/**/*.test.{ts,tsx}' },
      ],
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'allow',
          policies: [
            {
              // shared runs in every process: it may lean on nothing of theirs.
              from: { element: { type: 'shared' } },
              disallow: {
                to: {
                  element: {
                    types: { anyOf: ['sandbox', ...MAIN_TYPES, 'preload', ...RENDERER_TYPES] },
                  },
                },
              },
            },
            {
              // The ZPL engine is a library of its own: the renderer's worker, main's print
              // queue and the CLI all read labels through it, so it can lean on none of them.
              from: { element: { type: 'zpl' } },
              disallow: {
                to: {
                  element: {
                    types: {
                      anyOf: ['shared', 'sandbox', ...MAIN_TYPES, 'preload', ...RENDERER_TYPES],
                    },
                  },
                },
              },
            },
            {
              // The sandbox is the API as a service would run it: it knows only the contract.
              from: { element: { type: 'sandbox' } },
              disallow: {
                to: {
                  element: { types: { anyOf: [...MAIN_TYPES, 'preload', ...RENDERER_TYPES] } },
                },
              },
            },
            {
              // Main embeds the sandbox through its public entry, and never the window's code.
              from: { element: { types: { anyOf: MAIN_TYPES } } },
              disallow: {
                to: { element: { types: { anyOf: ['sandbox', 'preload', ...RENDERER_TYPES] } } },
              },
            },
            {
              // …except the sandbox's public entry (a later policy wins over an earlier one).
              from: { element: { types: { anyOf: MAIN_TYPES } } },
              allow: { to: { file: { categories: 'sandbox-entry' } } },
            },
            {
              // main's bottom layer leans on nothing of main: everything else may build on it.
              from: { element: { type: 'main-platform' } },
              disallow: {
                to: {
                  element: { types: { anyOf: MAIN_TYPES.filter((t) => t !== 'main-platform') } },
                },
              },
            },
            // A feature never reaches up into the composition or the glue, nor sideways into a
            // feature it does not list in MAIN_FEATURES.
            ...Object.entries(MAIN_FEATURES).map(([name, uses]) => ({
              from: { element: { type: mainFeature(name) } },
              disallow: {
                to: {
                  element: {
                    types: {
                      anyOf: MAIN_TYPES.filter(
                        (t) =>
                          t !== 'main-platform' &&
                          t !== mainFeature(name) &&
                          !uses.map(mainFeature).includes(t),
                      ),
                    },
                  },
                },
              },
            })),
            {
              // A new feature folder: the platform and src/shared (and itself) only.
              from: { element: { type: 'main-feature' } },
              disallow: {
                to: {
                  element: {
                    types: {
                      anyOf: MAIN_TYPES.filter(
                        (t) => t !== 'main-platform' && t !== 'main-feature',
                      ),
                    },
                  },
                },
              },
            },
            {
              // The composition builds on every feature, and is itself used only by the glue.
              from: { element: { type: 'main-core' } },
              disallow: { to: { element: { type: 'main-glue' } } },
            },
            {
              // A unit test beside main's code sets up whatever it needs: nothing imports it, so
              // it is no part of the layers' graph.
              from: {
                element: { types: { anyOf: MAIN_TYPES } },
                file: { categories: 'unit-test' },
              },
              allow: { to: { element: { types: { anyOf: MAIN_TYPES } } } },
            },
            {
              // The preload is the contract and nothing else.
              from: { element: { type: 'preload' } },
              disallow: {
                to: {
                  element: { types: { anyOf: ['sandbox', ...MAIN_TYPES, ...RENDERER_TYPES] } },
                },
              },
            },
            {
              // The window talks to main only through the preload's bridge.
              from: { element: { types: { anyOf: RENDERER_TYPES } } },
              disallow: {
                to: {
                  element: { types: { anyOf: ['sandbox', ...MAIN_TYPES, 'preload'] } },
                },
              },
            },
            {
              // A feature of the window builds on app/ and ui/ only, never on another feature:
              // what two features share moves down into app/ or ui/.
              from: { element: { type: 'renderer-feature' } },
              disallow: {
                to: {
                  element: {
                    type: 'renderer-feature',
                    captured: { feature: '!{{ from.element.captured.feature }}' },
                  },
                },
              },
              message:
                'A feature of the window imports only app/ and ui/, never another feature ({{ to.element.captured.feature }}): move what both need into app/ or ui/.',
            },
            {
              // The frame and the shared pieces know no feature: App.tsx composes them.
              from: { element: { type: 'renderer-base' } },
              disallow: { to: { element: { type: 'renderer-feature' } } },
              message:
                'app/ and ui/ know no feature of the window ({{ to.element.captured.feature }}): pass what they need in, or compose it in App.tsx.',
            },
          ],
        },
      ],
    },
  },
  {
    // No god files in main: past 500 lines of code (comments and blank lines aside), a file
    // holds more than one decision; split it by what each part decides.
    files: ['src/main/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'max-lines': ['error', { max: 500, skipBlankLines: true, skipComments: true }],
    },
  },
  {
    // Time and chance come in through the constructors (the Clock, `random`, `newId`), in all of
    // main, so tests can move time by hand and replay a run; only the adapter in
    // platform/clock.ts touches the real ones (a CLI or the glue passes its defaults on).
    files: ['src/main/**/*.ts'],
    ignores: ['src/main/platform/clock.ts', '**/*.test.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'Date', property: 'now', message: 'Use the injected clock (clock.now()).' },
        { object: 'performance', property: 'now', message: 'Use the injected clock.' },
        { object: 'Math', property: 'random', message: 'Use the injected random source.' },
        { object: 'crypto', property: 'randomUUID', message: 'Use the injected id source.' },
      ],
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'node:crypto',
              importNames: ['randomUUID', 'randomBytes', 'randomInt'],
              message: 'Ids and chance come in through the constructor (clock.ts: systemIds).',
            },
          ],
        },
      ],
      'no-restricted-globals': [
        'error',
        { name: 'setTimeout', message: 'Use the injected clock (clock.setTimeout / sleep).' },
        { name: 'setInterval', message: 'Use the injected clock.' },
      ],
      'no-restricted-syntax': ['error', noDetailsCast, noArgDate],
    },
  },
  {
    // The window's requests go through the core's public API (`core.work`, `core.api()`…),
    // never the outbox's insides: the contract must not change when the outbox does. (After the
    // side-effects block: both set no-restricted-syntax, and the later one wins.)
    // Nor two levels into it (`core.printing.queue.retry`): each part the core exposes offers
    // the handlers a method, so a part's insides can change without the handlers knowing.
    files: ['src/main/handlers.ts', 'src/main/handlers/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        noDetailsCast,
        noArgDate,
        {
          selector: "MemberExpression[object.name='core'][property.name='outbox']",
          message: 'Handlers use core.work (the outbox for the active profile), not core.outbox.',
        },
        {
          selector:
            "MemberExpression[object.type='MemberExpression'][object.object.type='MemberExpression'][object.object.object.name='core']",
          message:
            "Handlers call the core's facade (core.printing.retry), never a part of one of its parts.",
        },
      ],
    },
  },
  prettier,
);
