// `npm run -s documents -- packing-slip …` as IT scripts call it: a real process, its exit code,
// its one line of JSON or its one sentence, and nothing written when it refuses.
import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageTexts, sampleOrder } from './fixtures.ts';

const ROOT = join(import.meta.dirname, '../..');
const CLI = join(ROOT, 'src/main/documents/cli.ts');
let dir: string;

interface Ran {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs the command in `dir` (the caller's folder) and waits for it to end. */
function documents(args: string[], viaNpm = false): Promise<Ran> {
  const [file, argv] = viaNpm
    ? ['npm', ['run', '-s', '--prefix', ROOT, 'documents', '--', ...args]]
    : [process.execPath, [CLI, ...args]];
  return new Promise((resolve) => {
    execFile(file, argv, { cwd: dir }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === 'number' ? error.code : -1) : 0;
      resolve({ code, stdout, stderr });
    });
  });
}

const order = { ...sampleOrder(4), products: [{ sku: 'SKU-002', name: 'Sabonete de açaí' }] };
/** The order's pack as the station exports it, finished. */
const finished = {
  id: 'p-1',
  orderId: 'SO-2027-0042',
  station: 'bench-7',
  account: 'joana',
  status: 'finished',
  startedAt: '2027-03-16T13:00:00.000Z',
  finishedAt: '2027-03-16T13:04:00.000Z',
  short: null,
  lines: order.items,
  units: [
    {
      seq: 1,
      at: '2027-03-16T13:01:00.000Z',
      sku: 'SKU-002',
      quantity: 2,
      code: '(01)07891234567895(10)LOTE-9',
      identifiedBy: 'gs1',
      lot: 'LOTE-9',
      expiry: '2027-12-31',
      lotState: 'ok',
      override: null,
    },
  ],
  statusJobId: null,
  printJobId: null,
  weighing: null,
};
const packExport = { packs: [finished] };

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'packbench-documents-cli-'));
  await writeFile(join(dir, 'order.json'), JSON.stringify(order));
  await writeFile(join(dir, 'pack.json'), JSON.stringify(packExport));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** The folder's files, to show a refusal left nothing behind (no PDF, no temporary file). */
const files = async () => (await readdir(dir)).sort();

