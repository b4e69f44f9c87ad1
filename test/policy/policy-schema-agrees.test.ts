import { execFile, spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { afterAll, describe, expect, it } from 'vitest';
import { readPolicy } from '../../src/main/policy/read-policy.ts';
import { tempDir } from '../outbox/helpers.ts';

// The JSON Schema IT validates policies with, and `policy check`, agree (issue #38). Policies
// are generated from the JSON Schema alone, as the station prints it: every field set, every
// enum value, the ends of every range and length, strings from a pool that ajv (the judge, not
// zod) says the field takes. The real `policy check` must take each one; and values ajv refuses,
// planted in a valid policy, must be refused by the checker at exactly those places, each with a
// sentence. The one rule no JSON Schema can say, that `profiles.active` names a profile of the
// list, is kept by hand: the list's first profile takes the active name.

const ROOT = join(import.meta.dirname, '../..');
const CLI = join(ROOT, 'src/main/station-cli.ts');
const dir = tempDir('packbench-policy-agree-');
afterAll(() => dir.remove());

const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule })
  .default ?? addFormatsModule) as typeof addFormatsModule;

type Schema = {
  type?: string;
  enum?: unknown[];
  const?: unknown;
  anyOf?: Schema[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  minItems?: number;
  maxItems?: number;
  minimum?: number;
  maximum?: number;
  maxLength?: number;
  [keyword: string]: unknown;
};
type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

const station = (...args: string[]) =>
  spawnSync(process.execPath, [CLI, ...args], { cwd: ROOT, encoding: 'utf8' });

const SCHEMA = JSON.parse(station('policy', 'schema').stdout) as Schema;
const ajv = new Ajv2020({ strict: true, allErrors: true });
addFormats(ajv);
const judge = ajv.compile(SCHEMA);
const judges = new Map<Schema, (value: unknown) => boolean>();
/** Whether the JSON Schema takes `value` at the place `schema` describes. */
const takes = (schema: Schema, value: unknown): boolean => {
  let validate = judges.get(schema);
  if (!validate) {
    const compiled = ajv.compile({ ...schema, $schema: undefined });
    validate = (v) => compiled(v);
    judges.set(schema, validate);
  }
  return validate(value);
};

// Strings a policy's fields might hold, good and bad: the judge sorts them for each field.
const POOL: string[] = [
  'x',
  'Produção',
  ' Main bench ',
  '',
  '   ',
  'tcp://10.0.0.5:9100',
  'tcp://zebra.lan',
  ' cups:Office ',
  'cups:Zebra_ZT410',
  'windows:HP LaserJet 4 (Office)',
  'tcp:// 10.0.0.5',
  'lpt1',
  'https://api.example.com',
  'https://api.example.com/v1.1/',
  ' https://10.0.0.7:65535/api ',
  'http://localhost:8080',
  'http://127.0.0.1:3000/fia',
  'https://[::1]',
  'http://api.example.com',
  'https://user:pw@api.example.com',
  'https://api.example.com/?key=1',
  'https://api.example.com:65536',
  'https://10.0.0.999',
  'ftp://files.lan',
  'https://updates.lan/packbench/',
  'https://mirror.example.com/packbench/?token=abc#top',
  'http://10.0.0.2:8080/updates',
  'redis://redis.lan',
  'rediss://redis.warehouse.lan:6380',
  ' redis://default@10.0.0.9:6379/15 ',
  'redis://:secret@redis.lan',
  'redis://redis.lan/db1',
  'redis://redis.lan/?tls=1',
  'redis://',
  'redis+sentinel://10.0.0.1:26379,s2.lan/mymaster',
  ' rediss+sentinel://app@s1:26380/wh-1/2 ',
  'redis+sentinel://s1:0/mymaster',
  'redis+sentinel://s1:26379',
  'redis+sentinel://10.0.0.999/mymaster',
  '/products',
  '/',
  '/v2/items/{sku}/',
  ' /api/.well-known/labels ',
  '/a/../b',
  '/a/..',
  '/items/{id}',
  'products',
  '/a b',
  'batch_expiry',
  'lot.expiry-date',
  '9lot',
  'lot expiry',
  '-----BEGIN CERTIFICATE-----\nMIIBszCCAVmgAwIBAgIUQ\n-----END CERTIFICATE-----\n',
  '00:00',
  '23:59',
  '24:00',
  '7:30',
  'beta',
  'b'.repeat(32),
  'b'.repeat(33),
  'Beta!',
  'fr',
  'A4',
  'prod',
  'GET',
  'v2',
  './policy.schema.json',
  ']C1ACK-4711',
  // Release keys (issue #43): the base64 line, the PEM, and an RSA key's line.
  'MCowBQYDK2VwAyEAT7UoQV6M4dRxdnQW9wcXaFE5z6rGSnNfeu5K2VIQORE=',
  '-----BEGIN PUBLIC KEY-----\nMCowBQYDK2VwAyEAT7UoQV6M4dRxdnQW9wcXaFE5z6rGSnNfeu5K2VIQORE=\n-----END PUBLIC KEY-----\n',
  'MFwwDQYJKoZIhvcNAQEBBQADSwAwSAJBAL',
];
/** Values the JSON Schema took and the checker refused before issue #38. */
const TRAPS = [
  'tcp://10.0.0.5:9100',
  'redis://:secret@redis.lan',
  'redis://redis.lan/db1',
  'http://api.example.com',
  'https://user:pw@api.example.com',
  '/a/../b',
  '/items/{id}',
  '   ',
  'ftp://files.lan',
];
const NUMBERS = [0, 1, 7, 2.5, -1, 6, 8, 12, 24, 3650];
const MOST = 8;

/** The last character of `text` repeated up to `length`. */
const stretch = (text: string, length: number) =>
  text + (text.at(-1) ?? 'x').repeat(Math.max(0, length - text.length));

/** Values the JSON Schema takes at `schema`: every enum value, both ends of every range. */
function accepted(schema: Schema): Json[] {
  if (schema.anyOf) return schema.anyOf.flatMap(accepted);
  if (schema.enum) return schema.enum as Json[];
  if (schema.const !== undefined) return [schema.const as Json];
  switch (schema.type) {
    case 'null':
      return [null];
    case 'boolean':
      return [true, false];
    case 'integer':
    case 'number': {
      const { minimum: min, maximum: max } = schema;
      const ends =
        min !== undefined && max !== undefined ? [min, max, Math.floor((min + max) / 2)] : [];
      return [...ends, ...NUMBERS].filter((n) => takes(schema, n)).slice(0, 6);
    }
    case 'string': {
      const good = POOL.filter((s) => takes(schema, s)).slice(0, MOST);
      const longest =
        schema.maxLength === undefined
          ? undefined
          : good.map((s) => stretch(s, schema.maxLength ?? 0)).find((s) => takes(schema, s));
      return longest === undefined ? good : [...good, longest];
    }
    case 'array': {
      const items = accepted(schema.items ?? {});
      const least = schema.minItems ?? 0;
      const most = schema.maxItems ?? Math.max(least, items.length);
      const first = items[0];
      if (first === undefined) return [];
      return [
        items.slice(0, most),
        Array.from({ length: Math.max(least, 1) }, () => first),
        Array.from({ length: most }, () => first),
      ].filter((list) => list.length >= least);
    }
    case 'object':
      return objects(schema);
    default:
      return [];
  }
}

/**
 * Objects that set every property, together showing each property's every value: each value
 * goes into the first object the judge still takes with it (an if/then may need company).
 */
function objects(schema: Schema): Json[] {
  const options = Object.entries(schema.properties ?? {}).map(
    ([key, child]) => [key, accepted(child)] as const,
  );
  for (const [key, values] of options)
    if (values.length === 0) throw new Error(`the generator has no value for "${key}"`);
  const width = Math.max(...options.map(([, values]) => values.length));
  let base: Record<string, Json> | undefined;
  for (let shift = 0; shift < width && !base; shift += 1) {
    const candidate = Object.fromEntries(
      options.map(([key, values]) => [key, values[shift % values.length] as Json]),
    );
    if (takes(schema, candidate)) base = candidate;
  }
  if (!base) throw new Error('the generator found no object the JSON Schema takes');
  let pending = options.flatMap(([key, values]) => values.map((value) => ({ key, value })));
  const out: Json[] = [];
  while (pending.length > 0) {
    let object: Record<string, Json> = { ...base };
    const used = new Set<string>();
    pending = pending.filter(({ key, value }) => {
      if (used.has(key)) return true;
      const next = { ...object, [key]: value };
      if (!takes(schema, next)) return true;
      object = next;
      used.add(key);
      return false;
    });
    if (used.size === 0)
      throw new Error(`no object the JSON Schema takes holds ${JSON.stringify(pending[0])}`);
    out.push(object);
  }
  return out;
}

/** The one rule beyond JSON Schema, kept by hand: the first profile bears the active name. */
function withActiveProfile(policy: Json): Json {
  const profiles = (policy as { profiles?: { list: { name: string }[]; active?: string } })
    .profiles;
  const first = profiles?.list[0];
  if (!profiles || !first || profiles.active === undefined) return policy;
  return {
    ...(policy as Record<string, Json>),
    profiles: {
      ...profiles,
      list: [{ ...first, name: profiles.active }, ...profiles.list.slice(1)],
    },
  } as Json;
}

/** Values the JSON Schema refuses at `schema`: near misses, ends just past every range. */
function refused(schema: Schema): Json[] {
  const kinds = schema.anyOf ? schema.anyOf.map((s) => s.type) : [schema.type];
  const out: Json[] = [];
  if (kinds.includes('string') || (schema.enum ?? []).some((v) => typeof v === 'string')) {
    const strings = schema.anyOf?.find((s) => s.type === 'string') ?? schema;
    // The traps first: values only the checker refused before (issue #38).
    const good = POOL.filter((s) => takes(schema, s));
    out.push(...[...new Set([...TRAPS, ...POOL])].filter((s) => !takes(schema, s)).slice(0, 5));
    if (strings.maxLength !== undefined && good[0] !== undefined)
      out.push(stretch(good[0], strings.maxLength + 1));
  }
  if (kinds.includes('number') || kinds.includes('integer')) {
    const { minimum: min, maximum: max } = schema;
    out.push(
      ...[min, max].flatMap((n) => (n === undefined ? [] : [n - 1, n + 1])),
      0.5,
      ...NUMBERS,
    );
  }
  return out.filter((value) => !takes(schema, value)).slice(0, 6);
}

/** Every leaf of the schema with its JSON pointer in `policy` (list items: the last one). */
function leaves(
  schema: Schema,
  value: Json,
  pointer: string,
): { pointer: string; schema: Schema }[] {
  if (schema.type === 'object' && schema.properties)
    return Object.entries(schema.properties).flatMap(([key, child]) =>
      leaves(child, (value as Record<string, Json>)[key] ?? null, `${pointer}/${key}`),
    );
  if (schema.type === 'array' && schema.items && Array.isArray(value)) {
    const last = value.length - 1;
    return leaves(schema.items, value[last] ?? null, `${pointer}/${last}`);
  }
  return [{ pointer, schema }];
}

const valueAt = (policy: Json, pointer: string): unknown =>
  pointer
    .split('/')
    .slice(1)
    .reduce<unknown>((at, key) => (at as Record<string, unknown> | undefined)?.[key], policy);

const plant = (policy: Json, pointer: string, value: Json): Json => {
  // Through JSON: the generated policies share objects, which structuredClone would keep shared.
  const copy = JSON.parse(JSON.stringify(policy)) as Json;
  const keys = pointer.split('/').slice(1);
  let at = copy as Record<string, Json>;
  for (const key of keys.slice(0, -1)) at = at[key] as Record<string, Json>;
  at[keys.at(-1) ?? ''] = value;
  return copy;
};

const run = promisify(execFile);
/** `policy check FILE --json` as IT runs it: the exit code and the errors. */
async function check(name: string, policy: Json) {
  const file = join(dir.path, `${name}.json`);
  writeFileSync(file, JSON.stringify(policy, null, 2));
  try {
    const { stdout } = await run(process.execPath, [CLI, 'policy', 'check', file, '--json'], {
      cwd: ROOT,
    });
    return { code: 0, errors: (JSON.parse(stdout) as { errors: unknown[] }).errors };
  } catch (error) {
    const { code, stdout } = error as { code: number; stdout: string };
    return {
      code,
      errors: (JSON.parse(stdout) as { errors: { path: string; message: string }[] }).errors,
    };
  }
}

/** Runs `work` over `items` two at a time (the machine's cores are shared). */
async function twoAtATime<T, R>(items: T[], work: (item: T, index: number) => Promise<R>) {
  const out: R[] = [];
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const index = next++;
      out[index] = await work(items[index] as T, index);
    }
  };
  await Promise.all([lane(), lane()]);
  return out;
}

