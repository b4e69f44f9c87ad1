// `npm run -s records -- recall (--lot L | --order ID | --gtin G) [--sku S]
//   [--from YYYY-MM-DD --to YYYY-MM-DD] (--database URL | --data-dir DIR) [--json | --csv]`
// (issue #40): a recall from a terminal, for IT and quality staff. Scripts rely on it, so the
// options, the JSON and the exit codes are a contract:
//   0 rows were found
//   1 the database or the folder cannot be read (one sentence on stderr, never a stack trace)
//   2 bad usage
//   3 nothing matched
// --database reads PostgreSQL (the password from the URL, else PGPASSWORD); --data-dir reads one
// station's own records. --json prints {"rows": [...], "source": "postgres" | "station"}; --csv
// the spreadsheet (UTF-8 with BOM); neither, a table for a person. Dates are the caller's local
// days, --to included.
import { resolve } from 'node:path';
import { translate } from '../../shared/i18n/translate.ts';
import { messageOf } from '../platform/guards.ts';
import { nodeFs } from '../platform/station-fs.ts';
import { connect, parseAddress, RecordsAddressError, type RecordsSentence } from './address.ts';
import { sentenceOf } from './errors.ts';
import { recallCsv } from './recall-csv.ts';
import {
  recallFromJournal,
  recallFromPostgres,
  type RecallQuery,
  type RecallRow,
} from './recall.ts';
import { openStationRecords, StationRecordsError } from './station-records.ts';

const USAGE = `Usage: npm run -s records -- recall (--lot L | --order ID | --gtin G) [--sku S]
         [--from YYYY-MM-DD --to YYYY-MM-DD] (--database URL | --data-dir DIR) [--json | --csv]
--database reads the fleet's records in PostgreSQL (password from the URL or PGPASSWORD);
--data-dir reads one station's own records (a station that is not running).
Exit: 0 rows found, 1 the database or folder cannot be read, 2 bad usage, 3 nothing matched.`;

export interface RecordsCliIo {
  out: (text: string) => void;
  err: (line: string) => void;
  env: Record<string, string | undefined>;
  cwd: string;
}

interface Options {
  query: RecallQuery;
  database: string | null;
  dataDir: string | null;
  format: 'json' | 'csv' | 'table';
}

type Usage = { key: string; params?: Record<string, string> };

const VALUED = [
  '--lot',
  '--order',
  '--gtin',
  '--sku',
  '--from',
  '--to',
  '--database',
  '--data-dir',
];

/** A local day's first instant; null for anything that is not a real YYYY-MM-DD. */
function localDay(text: string, after = 0): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return null;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(y, m - 1, d + after);
  if (new Date(y, m - 1, d).getDate() !== d || m < 1 || m > 12) return null;
  return date.getTime();
}

function parse(args: readonly string[]): Options | Usage {
  const [command, ...rest] = args;
  if (command === undefined) return { key: 'records.cli.noCommand' };
  if (command !== 'recall') return { key: 'records.cli.unknownCommand', params: { command } };
  const values = new Map<string, string>();
  const flags = new Set<string>();
  for (let i = 0; i < rest.length; i += 1) {
    const arg = rest[i] ?? '';
    const [flag = '', inline] = arg.startsWith('--') ? arg.split(/=(.*)/s, 2) : [arg];
    if (arg === '--json' || arg === '--csv') flags.add(arg);
    else if (VALUED.includes(flag)) {
      const value = inline ?? rest[(i += 1)];
      if (!value) return { key: 'records.cli.needsValue', params: { flag } };
      values.set(flag, value);
    } else return { key: 'records.cli.unknownOption', params: { flag } };
  }
  const keys = (['--lot', '--order', '--gtin'] as const).filter((k) => values.has(k));
  if (keys.length !== 1 || keys[0] === undefined) return { key: 'records.cli.oneKey' };
  if (values.has('--database') === values.has('--data-dir'))
    return { key: 'records.cli.oneSource' };
  if (flags.size > 1) return { key: 'records.cli.oneFormat' };
  const day = (flag: '--from' | '--to') => {
    const text = values.get(flag);
    if (text === undefined) return null;
    return (
      localDay(text, flag === '--to' ? 1 : 0) ?? {
        key: 'records.cli.badDate',
        params: { flag, value: text },
      }
    );
  };
  const from = day('--from');
  const to = day('--to');
  if (from !== null && typeof from === 'object') return from;
  if (to !== null && typeof to === 'object') return to;
  if (from !== null && to !== null && from >= to)
    return {
      key: 'records.cli.backwards',
      params: { from: values.get('--from') ?? '', to: values.get('--to') ?? '' },
    };
  return {
    query: {
      by: keys[0].slice(2) as RecallQuery['by'],
      value: values.get(keys[0]) ?? '',
      sku: values.get('--sku') ?? null,
      from,
      to,
    },
    database: values.get('--database') ?? null,
    dataDir: values.get('--data-dir') ?? null,
    format: flags.has('--json') ? 'json' : flags.has('--csv') ? 'csv' : 'table',
  };
}

