import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterAll, describe, expect, it } from 'vitest';
import { policyJsonSchema } from '../../src/main/policy/cli.ts';
import { loadPolicy, PolicyError, policyPath } from '../../src/main/policy/policy-file.ts';
import { readPolicy } from '../../src/main/policy/read-policy.ts';
import {
  diagnoseStartupFailure,
  startupFailureMessage,
} from '../../src/main/startup/startup-failure.ts';
import { tempDir } from '../outbox/helpers.ts';

// The machine policy as IT meets it (issue #31): every rule a file breaks with its JSON pointer,
// line and column; the JSON Schema for editors (judged by ajv, not by zod); `policy check` as a
// separate process; and the dialog a broken policy stops the start with, in three languages.

const ROOT = join(import.meta.dirname, '../..');
const dir = tempDir('packbench-policy-');
afterAll(() => dir.remove());

const GOOD = {
  profiles: {
    list: [
      { name: 'Produção', environment: 'production', baseUrl: 'https://api.example.com' },
      { name: 'Sandbox', environment: 'sandbox' },
    ],
    active: 'Produção',
    locked: true,
  },
  labelPrinter: { target: 'tcp://10.0.0.5:9100', dpmm: 8, locked: true },
  documentPrinter: { target: 'cups:Office', paper: 'a4' },
  coordination: { url: 'rediss://redis.warehouse.lan:6380', locked: true },
  language: { value: 'pt-BR', locked: true },
  sound: { muted: false },
  expiryWarningDays: { value: 45, locked: true },
  packing: { printLabel: true, printSlip: true, locked: true },
  updates: {
    enabled: true,
    url: 'https://updates.lan/packbench/',
    hours: { from: '22:00', to: '05:00' },
  },
};

const BROKEN = `{
  "labelPrinter": { "target": "tcp://10.0.0.5", "dpmm": 7, "lockd": true },
  "language": { "value": "fr" },
  "profiles": { "list": [{ "name": "Prod", "environment": "production" }] }
}`;

function write(name: string, text: string): string {
  const file = join(dir.path, name);
  writeFileSync(file, text);
  return file;
}

describe('reading a policy', () => {
  it('takes a policy that sets and locks every section', () => {
    const read = readPolicy(JSON.stringify(GOOD, null, 2));
    expect(read.ok).toBe(true);
  });

  it('names every broken rule with its pointer, line and column', () => {
    const read = readPolicy(BROKEN);
    if (read.ok) throw new Error('a broken policy was taken');
    expect(read.errors.map((e) => [e.path, e.line, e.column])).toEqual([
      ['/labelPrinter/dpmm', 2, 57],
      ['/labelPrinter/lockd', 2, 60],
      ['/language/value', 3, 26],
      ['/profiles/list/0/baseUrl', 4, 26],
    ]);
    expect(read.errors[1]?.message).toBe('"lockd" is not a setting a policy may hold');
    expect(read.errors[3]?.message).toBe('test and production profiles need a baseUrl');
  });

  it("says zod's general rules as plain sentences, and keeps the schema's own", () => {
    const said = (policy: unknown) => {
      const read = readPolicy(JSON.stringify(policy));
      return read.ok ? [] : read.errors.map((e) => `${e.path} ${e.message}`);
    };
    expect(said({ labelPrinter: { dpmm: 8 } })).toEqual([
      '/labelPrinter/target is missing: it must be text',
    ]);
    expect(said({ sound: { muted: 'yes' } })).toEqual(['/sound/muted must be true or false']);
    expect(said({ expiryWarningDays: { value: 1.5 } })).toEqual([
      '/expiryWarningDays/value must be a whole number',
    ]);
    expect(said({ expiryWarningDays: { value: 99999 } })).toEqual([
      '/expiryWarningDays/value must be at most 3650',
    ]);
    expect(said({ profiles: { list: [{ name: '', environment: 'prod' }] } })).toEqual([
      '/profiles/list/0/name must not be empty',
      '/profiles/list/0/environment must be one of "sandbox", "test", "production"',
    ]);
    expect(said({ updates: { enabled: true, url: 'ftp://x', channel: 'Beta!' } })).toEqual([
      '/updates/url is not an http:// or https:// address',
      '/updates/channel is 1 to 32 lowercase letters, digits or dashes (e.g. beta)',
    ]);
    expect(said({ documentPrinter: { target: 'tcp://10.0.0.5:9100' } })).toEqual([
      '/documentPrinter/target is a label printer address: a document printer is cups:QUEUE or windows:PRINTER',
    ]);
    expect(said({ language: { value: 'fr' } })).toEqual(['/language/value is en, pt-BR or es']);
    expect(said([])).toEqual([' must be an object ({…})']);
  });

  it('places a syntax error where the parser stopped, and reads past a BOM', () => {
    const read = readPolicy('{\n  "sound": { "muted": true, }\n}');
    if (read.ok) throw new Error('a trailing comma was taken');
    expect(read.errors).toEqual([
      {
        path: '',
        line: 2,
        column: 29,
        message: 'is not JSON: a property name (in double quotes) was expected',
      },
    ]);
    const file = write('bom.json', '\uFEFF{"sound": {"muted": true}}');
    expect(loadPolicy(file)?.policy.sound).toEqual({ muted: true });
  });

  it('a missing file is no policy; an unreadable or broken one is an error naming the file', () => {
    expect(loadPolicy(join(dir.path, 'none.json'))).toBeNull();
    const file = write('broken.json', BROKEN);
    expect(() => loadPolicy(file)).toThrow(PolicyError);
    expect(() => loadPolicy(dir.path)).toThrow(/cannot be read/);
  });

  it('lives where IT puts it on each system, or where PACKBENCH_POLICY says', () => {
    expect(policyPath({}, 'linux')).toBe('/etc/packbench/policy.json');
    expect(policyPath({ ProgramData: 'C:\\ProgramData' }, 'win32')).toBe(
      join('C:\\ProgramData', 'Packbench', 'policy.json'),
    );
    expect(policyPath({}, 'darwin')).toBe('/Library/Application Support/Packbench/policy.json');
    expect(policyPath({ PACKBENCH_POLICY: '/srv/p.json' }, 'linux')).toBe('/srv/p.json');
  });
});