describe('npm run documents -- packing-slip', () => {
  it('writes the slip and prints {"file", "pages", "bytes", "ms"} with --json', async () => {
    const ran = await documents([
      'packing-slip',
      '--order',
      'order.json',
      '--pack',
      'pack.json',
      '--lang',
      'pt-BR',
      '--paper',
      'letter',
      '--out',
      'slip.pdf',
      '--json',
    ]);
    expect(ran).toMatchObject({ code: 0, stderr: '' });
    const answer = JSON.parse(ran.stdout) as Record<string, unknown>;
    expect(Object.keys(answer).sort()).toEqual(['bytes', 'file', 'ms', 'pages']);
    expect(answer['file']).toBe(join(dir, 'slip.pdf'));
    expect(answer['bytes']).toBe((await stat(join(dir, 'slip.pdf'))).size);
    expect(answer['ms']).toEqual(expect.any(Number));
    const pages = await pageTexts(new Uint8Array(await readFile(join(dir, 'slip.pdf'))));
    expect(answer['pages']).toBe(pages.length);
    const text = pages.join(' ');
    // Names from the file's products, lots from the pack, station and packer from the pack.
    expect(text).toContain('Sabonete de açaí');
    expect(text).toContain('Lote LOTE-9 · val. 31/12/2027 · × 2');
    expect(text).toContain('Embalado em bench-7 por joana');
  });

  it('runs through npm from the caller’s folder, and --station/--packer name them', async () => {
    const ran = await documents(
      ['packing-slip', '--order=order.json', '--out=npm.pdf', '--station', 'B1', '--packer', 'Zé'],
      true,
    );
    expect(ran).toMatchObject({ code: 0, stderr: '' });
    expect(ran.stdout).toBe(
      `${join(dir, 'npm.pdf')}: 1 page, ${(await stat(join(dir, 'npm.pdf'))).size} bytes, ${/(\d+) ms/.exec(ran.stdout)?.[1]} ms\n`,
    );
    const [text = ''] = await pageTexts(new Uint8Array(await readFile(join(dir, 'npm.pdf'))));
    expect(text).toContain('Packed at B1 by Zé');
  });

  it.each([
    ['a missing file', 'absent.json', null, 'absent.json does not exist.'],
    [
      'a file that is not JSON',
      'broken.json',
      '{"id": "A",',
      /^broken\.json is not valid JSON: .+\.$/,
    ],
    [
      'a quantity that is not whole',
      'fraction.json',
      { ...order, items: [...order.items.slice(0, 3), { sku: 'SKU-004', quantity: 1.5 }] },
      'fraction.json: items[3].quantity must be a whole number above 0.',
    ],
    [
      'a missing city',
      'no-city.json',
      { ...order, shipping_address: { ...order.shipping_address, city: undefined } },
      'no-city.json: shipping_address.city is missing.',
    ],
    [
      'no lines',
      'empty.json',
      { ...order, items: [] },
      'empty.json: items must hold at least one line.',
    ],
    // Not an order at all: a plain sentence saying what the file holds, no parser's words.
    [
      'a file holding null',
      'null.json',
      'null',
      'null.json must hold one order as a JSON object, not null.',
    ],
    [
      'a file holding a list',
      'list.json',
      '[]',
      'list.json must hold one order as a JSON object, not a list.',
    ],
    [
      'a file holding a number',
      'number.json',
      '42',
      'number.json must hold one order as a JSON object, not a number.',
    ],
    [
      'a file holding text',
      'text.json',
      '"SO-1"',
      'text.json must hold one order as a JSON object, not text.',
    ],
    [
      'a file holding true',
      'true.json',
      'true',
      'true.json must hold one order as a JSON object, not true.',
    ],
    [
      'an order date that is not a real day (30 February)',
      'feb-30.json',
      { ...order, created_at: '2027-02-30T10:30:00Z' },
      'feb-30.json: created_at is not a real date (2027-02-30T10:30:00Z).',
    ],
    [
      'an order date that is not a timestamp',
      'not-a-time.json',
      { ...order, created_at: 'hello 2027' },
      'not-a-time.json: created_at must be a timestamp as YYYY-MM-DDTHH:MM:SSZ.',
    ],
  ])(
    'refuses %s with exit 1, one sentence, and writes nothing',
    async (_, name, content, sentence) => {
      if (content !== null)
        await writeFile(
          join(dir, name),
          typeof content === 'string' ? content : JSON.stringify(content),
        );
      const before = await files();
      const ran = await documents(['packing-slip', '--order', name, '--out', 'refused.pdf']);
      expect(ran.code).toBe(1);
      expect(ran.stdout).toBe('');
      expect(ran.stderr.split('\n').filter(Boolean)).toHaveLength(1);
      expect(ran.stderr.trim()).toMatch(sentence);
      expect(await files()).toEqual(before);
    },
  );

  it('refuses a pack of another order and a bad unit in a pack, leaving an old slip as it was', async () => {
    await writeFile(join(dir, 'kept.pdf'), 'the slip printed yesterday');
    await writeFile(
      join(dir, 'other.json'),
      JSON.stringify({ packs: [{ ...packExport.packs[0], orderId: 'SO-9' }] }),
    );
    const units = [{ ...packExport.packs[0]?.units[0], expiry: '31/12/2027' }];
    await writeFile(join(dir, 'bad-unit.json'), JSON.stringify({ ...packExport.packs[0], units }));
    const before = await files();
    const other = await documents([
      'packing-slip',
      '--order',
      'order.json',
      '--pack',
      'other.json',
      '--out',
      'kept.pdf',
    ]);
    expect(other).toMatchObject({
      code: 1,
      stderr: 'other.json holds no pack of order SO-2027-0042.\n',
    });
    const bad = await documents([
      'packing-slip',
      '--order',
      'order.json',
      '--pack',
      'bad-unit.json',
      '--out',
      'kept.pdf',
    ]);
    expect(bad).toMatchObject({
      code: 1,
      stderr: 'bad-unit.json: units[0].expiry must be a date as YYYY-MM-DD.\n',
    });
    expect(await readFile(join(dir, 'kept.pdf'), 'utf8')).toBe('the slip printed yesterday');
    expect(await files()).toEqual(before);
  });

  /** The command with ORDER.json and `pack` written to `name` as PACK.json, out to kept.pdf. */
  async function withPack(name: string, pack: unknown, out = 'kept.pdf'): Promise<Ran> {
    await writeFile(join(dir, name), typeof pack === 'string' ? pack : JSON.stringify(pack));
    return documents(['packing-slip', '--order', 'order.json', '--pack', name, '--out', out]);
  }
  const unitWith = (fields: Record<string, unknown>) => [{ ...finished.units[0], ...fields }];

  it.each([
    ['a month 13', '2027-13-45'],
    ['day 0', '2027-03-00'],
    ['31 April', '2027-04-31'],
    ['29 February of a common year', '2027-02-29'],
    ['29 February of 2100 (not a leap year)', '2100-02-29'],
  ])('refuses an expiry on %s (%s) instead of printing another day', async (_, expiry) => {
    const exported = { packs: [{ ...finished, units: unitWith({ expiry }) }] };
    await writeFile(join(dir, 'kept.pdf'), 'the slip printed yesterday');
    const ran = await withPack('bad-day.json', exported);
    expect(ran).toEqual({
      code: 1,
      stdout: '',
      stderr: `bad-day.json: packs[0].units[0].expiry is not a real date (${expiry}).\n`,
    });
    expect(await readFile(join(dir, 'kept.pdf'), 'utf8')).toBe('the slip printed yesterday');
  });

  it('prints the lot of an expiry on 29 February of a leap year', async () => {
    const ran = await withPack(
      'leap.json',
      { ...finished, units: unitWith({ expiry: '2028-02-29' }) },
      'leap.pdf',
    );
    expect(ran).toMatchObject({ code: 0, stderr: '' });
    const [text = ''] = await pageTexts(new Uint8Array(await readFile(join(dir, 'leap.pdf'))));
    expect(text).toContain('Lot LOTE-9 · exp. 02/29/2028 · × 2');
  });

  it.each([
    ['null', 'null', 'null'],
    ['a list', JSON.stringify([finished]), 'a list'],
    ['a number', '7', 'a number'],
    ['text', '"p-1"', 'text'],
  ])('refuses a PACK.json that holds %s with a plain sentence', async (_, content, kind) => {
    await writeFile(join(dir, 'odd-pack.json'), content);
    const before = await files();
    const ran = await withPack('odd-pack.json', content);
    expect(ran).toEqual({
      code: 1,
      stdout: '',
      stderr: `odd-pack.json must hold a pack record as a JSON object ({"packs": [...]} or one pack), not ${kind}.\n`,
    });
    expect(await files()).toEqual(before);
  });

  it('takes the lots from the last finished pack, never from a pack still open', async () => {
    const open = {
      ...finished,
      id: 'p-2',
      status: 'open',
      startedAt: '2027-03-16T14:00:00.000Z',
      finishedAt: null,
      units: unitWith({ lot: 'OPEN-1' }),
    };
    const short = {
      ...finished,
      id: 'p-0',
      status: 'short',
      finishedAt: '2027-03-15T09:00:00.000Z',
      short: { reason: 'out_of_stock', text: null },
      units: unitWith({ lot: 'SHORT-1' }),
    };
    const before = await files();
    // Only an open pack of the order: refused, nothing written.
    const onlyOpen = await withPack('open.json', { packs: [open] });
    expect(onlyOpen).toEqual({
      code: 1,
      stdout: '',
      stderr: 'open.json holds no finished pack of order SO-2027-0042.\n',
    });
    const single = await withPack('open-one.json', open);
    expect(single.stderr).toBe('open-one.json holds no finished pack of order SO-2027-0042.\n');
    expect(await files()).toEqual([...before, 'open-one.json', 'open.json'].sort());
    // An open pack after a finished one, and a pack finished short: the finished one's lots.
    const mixed = await withPack('mixed.json', { packs: [finished, open, short] }, 'mixed.pdf');
    expect(mixed).toMatchObject({ code: 0, stderr: '' });
    const [text = ''] = await pageTexts(new Uint8Array(await readFile(join(dir, 'mixed.pdf'))));
    expect(text).toContain('Lot LOTE-9 · exp. 12/31/2027 · × 2');
    expect(text).not.toContain('OPEN-1');
    expect(text).not.toContain('SHORT-1');
    // A pack finished short is finished: its lots print when it is the last one.
    const shortOnly = await withPack('short.json', { packs: [open, short] }, 'short.pdf');
    expect(shortOnly).toMatchObject({ code: 0, stderr: '' });
    const [shortText = ''] = await pageTexts(
      new Uint8Array(await readFile(join(dir, 'short.pdf'))),
    );
    expect(shortText).toContain('Lot SHORT-1 · exp. 12/31/2027 · × 2');
    expect(shortText).not.toContain('OPEN-1');
  });

  it.each([
    [['packing-slip', '--order', 'order.json'], '--out FILE.pdf is required.'],
    [['packing-slip', '--out', 'x.pdf'], '--order ORDER.json is required.'],
    [['packing-slip', '--out', 'x.pdf', '--order'], '--order needs a value.'],
    [
      ['packing-slip', '--order', 'order.json', '--out', 'x.pdf', '--lang', 'fr'],
      '--lang is en, pt-BR or es, not "fr".',
    ],
    [
      ['packing-slip', '--order', 'order.json', '--out', 'x.pdf', '--paper', 'a3'],
      '--paper is a4 or letter, not "a3".',
    ],
    [
      ['packing-slip', '--order', 'order.json', '--out', 'x.pdf', '--time-zone', 'Mars/Base'],
      '--time-zone is an IANA zone such as America/Sao_Paulo, not "Mars/Base".',
    ],
  ])(
    'a missing or invalid option %j: exit 1, one sentence, nothing written',
    async (args, sentence) => {
      const before = await files();
      const ran = await documents(args);
      expect(ran).toEqual({ code: 1, stdout: '', stderr: `${sentence}\n` });
      expect(await files()).toEqual(before);
    },
  );

  it.each([
    [
      ['packing-slip', '--order', 'order.json', '--out', 'x.pdf', '--colour', 'red'],
      'Unknown option --colour.',
    ],
    [
      ['print', '--order', 'order.json'],
      'Unknown command "print": the only command is packing-slip.',
    ],
    [
      ['packing-slip', '--order', 'order.json', '--order', 'b.json', '--out', 'x.pdf'],
      '--order is given twice.',
    ],
    [[], 'Name a command: packing-slip.'],
  ])('bad usage %j: exit 2 with the usage, nothing written', async (args, sentence) => {
    const before = await files();
    const ran = await documents(args);
    expect(ran.code).toBe(2);
    expect(ran.stdout).toBe('');
    expect(ran.stderr.split('\n')[0]).toBe(sentence);
    expect(ran.stderr).toContain('Usage: npm run -s documents -- packing-slip');
    expect(await files()).toEqual(before);
  });

  it('--help prints the usage and exits 0', async () => {
    const ran = await documents(['packing-slip', '--help']);
    expect(ran).toMatchObject({ code: 0, stderr: '' });
    expect(ran.stdout).toMatch(/^Usage: npm run -s documents -- packing-slip --order ORDER\.json/);
  });
});