class Unreadable extends Error {
  readonly sentence: RecordsSentence;
  constructor(sentence: RecordsSentence) {
    super(sentence.messageKey);
    this.sentence = sentence;
  }
}

async function fromPostgres(
  url: string,
  query: RecallQuery,
  io: RecordsCliIo,
): Promise<RecallRow[]> {
  const address = parseAddress({ url, password: null });
  // The URL's own password first, as psql does; else PGPASSWORD.
  address.config.password ??= io.env['PGPASSWORD'];
  try {
    const client = await connect(address);
    try {
      return await recallFromPostgres(client, query);
    } finally {
      await client.end().catch(() => undefined);
    }
  } catch (error) {
    throw new Unreadable(sentenceOf(error, address));
  }
}

function fromStation(dir: string, query: RecallQuery): RecallRow[] {
  const station = openStationRecords(dir, nodeFs);
  try {
    return recallFromJournal(station.journal, query);
  } finally {
    station.close();
  }
}

function table(rows: readonly RecallRow[]): string {
  const head = [
    'order',
    'sku',
    'lot',
    'expiry',
    'qty',
    'customer',
    'city',
    'packed at',
    'station',
    'packer',
    'label',
    'invoice',
  ];
  const cells = rows.map((r) => [
    r.order,
    r.sku,
    r.lot ?? '',
    r.expiry ?? '',
    String(r.quantity),
    r.customer ?? '',
    r.city ?? '',
    r.packedAt,
    r.station,
    r.packer,
    r.labelDelivered ? 'yes' : 'no',
    r.invoiceDelivered ? 'yes' : 'no',
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...cells.map((c) => (c[i] ?? '').length)));
  return (
    [head, ...cells]
      .map((c) =>
        c
          .map((v, i) => v.padEnd(widths[i] ?? 0))
          .join('  ')
          .trimEnd(),
      )
      .join('\n') + '\n'
  );
}

export async function runRecordsCli(args: readonly string[], io: RecordsCliIo): Promise<number> {
  if (args[0] === '--help' || args[0] === 'help' || args[0] === '-h') {
    io.out(`${USAGE}\n`);
    return 0;
  }
  const options = parse(args);
  if ('key' in options) {
    io.err(translate('en', options.key, options.params));
    io.err(USAGE);
    return 2;
  }
  const source = options.database !== null ? 'postgres' : 'station';
  let rows: RecallRow[];
  try {
    rows =
      options.database !== null
        ? await fromPostgres(options.database, options.query, io)
        : fromStation(resolve(io.cwd, options.dataDir ?? '.'), options.query);
  } catch (error) {
    if (
      error instanceof Unreadable ||
      error instanceof StationRecordsError ||
      error instanceof RecordsAddressError
    ) {
      io.err(translate('en', error.sentence.messageKey, error.sentence.params));
      return 1;
    }
    throw error;
  }
  if (options.format === 'json') io.out(`${JSON.stringify({ rows, source })}\n`);
  else if (options.format === 'csv') io.out(recallCsv(rows));
  else if (rows.length > 0) io.out(table(rows));
  if (rows.length > 0) return 0;
  const { by, value } = options.query;
  io.err(translate('en', 'records.cli.nothing', { query: `--${by} ${value}` }));
  return 3;
}

if (import.meta.main) {
  const lastResort = (error: unknown) => {
    process.stderr.write(`The recall could not be made: ${messageOf(error)}\n`);
    process.exit(1);
  };
  process.on('uncaughtException', lastResort);
  process.on('unhandledRejection', lastResort);
  process.exitCode = await runRecordsCli(process.argv.slice(2), {
    out: (text) => process.stdout.write(text),
    err: (line) => process.stderr.write(`${line}\n`),
    env: process.env,
    // npm runs scripts in the project folder; the caller's own folder is INIT_CWD.
    cwd: process.env['INIT_CWD'] ?? process.cwd(),
  });
}
