import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// The command line is a contract (issue 27): IT runs it against its scanners, so these tests
// run it as they would, a separate process through npm, and read only what it prints.

const ROOT = join(import.meta.dirname, '../..');
const GS = '\u001d';

const scan = (args: string[], input?: string) =>
  spawnSync('npm', ['run', '-s', 'scan', '--', ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    ...(input === undefined ? {} : { input }),
  });

const FIELDS = [
  'input',
  'kind',
  'symbology',
  'gtin',
  'lot',
  'expiry',
  'serial',
  'netWeight',
  'ais',
  'error',
];

interface Json {
  scans: Record<string, unknown>[];
}

describe('npm run -s scan -- parse', () => {
  it('prints the JSON contract, field for field, and exits 0 when every scan is read', () => {
    const gs1 = `]C10109521234543213` + `3103001234` + `10LOT42${GS}17270600` + '21SN7';
    const run = scan(['parse', gs1, '4006381333931', 'SKU-RED-M', '--json']);
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    const json = JSON.parse(run.stdout) as Json;
    expect(Object.keys(json)).toEqual(['scans']);
    for (const entry of json.scans) expect(Object.keys(entry)).toEqual(FIELDS);
    expect(json.scans).toEqual([
      {
        input: gs1,
        kind: 'gs1',
        symbology: 'GS1-128',
        gtin: '09521234543213',
        lot: 'LOT42',
        expiry: '2027-06-30',
        serial: 'SN7',
        netWeight: { value: 1.234, unit: 'kg' },
        ais: {
          '01': '09521234543213',
          '3103': '001234',
          '10': 'LOT42',
          '17': '270600',
          '21': 'SN7',
        },
        error: null,
      },
      {
        input: '4006381333931',
        kind: 'gtin',
        symbology: null,
        gtin: '04006381333931',
        lot: null,
        expiry: null,
        serial: null,
        netWeight: null,
        ais: {},
        error: null,
      },
      {
        input: 'SKU-RED-M',
        kind: 'text',
        symbology: null,
        gtin: null,
        lot: null,
        expiry: null,
        serial: null,
        netWeight: null,
        ais: {},
        error: null,
      },
    ]);
  });

  it('gives a refused scan its English sentence and exits 1', () => {
    const run = scan(['parse', '4006381333932', ']C10109521234543213' + '17270230', '--json']);
    expect(run.status).toBe(1);
    const json = JSON.parse(run.stdout) as Json;
    expect(json.scans.map((s) => s.error)).toEqual([
      {
        message:
          'The check digit of 4006381333932 is wrong: the code was misread or mistyped. Scan it again.',
      },
      { message: 'GS1 field (17) holds 270230, which is not a real date or time.' },
    ]);
    expect(json.scans.map((s) => s.kind)).toEqual(['gtin', 'gs1']);
  });

  it('refuses a GS1 string whose ]C1 prefix the scanner dropped when its check digit fails', () => {
    const run = scan(['parse', '0105901234123458', '00376130321109103421', '--json']);
    expect(run.status).toBe(1);
    const json = JSON.parse(run.stdout) as Json;
    expect(json.scans.map((s) => [s.kind, s.error])).toEqual([
      [
        'gs1',
        {
          message:
            'The check digit of 05901234123458 is wrong: the code was misread or mistyped. Scan it again.',
        },
      ],
      [
        'gs1',
        {
          message:
            'The check digit of 376130321109103421 is wrong: the code was misread or mistyped. Scan it again.',
        },
      ],
    ]);
  });

  it('without --json: one line per scan on stdout, each refusal one sentence on stderr', () => {
    const run = scan(['parse', '96385074', '96385075', ']E4963850745', 'PB-10002']);
    expect(run.status).toBe(1);
    expect(run.stdout.trimEnd().split('\n')).toEqual([
      '96385074: gtin, gtin 00000096385074',
      '96385075: gtin, refused',
      ']E4963850745: gtin, EAN-8, refused',
      'PB-10002: text',
    ]);
    expect(run.stderr.trimEnd().split('\n')).toEqual([
      'The check digit of 96385075 is wrong: the code was misread or mistyped. Scan it again.',
      'A EAN-8 code has 8 digits, and 963850745 does not.',
    ]);
  });

  it('reads one scan per line of stdin, ASCII 29 kept and only the line end taken off', () => {
    const lines = [
      `]d20109521234543213` + `10LOT42${GS}21SN7`,
      '(01)09521234543213(17)280200',
      `0109521234543213` + `10A${GS}`,
    ];
    const run = scan(['parse', '--stdin', '--json'], `${lines[0]}\r\n${lines[1]}\n${lines[2]}`);
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    const json = JSON.parse(run.stdout) as Json;
    expect(json.scans.map((s) => s.input)).toEqual(lines);
    expect(json.scans.map((s) => [s.kind, s.symbology, s.lot, s.serial, s.expiry])).toEqual([
      ['gs1', 'GS1 DataMatrix', 'LOT42', 'SN7', null],
      ['gs1', null, null, null, '2028-02-29'],
      ['gs1', null, 'A', null, null],
    ]);
  });

  it('shows the separator as <GS> in its readable line', () => {
    const run = scan(['parse', '--stdin'], `]C1` + `10LOT${GS}21SN\n`);
    expect(run.status).toBe(0);
    expect(run.stdout).toBe(
      ']C110LOT<GS>21SN: gs1, GS1-128, lot LOT, serial SN, AIs (10)LOT (21)SN\n',
    );
  });

  it('an empty line of stdin is an empty scan, refused', () => {
    const run = scan(['parse', '--stdin'], '96385074\n\n');
    expect(run.status).toBe(1);
    expect(run.stderr).toBe('The scan is empty: nothing was read. Scan the code again.\n');
  });

  it.each([
    [['frobnicate'], 'Unknown command "frobnicate": the only command is parse.'],
    [[], 'Name a command: parse.'],
    [['parse', '--bogus', '123'], 'Unknown option --bogus.'],
    [['parse'], 'Give at least one scan, or --stdin to read one per line.'],
  ])('bad usage %j exits 2 with a usage sentence and no stack trace', (args, sentence) => {
    const run = scan(args);
    expect(run.status).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr.split('\n')[0]).toBe(sentence);
    expect(run.stderr).toContain('Usage: npm run -s scan -- parse [TEXT...] [--stdin] [--json]');
    expect(run.stderr).not.toMatch(/\n\s+at /);
  });

  it('takes everything after "--" as scans', () => {
    const run = scan(['parse', '--json', '--', '--json']);
    expect(run.status).toBe(0);
    expect((JSON.parse(run.stdout) as Json).scans).toMatchObject([
      { input: '--json', kind: 'text' },
    ]);
  });
});
