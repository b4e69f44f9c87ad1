import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { copyrightLineIn, copyrightOf } from './copyright.ts';
import {
  LIST_FILE,
  NOTICES_FILE,
  writeNotices,
  writePartial,
  type BundlePartial,
  type ThirdPartyList,
} from './notices.ts';
import { describePackage, packageDirOf, productionPackages } from './packages.ts';

const scratch = mkdtempSync(join(tmpdir(), 'packbench-notices-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function write(path: string, content: string | object): void {
  mkdirSync(join(path, '..'), { recursive: true });
  writeFileSync(path, typeof content === 'string' ? content : JSON.stringify(content));
}

describe('copyright line', () => {
  it('is the first copyright statement of a licence file', () => {
    const mit = `MIT License\n\nCopyright (c) 2021 Floating UI contributors\n\nPermission is hereby granted…\nThe above copyright notice and this permission notice shall be included…`;
    expect(copyrightLineIn(mit)).toBe('Copyright (c) 2021 Floating UI contributors');
    expect(copyrightLineIn('# License\n\n**Copyright © 2019 Paul Henschel**\n')).toBe(
      'Copyright © 2019 Paul Henschel',
    );
    expect(copyrightLineIn('(c) 2015 Someone')).toBe('(c) 2015 Someone');
  });

  it('is not licence prose nor the Apache appendix template', () => {
    const apache = `      (c) You must retain, in the Source form of any Derivative Works\n   copyright notice that is included in or attached to the work\n      Copyright [yyyy] [name of copyright owner]\n`;
    expect(copyrightLineIn(apache)).toBeNull();
    expect(copyrightLineIn('Copyright notice and this permission notice')).toBeNull();
    expect(copyrightLineIn('copyright holders be liable')).toBeNull();
  });

  it('falls back to the package.json author, and ignores third-party licence lists', () => {
    const dir = join(scratch, 'native');
    write(join(dir, 'LICENSE.third-party.md'), 'Copyright 2020 Some Crate Author\n');
    write(join(dir, 'LICENSE-MIT.js'), '// Copyright 2020 Not A Licence File\n');
    expect(copyrightOf(dir, { author: 'Jane Doe <jane@example.org> (https://jane.dev)' })).toEqual({
      line: 'Copyright (c) Jane Doe',
      source: 'package.json author',
    });
    expect(copyrightOf(dir, { author: { name: 'Jane Doe' } })?.line).toBe('Copyright (c) Jane Doe');
    expect(copyrightOf(dir, {})).toBeNull();
    write(join(dir, 'NOTICE'), 'Copyright 2024 From The Notice\n');
    write(join(dir, 'LICENCE.md'), 'Copyright (c) 2024 From The Licence\n');
    expect(copyrightOf(dir, {})).toEqual({
      line: 'Copyright (c) 2024 From The Licence',
      source: 'LICENCE.md',
    });
  });
});

describe('packages', () => {
  it('maps a resolved module id to its package folder', () => {
    const nm = '/app/node_modules';
    expect(packageDirOf(`${nm}/react/cjs/react.production.js`)).toBe(`${nm}/react`);
    expect(packageDirOf(`${nm}/@mantine/core/esm/index.mjs?used`)).toBe(`${nm}/@mantine/core`);
    expect(packageDirOf(`\0${nm}/a/node_modules/b/index.js?commonjs-proxy`)).toBe(
      `${nm}/a/node_modules/b`,
    );
    expect(packageDirOf('C:\\app\\node_modules\\zod\\v4\\index.js')).toBe(
      'C:/app/node_modules/zod',
    );
    expect(packageDirOf('/app/src/renderer/src/main.tsx')).toBeNull();
    expect(packageDirOf('\0vite/preload-helper.js')).toBeNull();
    expect(packageDirOf(`${nm}/.vite/deps/react.js`)).toBeNull();
  });

  it('takes app.asar’s packages from the lockfile: not dev, links followed, one per version', () => {
    const root = join(scratch, 'lock');
    write(join(root, 'package-lock.json'), {
      lockfileVersion: 3,
      packages: {
        '': { name: 'app', dependencies: { prod: '1.0.0' } },
        'node_modules/prod': { version: '1.0.0', license: 'MIT' },
        'node_modules/prod/node_modules/shared': { version: '2.0.0', license: 'ISC' },
        'node_modules/other/node_modules/shared': { version: '2.0.0', license: 'ISC' },
        'node_modules/tool': { version: '3.0.0', license: 'GPL-3.0-only', dev: true },
        'node_modules/stub': { resolved: 'stubs/stub', link: true },
        'stubs/stub': { name: 'stub', version: '0.0.0', dev: true, license: 'MIT' },
        'node_modules/@native/linux': { version: '1.0.0', license: 'MIT', optional: true },
      },
    });
    write(join(root, 'node_modules/prod/package.json'), { name: 'prod', version: '1.0.0' });
    write(join(root, 'node_modules/prod/node_modules/shared/package.json'), {
      name: 'shared',
      version: '2.0.0',
    });
    expect(
      productionPackages(root).map((p) => [p.name, p.version, p.license, p.installed]),
    ).toEqual([
      ['prod', '1.0.0', 'MIT', true],
      ['shared', '2.0.0', 'ISC', true],
      ['@native/linux', '1.0.0', 'MIT', false],
    ]);
  });
});

describe('notices', () => {
  const root = join(scratch, 'project');
  const out = join(root, 'out');
  const pkg = (name: string, version: string, license: string): void =>
    write(join(root, 'node_modules', name, 'package.json'), {
      name,
      version,
      license,
      author: `${name} author`,
    });
  write(join(root, 'package.json'), { name: 'app', productName: 'Demo' });
  write(join(root, 'package-lock.json'), {
    lockfileVersion: 3,
    packages: { '': {}, 'node_modules/server': { version: '1.0.0', license: 'MIT' } },
  });
  pkg('server', '1.0.0', 'MIT');
  pkg('ui', '2.0.0', 'ISC');
  pkg('bridge', '3.0.0', '(MIT OR Apache-2.0)');
  write(join(root, 'node_modules/ui/LICENSE'), 'ISC License\n\nCopyright (c) 2020 UI People\n');

  const partial = (target: BundlePartial['target'], name: string, file: string): BundlePartial => ({
    target,
    packages: [{ ...describePackage(join(root, 'node_modules', name)), files: [file] }],
  });
  const partials = {
    renderer: partial('renderer', 'ui', 'renderer/assets/index.js'),
    preload: partial('preload', 'bridge', 'preload/index.cjs'),
    main: partial('main', 'ui', 'main/index.js'),
  };
  const build = (order: (keyof typeof partials)[]): [string, string] => {
    rmSync(out, { recursive: true, force: true });
    for (const target of order) {
      // What each electron-vite build does: empty its folder, write its partial, regenerate.
      rmSync(join(out, target), { recursive: true, force: true });
      mkdirSync(join(out, target), { recursive: true });
      writePartial(join(out, target), partials[target]);
      writeNotices(out, root);
    }
    return [
      readFileSync(join(out, NOTICES_FILE), 'utf8'),
      readFileSync(join(out, LIST_FILE), 'utf8'),
    ];
  };

  it('are complete and identical whatever order the builds run in', () => {
    const [notices, list] = build(['main', 'preload', 'renderer']);
    expect(build(['renderer', 'main', 'preload'])).toEqual([notices, list]);
    expect(build(['preload', 'renderer', 'main'])).toEqual([notices, list]);
    expect(
      (JSON.parse(list) as ThirdPartyList).packages.map((p) => [p.name, p.where, p.files]),
    ).toEqual([
      ['bridge', ['preload'], ['preload/index.cjs']],
      ['server', ['asar'], []],
      ['ui', ['main', 'renderer'], ['main/index.js', 'renderer/assets/index.js']],
    ]);
    expect(notices).toContain(
      'ui 2.0.0\nLicense: ISC\nCopyright (c) 2020 UI People\nShips in: main process bundle, renderer bundle\n',
    );
    expect(notices).toContain(
      'bridge 3.0.0\nLicense: (MIT OR Apache-2.0)\nCopyright (c) bridge author (author named in its package.json)\nShips in: preload bundle\n',
    );
    expect(notices).toContain('server 1.0.0\nLicense: MIT\n');
    expect(notices.startsWith('Demo: third-party software notices\n')).toBe(true);
  });

  it('drop what a rebuilt target no longer contains', () => {
    build(['main', 'preload', 'renderer']);
    rmSync(join(out, 'preload'), { recursive: true });
    mkdirSync(join(out, 'preload'));
    writePartial(join(out, 'preload'), { target: 'preload', packages: [] });
    const list = writeNotices(out, root);
    expect(list.packages.map((p) => p.name)).toEqual(['server', 'ui']);
    expect(readFileSync(join(out, NOTICES_FILE), 'utf8')).not.toContain('bridge');
  });
});