const VALID = (accepted(SCHEMA) as Json[]).map(withActiveProfile);

describe('the JSON Schema and `policy check` agree', () => {
  it('generates valid policies from the JSON Schema, every field and value, and the check takes each', async () => {
    expect(VALID.length).toBeGreaterThan(3);
    for (const policy of VALID) expect(judge(policy), JSON.stringify(judge.errors)).toBe(true);
    // Every field of the schema is set in each of them.
    for (const policy of VALID) {
      const fields = leaves(SCHEMA, policy, '').map((leaf) => leaf.pointer);
      expect(fields.length).toBeGreaterThan(40);
      expect(fields.filter((pointer) => valueAt(policy, pointer) === undefined)).toEqual([]);
    }
    const results = await twoAtATime(VALID, (policy, i) => check(`valid-${i}`, policy));
    const refusedByCheck = results.flatMap((r, i) =>
      r.code === 0 ? [] : [{ policy: i, errors: r.errors }],
    );
    expect(refusedByCheck, 'policies the JSON Schema takes and `policy check` refuses').toEqual([]);
  }, 120_000);

  it('refuses, with a sentence, exactly the values the JSON Schema refuses', async () => {
    // A valid policy whose profile list has two profiles or more: the planted values go in the
    // last profile, so the active name still names the first.
    const base = VALID.find(
      (p) => ((p as { profiles?: { list: unknown[] } }).profiles?.list.length ?? 0) >= 2,
    );
    if (!base) throw new Error('no generated policy has two profiles');
    const plants = leaves(SCHEMA, base, '').map((leaf) => ({ ...leaf, bad: refused(leaf.schema) }));
    // The schema refuses something at the places whose rules the checker alone kept before.
    const at = (pointer: string) => plants.find((p) => p.pointer === pointer)?.bad ?? [];
    expect(at('/labelPrinter/dpmm')).toContain(7);
    expect(at('/documentPrinter/target')).toContain('tcp://10.0.0.5:9100');
    expect(at('/coordination/url')).toContain('redis://:secret@redis.lan');
    const rounds = Math.max(...plants.map((p) => p.bad.length));
    const policies = Array.from({ length: rounds }, (_, round) => {
      const planted = plants.filter((p) => p.bad.length > round);
      let policy: Json = base;
      for (const p of planted) policy = plant(policy, p.pointer, p.bad[round] as Json);
      return { policy, planted: planted.map((p) => ({ pointer: p.pointer, value: p.bad[round] })) };
    });
    const results = await twoAtATime(policies, ({ policy }, i) => check(`refused-${i}`, policy));
    policies.forEach(({ policy, planted }, i) => {
      const pointers = planted.map((p) => p.pointer).sort();
      expect(judge(policy)).toBe(false);
      const judged = new Set((judge.errors ?? []).map((e) => e.instancePath));
      expect([...judged].sort(), 'where the JSON Schema refuses').toEqual(pointers);
      const result = results[i];
      expect(result?.code, JSON.stringify(planted)).toBe(1);
      const errors = (result?.errors ?? []) as { path: string; message: string }[];
      expect([...new Set(errors.map((e) => e.path))].sort(), JSON.stringify(planted)).toEqual(
        pointers,
      );
      for (const e of errors) expect(e.message).not.toMatch(/^(Invalid|Too (big|small))|undefined/);
    });
  }, 120_000);
});

