import { runProcess, type ProcessRun } from '../support/run-process.ts';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runRecordsCli } from '../../src/main/records/cli.ts';
import { RECALL_COLUMNS } from '../../src/main/records/recall-csv.ts';
import { PACK_FIXTURES } from '../../src/sandbox/index.ts';
import { PrivatePostgres } from '../support/private-postgres.ts';
import { until } from '../support/until.ts';
import {
  closeStation,
  ORDERS,
  packOrder,
  replicate,
  startStation,
  type TestStation,
} from './stations.ts';

// `npm run -s records -- recall …` as IT runs it (issue #40): real processes against a private
// PostgreSQL and a closed station's data folder, each exit code of the contract, the JSON's shape.

const ROOT = join(import.meta.dirname, '../..');
const CLI = join(ROOT, 'src/main/records/cli.ts');
const batchSku = ORDERS.case.items.find((i) => PACK_FIXTURES.batches[i.sku])?.sku ?? '';
const LOT = PACK_FIXTURES.batches[batchSku]?.fefo ?? '';

let cluster: PrivatePostgres;
let packed: TestStation;
let running: TestStation;
let url: string;

type Run = ProcessRun;

/** The CLI as npm starts it: the project's node on the script, in the project folder. */
function run(args: string[], env: Record<string, string> = {}, npm = false): Promise<Run> {
  const [command, argv] = npm
    ? ['npm', ['run', '-s', 'records', '--', ...args]]
    : [process.execPath, [CLI, ...args]];
  return runProcess(command, argv, { cwd: ROOT, env: { ...process.env, PGPASSWORD: '', ...env } });
}

/**
 * The same CLI in this process, for the variations of a case a real process already proved:
 * seventeen process starts would take most of the file's time on two cores.
 */
async function runHere(args: string[], env: Record<string, string> = {}): Promise<Run> {
  let stdout = '';
  let stderr = '';
  const code = await runRecordsCli(args, {
    out: (text) => (stdout += text),
    err: (line) => (stderr += `${line}\n`),
    env: { PGPASSWORD: '', ...env },
    cwd: ROOT,
  });
  return { code, stdout, stderr };
}

beforeAll(async () => {
  [cluster, packed, running] = await Promise.all([
    PrivatePostgres.start(),
    startStation(),
    startStation(),
  ]);
  url = await cluster.createDatabase('recall');
  const replicator = replicate(packed, url);
  await packOrder(packed, ORDERS.case);
  await packOrder(packed, ORDERS.plain);
  await packOrder(packed, ORDERS.gift, { after: 2 });
  await until(
    () => replicator.state().phase === 'upToDate' && replicator.state().sent === 3,
    'the three packs in PostgreSQL',
  );
  // The station closes; its folder stays for --data-dir.
  await replicator.stop();
  packed.log?.close();
  await packed.core.close();
}, 60_000);

afterAll(async () => {
  packed?.dir.remove();
  if (running) await closeStation(running);
  await cluster?.stop();
});

const withoutPassword = () => url.replace(/:[^:@/]*@/, '@');

