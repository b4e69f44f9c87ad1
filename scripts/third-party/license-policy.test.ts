import { describe, expect, it } from 'vitest';
import { declaredLicense, isPermissive, licenseViolations } from './license-policy.ts';

describe('licence policy', () => {
  it('accepts each permissive licence, whatever the case', () => {
    for (const id of [
      'MIT',
      'ISC',
      'BSD-2-Clause',
      'BSD-3-Clause',
      'Apache-2.0',
      '0BSD',
      'BlueOak-1.0.0',
      'CC0-1.0',
      'Unlicense',
      'Python-2.0',
      'Zlib',
      'mit',
    ])
      expect(isPermissive(id), id).toBe(true);
  });

  it('refuses copyleft, proprietary, missing and unreadable licences', () => {
    for (const expression of [
      'GPL-3.0-only',
      'LGPL-2.1-or-later',
      'MPL-2.0',
      'AGPL-3.0',
      'CC-BY-NC-4.0',
      'UNLICENSED',
      'SEE LICENSE IN LICENSE.txt',
      'LicenseRef-Proprietary',
      '(MIT',
      'MIT OR',
      'AND MIT',
      '',
      null,
    ])
      expect(isPermissive(expression), String(expression)).toBe(false);
  });

  it('takes the permissive choice of an OR', () => {
    expect(isPermissive('(MIT OR Apache-2.0)')).toBe(true);
    expect(isPermissive('(GPL-3.0-only OR MIT)')).toBe(true);
    expect(isPermissive('(GPL-3.0-only OR LGPL-2.1-only)')).toBe(false);
    expect(isPermissive('Unlicense or MIT')).toBe(true);
  });

  it('needs every part of an AND to be permissive', () => {
    expect(isPermissive('MIT AND Zlib')).toBe(true);
    expect(isPermissive('(MIT AND BSD-3-Clause AND ISC)')).toBe(true);
    expect(isPermissive('MIT AND GPL-3.0-only')).toBe(false);
    expect(isPermissive('(MIT OR Apache-2.0) AND Unicode-3.0')).toBe(false);
  });

  it('binds AND tighter than OR, and follows parentheses', () => {
    expect(isPermissive('MIT OR GPL-3.0-only AND LGPL-2.1-only')).toBe(true);
    expect(isPermissive('GPL-3.0-only AND LGPL-2.1-only OR MIT')).toBe(true);
    expect(isPermissive('(MIT OR GPL-3.0-only) AND LGPL-2.1-only')).toBe(false);
    expect(isPermissive('((MIT))')).toBe(true);
  });

  it('judges `X WITH exception` and `X+` by X', () => {
    expect(isPermissive('Apache-2.0 WITH LLVM-exception')).toBe(true);
    expect(isPermissive('GPL-2.0-only WITH Classpath-exception-2.0')).toBe(false);
    expect(isPermissive('Apache-2.0+')).toBe(true);
    expect(isPermissive('Apache-2.0 WITH')).toBe(false);
  });

  it('reads the deprecated `license: { type }` and `licenses: [...]` forms', () => {
    expect(declaredLicense({ license: 'MIT' })).toBe('MIT');
    expect(declaredLicense({ license: { type: 'ISC', url: 'x' } })).toBe('ISC');
    expect(declaredLicense({ licenses: [{ type: 'MIT' }, { type: 'GPL-2.0' }] })).toBe(
      '(MIT OR GPL-2.0)',
    );
    expect(declaredLicense({ licenses: [{ type: 'GPL-2.0' }] })).toBe('GPL-2.0');
    expect(declaredLicense({})).toBeNull();
    expect(
      isPermissive(declaredLicense({ licenses: [{ type: 'MIT' }, { type: 'GPL-2.0' }] })),
    ).toBe(true);
    expect(isPermissive(declaredLicense({ licenses: [{ type: 'GPL-2.0' }] }))).toBe(false);
  });

  it('names each package that may not ship, with its licence and where it ships', () => {
    expect(
      licenseViolations([
        { name: 'left-pad', version: '1.3.0', license: 'WTFPL OR MIT', where: ['asar'] },
        { name: 'copyleft-widget', version: '2.0.0', license: 'GPL-3.0-only', where: ['renderer'] },
        { name: 'mystery', version: '0.1.0', license: null },
      ]),
    ).toEqual([
      'copyleft-widget@2.0.0: GPL-3.0-only (ships in renderer)',
      'mystery@0.1.0: no licence declared',
    ]);
  });
});