describe("the checker's sentences for what only it refused before", () => {
  const said = (policy: unknown) => {
    const read = readPolicy(JSON.stringify(policy));
    return read.ok ? [] : read.errors.map((e) => `${e.path} ${e.message}`);
  };
  const profile = (fields: object) => ({
    profiles: { list: [{ name: 'P', environment: 'production', ...fields }] },
  });

  it('names the rule each refused value breaks', () => {
    expect(said({ labelPrinter: { target: null, dpmm: 7 } })).toEqual([
      '/labelPrinter/dpmm is 6, 8, 12 or 24 (dots per mm: 8 is 203 dpi, 12 is 300 dpi)',
    ]);
    expect(said({ labelPrinter: { target: 'lpt1' } })).toEqual([
      '/labelPrinter/target is not tcp://host[:port] or cups:QUEUE (or, on Windows, windows:PRINTER)',
    ]);
    expect(said({ documentPrinter: { target: ' tcp://10.0.0.5:9100' } })).toEqual([
      '/documentPrinter/target is a label printer address: a document printer is cups:QUEUE or windows:PRINTER',
    ]);
    expect(said({ coordination: { url: 'redis://:secret@redis.lan' } })).toEqual([
      '/coordination/url contains a password (it belongs in the password field, kept in the OS keychain)',
    ]);
    expect(said({ coordination: { url: 'redis://redis.lan/db1' } })).toEqual([
      '/coordination/url names a database that is not a number',
    ]);
    expect(said({ coordination: { url: 'https://redis.lan' } })).toEqual([
      '/coordination/url is not a redis:// or rediss:// URL',
    ]);
    expect(said(profile({ baseUrl: 'http://api.example.com' }))).toEqual([
      '/profiles/list/0/baseUrl must use https:// (plain http:// only on this computer)',
    ]);
    expect(said(profile({ baseUrl: 'https://user:pw@api.example.com' }))).toEqual([
      '/profiles/list/0/baseUrl must not contain a user name or password',
    ]);
    expect(said(profile({ baseUrl: null }))).toEqual([
      '/profiles/list/0/baseUrl test and production profiles need a baseUrl',
    ]);
    expect(
      said(
        profile({
          baseUrl: 'https://api.example.com',
          overrides: { productGetPath: '/items/{id}', labelsPath: '/a/../b' },
        }),
      ),
    ).toEqual([
      '/profiles/list/0/overrides/productGetPath must contain {sku}',
      '/profiles/list/0/overrides/labelsPath must not contain ..',
    ]);
    expect(said({ profiles: { list: [{ name: '   ', environment: 'sandbox' }] } })).toEqual([
      '/profiles/list/0/name must not be empty',
    ]);
    expect(said({ packing: { ackCode: ' ' } })).toEqual(['/packing/ackCode must not be empty']);
  });

  it('still takes spaces around a value, and gives the station the value without them', () => {
    const read = readPolicy(
      JSON.stringify({
        ...profile({ name: ' P ', baseUrl: ' https://api.example.com/ ' }),
        labelPrinter: { target: ' cups:Zebra ' },
        coordination: { url: ' redis://redis.lan ' },
      }),
    );
    if (!read.ok) throw new Error(JSON.stringify(read.errors));
    expect(read.policy.profiles?.list[0]?.name).toBe('P');
    expect(read.policy.profiles?.list[0]?.baseUrl).toBe('https://api.example.com');
    expect(read.policy.labelPrinter?.target).toBe('cups:Zebra');
    expect(read.policy.coordination?.url).toBe('redis://redis.lan');
  });
});