describe('npm run -s records -- recall', () => {
  it('recalls a lot from PostgreSQL as JSON, and the same rows from the station', async () => {
    const fleet = await run(['recall', '--lot', LOT, '--database', url, '--json']);
    expect(fleet.stderr).toBe('');
    expect(fleet.code).toBe(0);
    const answer = JSON.parse(fleet.stdout) as { rows: Record<string, unknown>[]; source: string };
    expect(Object.keys(answer)).toEqual(['rows', 'source']);
    expect(answer.source).toBe('postgres');
    expect(answer.rows.length).toBeGreaterThan(0);
    for (const row of answer.rows) {
      expect(Object.keys(row)).toEqual([
        'order',
        'sku',
        'gtin',
        'lot',
        'expiry',
        'quantity',
        'customer',
        'city',
        'packedAt',
        'station',
        'packer',
        'labelDelivered',
        'invoiceDelivered',
      ]);
      expect(row).toMatchObject({ lot: LOT, sku: batchSku, city: 'São Paulo' });
      expect(row['expiry']).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(row['packedAt']).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    }
    const station = await run(['recall', '--lot', LOT, '--data-dir', packed.dir.path, '--json']);
    expect(station.code).toBe(0);
    const own = JSON.parse(station.stdout) as { rows: unknown[]; source: string };
    expect(own.source).toBe('station');
    expect(own.rows).toEqual(answer.rows);
  });

  it('through npm, with PGPASSWORD, a table; an order as CSV with a BOM; a day range', async () => {
    const table = await run(
      ['recall', '--order', ORDERS.plain.id, '--database', withoutPassword()],
      { PGPASSWORD: cluster.password },
      true,
    );
    expect(table.stderr).toBe('');
    expect(table.code).toBe(0);
    expect(table.stdout.split('\n')[0]).toMatch(/^order\s+sku\s+lot/);
    expect(table.stdout).toContain(ORDERS.plain.id);

    const csv = await run(['recall', '--order', ORDERS.plain.id, '--database', url, '--csv']);
    expect(csv.code).toBe(0);
    expect(csv.stdout.startsWith('\uFEFF')).toBe(true);
    const lines = csv.stdout.slice(1).split('\r\n');
    expect(lines[0]).toBe(RECALL_COLUMNS.join(','));
    expect(lines.at(-1)).toBe('');
    expect(lines.length - 2).toBe(ORDERS.plain.items.length);

    const today = new Date();
    const day = (d: Date) =>
      `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
    const inRange = await runHere([
      'recall',
      '--lot',
      LOT,
      '--from',
      day(today),
      '--to',
      day(today),
      '--database',
      url,
    ]);
    expect(inRange.code).toBe(0);
    const lastYear = new Date(today.getFullYear() - 1, 0, 1);
    const outOfRange = await runHere([
      'recall',
      '--lot',
      LOT,
      '--from',
      day(lastYear),
      '--to',
      day(lastYear),
      '--database',
      url,
    ]);
    expect(outOfRange.code).toBe(3);
  });

  it('exits 3 when nothing matches, with the empty JSON and a sentence', async () => {
    const none = await run(['recall', '--gtin', '07891234567895', '--database', url, '--json']);
    expect(none.code).toBe(3);
    expect(JSON.parse(none.stdout)).toEqual({ rows: [], source: 'postgres' });
    expect(none.stderr).toBe('No pack record matches --gtin 07891234567895.\n');
  });

  it('exits 1 with one sentence for a database or a folder that cannot be read', async () => {
    // A real process for the password and the running station (its lock is another process's);
    // the rest in this one.
    const cases: [string[], RegExp, typeof run][] = [
      [
        ['--database', cluster.url('recall', { user: cluster.user, password: 'wrong' })],
        /^PostgreSQL at 127\.0\.0\.1:\d+ refused the user packbench_test: /,
        run,
      ],
      [['--data-dir', running.dir.path], /are in use by a running Packbench: /, run],
      [['--database', cluster.url('missing')], /^There is no database missing on /, runHere],
      [
        ['--data-dir', join(packed.dir.path, 'nothing-here')],
        /^There are no pack records in /,
        runHere,
      ],
      [['--database', 'http://example.invalid/'], /is not a PostgreSQL address/, runHere],
    ];
    for (const [source, sentence, runner] of cases) {
      const result = await runner(['recall', '--lot', LOT, ...source]);
      expect(result.code, result.stderr).toBe(1);
      expect(result.stdout).toBe('');
      expect(result.stderr).toMatch(sentence);
      // One sentence, no stack trace, and never the password.
      expect(result.stderr.trim().split('\n')).toHaveLength(1);
      expect(result.stderr).not.toContain('wrong');
    }
  });

  it('exits 2 for bad usage, naming what is wrong', async () => {
    const cases: [string[], string][] = [
      [[], 'Name a command: recall.'],
      [['recall', '--lot', LOT], 'Name exactly one of --database URL or --data-dir DIR.'],
      [['recall', '--lot', LOT, '--order', 'X', '--database', url], 'Name exactly one of'],
      [['recall', '--lot', LOT, '--database', url, '--json', '--csv'], 'Choose one of'],
      [['recall', '--lot', LOT, '--database', url, '--from', '2024-02-30'], '--from takes a date'],
      [['recall', '--lot', LOT, '--database', url, '--bogus'], 'recall takes no option --bogus.'],
    ];
    for (const [k, [args, sentence]] of cases.entries()) {
      // The first as a real process, its variations in this one.
      const result = await (k === 0 ? run(args) : runHere(args));
      expect(result.code, args.join(' ')).toBe(2);
      expect(result.stderr.split('\n')[0]).toContain(sentence);
    }
  });
});