describe("the policy's JSON Schema, as an editor reads it", () => {
  const validate = new Ajv2020({ strict: false, allErrors: true }).compile(policyJsonSchema());

  it('accepts the good policy and refuses unknown keys, wrong types and values', () => {
    expect(validate(GOOD), JSON.stringify(validate.errors)).toBe(true);
    expect(validate({ labelPrinter: { target: null, lockd: true } })).toBe(false);
    expect(validate({ language: { value: 'fr' } })).toBe(false);
    expect(validate({ sound: { muted: 'no' } })).toBe(false);
    expect(
      validate({ profiles: { list: [{ name: 'K', environment: 'sandbox', apiKey: 'x' }] } }),
    ).toBe(false);
  });
});

describe('npm run -s station -- policy check, as a separate process', () => {
  const station = (args: string[], cwd = ROOT) =>
    spawnSync(process.execPath, [join(ROOT, 'src/main/station-cli.ts'), ...args], {
      cwd,
      env: { ...process.env, INIT_CWD: cwd },
      encoding: 'utf8',
    });

  it('exits 0 for a valid policy, with {"errors": []} as JSON', () => {
    const file = write('good.json', JSON.stringify(GOOD));
    const plain = station(['policy', 'check', file]);
    expect([plain.status, plain.stdout.trim()]).toEqual([
      0,
      `${file} is a valid Packbench policy.`,
    ]);
    const json = station(['policy', 'check', 'good.json', '--json'], dir.path);
    expect([json.status, JSON.parse(json.stdout)]).toEqual([0, { errors: [] }]);
  });

  it('exits 1 with every error, as JSON or one sentence each on stderr', () => {
    const file = write('broken.json', BROKEN);
    const json = station(['policy', 'check', file, '--json']);
    expect(json.status).toBe(1);
    const { errors } = JSON.parse(json.stdout) as { errors: Record<string, unknown>[] };
    expect(errors).toHaveLength(4);
    expect(Object.keys(errors[0] ?? {})).toEqual(['path', 'line', 'column', 'message']);
    const plain = station(['policy', 'check', file]);
    expect(plain.status).toBe(1);
    const lines = plain.stderr.trim().split('\n');
    expect(lines).toHaveLength(4);
    expect(lines[0]).toBe(
      `${file}:2:57: /labelPrinter/dpmm is 6, 8, 12 or 24 (dots per mm: 8 is 203 dpi, 12 is 300 dpi).`,
    );
    const missing = station(['policy', 'check', join(dir.path, 'nope.json'), '--json']);
    expect([missing.status, JSON.parse(missing.stdout).errors[0].message]).toEqual([
      1,
      'does not exist',
    ]);
  });

  it('exits 2 for a usage error, and prints the JSON Schema', () => {
    expect(station(['policy', 'check']).status).toBe(2);
    expect(station(['policy', 'check', 'x.json', '--jsn']).status).toBe(2);
    expect(station(['policy', 'lint', 'x.json']).status).toBe(2);
    expect(station(['polcy']).status).toBe(2);
    const schema = station(['policy', 'schema']);
    expect(schema.status).toBe(0);
    expect(JSON.parse(schema.stdout)).toMatchObject({ title: 'Packbench machine policy' });
  });
});

describe('a broken policy stops the start', () => {
  it('with a dialog naming the file, line, column and rule, in three languages', () => {
    const file = write('broken.json', BROKEN);
    let error: unknown;
    try {
      loadPolicy(file);
    } catch (caught) {
      error = caught;
    }
    const failure = diagnoseStartupFailure(error, dir.path);
    expect(failure.cause).toBe('policy');
    const words = {
      en: ['Line 2, column 57 (/labelPrinter/dpmm)', 'will not start'],
      'pt-BR': ['Linha 2, coluna 57 (/labelPrinter/dpmm)', 'não vai iniciar'],
      es: ['Línea 2, columna 57 (/labelPrinter/dpmm)', 'no se iniciará'],
    } as const;
    for (const [language, expected] of Object.entries(words)) {
      const { message } = startupFailureMessage(language as keyof typeof words, failure, null);
      expect(message).toContain(file);
      for (const text of expected) expect(message).toContain(text);
      expect(message).toContain('is 6, 8, 12 or 24');
    }
  });
});
