import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import {
  ZebraEmulator,
  closedPort,
  isStatusOnly,
  type ZebraEmulatorOptions,
} from '../support/zebra-emulator.ts';
import { oneSentence, printerCli } from './helpers.ts';

// `npm run -s printer -- …` is a contract (issue #20): these tests run it as a separate
// process against the Zebra emulator and read only what it prints, its exit code and the
// bytes that reached the "printer".

const dir = mkdtempSync(join(tmpdir(), 'packbench-printer-cli-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const file = (name: string, content: string | Buffer) => {
  const path = join(dir, name);
  writeFileSync(path, typeof content === 'string' ? Buffer.from(content, 'latin1') : content);
  return path;
};

let emulator: ZebraEmulator | undefined;
afterEach(async () => {
  await emulator?.close();
  emulator = undefined;
});
const start = async (options: Partial<ZebraEmulatorOptions> = {}) =>
  (emulator = await ZebraEmulator.start(options));

const LABEL = '^XA^FO20,20^A0N,30,30^FDhello^FS^XZ';
const STATUS_KEYS = [
  'online',
  'paperOut',
  'paused',
  'headOpen',
  'ribbonOut',
  'bufferFull',
  'labelsRemaining',
];

describe('printer status', () => {
  it('exits 0 with "ready" for a ready printer, and prints the contract JSON', async () => {
    const zebra = await start({ flags: { labelsRemaining: 0 } });
    const plain = await printerCli(['status', zebra.target]);
    expect([plain.status, plain.stdout, plain.stderr]).toEqual([0, 'ready\n', '']);

    const json = await printerCli(['status', zebra.target, '--json', '--timeout-ms', '2000']);
    expect(json.status).toBe(0);
    const parsed = JSON.parse(json.stdout) as Record<string, unknown>;
    expect(Object.keys(parsed)).toEqual(STATUS_KEYS);
    expect(parsed).toEqual({
      online: true,
      paperOut: false,
      paused: false,
      headOpen: false,
      ribbonOut: false,
      bufferFull: false,
      labelsRemaining: 0,
    });
  });

  it.each([
    ['paperOut', 'paper out'],
    ['headOpen', 'head open'],
    ['paused', 'paused'],
    ['ribbonOut', 'ribbon out'],
  ] as const)('exits 3 when the printer reports %s, saying so on stdout', async (flag, words) => {
    const zebra = await start({ flags: { [flag]: true, labelsRemaining: 12 } });
    const plain = await printerCli(['status', zebra.target]);
    expect([plain.status, plain.stdout]).toEqual([3, `${words}, 12 labels remaining\n`]);
    const json = await printerCli(['status', zebra.target, '--json']);
    expect(json.status).toBe(3);
    expect(JSON.parse(json.stdout)).toMatchObject({ [flag]: true, labelsRemaining: 12 });
  });

  it('exits 0 with a full buffer and labels remaining: they do not stop printing', async () => {
    const zebra = await start({ flags: { bufferFull: true, labelsRemaining: 1 } });
    const run = await printerCli(['status', zebra.target]);
    expect([run.status, run.stdout]).toEqual([0, 'ready, buffer full, 1 label remaining\n']);
  });

  it('exits 2 "not answering" when the printer stays silent past --timeout-ms; no JSON', async () => {
    const zebra = await start({ silent: true });
    const run = await printerCli(['status', zebra.target, '--json', '--timeout-ms', '200']);
    expect(run.status).toBe(2);
    expect(run.stdout).toBe('');
    expect(oneSentence(run)).toBe(
      `The printer at 127.0.0.1:${zebra.port} is not answering: no status reply within 200 ms.`,
    );
  });

  it('exits 2 when the reply never completes or the printer is slow to take the connection', async () => {
    const partial = await start({ replyStrings: 2 });
    const cut = await printerCli(['status', partial.target, '--timeout-ms', '200']);
    expect(cut.status).toBe(2);
    expect(oneSentence(cut)).toMatch(/only 2 of the 3 status lines/);
    await partial.close();
    const slow = await start({ acceptDelayMs: 1500 });
    const run = await printerCli(['status', slow.target, '--timeout-ms', '200']);
    expect(run.status).toBe(2);
    expect(oneSentence(run)).toMatch(/not answering/);
  });

  it('reads a reply split into many slow segments', async () => {
    const zebra = await start({
      flags: { paused: true },
      replyChunkBytes: 3,
      replyChunkDelayMs: 5,
    });
    const run = await printerCli(['status', zebra.target, '--json']);
    expect(run.status).toBe(3);
    expect(JSON.parse(run.stdout)).toMatchObject({ paused: true, paperOut: false });
  });

  it('exits 2 "unreachable" when nothing listens', async () => {
    const port = await closedPort();
    const run = await printerCli(['status', `tcp://127.0.0.1:${port}`, '--json']);
    expect([run.status, run.stdout]).toEqual([2, '']);
    expect(oneSentence(run)).toMatch(/^The printer at 127\.0\.0\.1:\d+ is unreachable: /);
  });

  it.each([
    [['status'], /status takes one printer target/],
    [
      ['status', 'http://printer'],
      /is not a printer target: use tcp:\/\/HOST\[:PORT\], cups:QUEUE or windows:PRINTER\./,
    ],
    [['status', 'tcp://printer:99999'], /is not a port/],
    [['status', 'tcp://p', '--copies', '2'], /status takes no option --copies/],
    [['status', 'tcp://p', '--timeout-ms', 'soon'], /--timeout-ms needs a whole number/],
    [['frobnicate'], /Unknown command "frobnicate"/],
    [[], /Name a command/],
  ])('exits 1 on bad input %j with one sentence', async (args, message) => {
    const run = await printerCli(args);
    expect(run.status).toBe(1);
    expect(oneSentence(run)).toMatch(message);
  });
});

describe('printer print', () => {
  it('sends each file byte for byte and prints {"jobs": [{file, bytes, ms}]} in the order given', async () => {
    const zebra = await start();
    // CRLF line ends, Latin-1 bytes, no trailing newline: nothing may be re-encoded or added.
    const exact = Buffer.from('^XA\r\n^CI27^FO10,10^FDK\xf6ln \xa3 5\xb0C^FS\r\n^XZ', 'latin1');
    const a = file('exact.zpl', exact);
    const b = file('second.zpl', `${LABEL}\n`);
    const run = await printerCli(['print', a, b, '--to', zebra.target, '--json']);
    expect(run.status).toBe(0);
    expect(run.stderr).toBe('');
    const { jobs } = JSON.parse(run.stdout) as { jobs: Record<string, unknown>[] };
    expect(jobs.map((j) => Object.keys(j))).toEqual([
      ['file', 'bytes', 'ms'],
      ['file', 'bytes', 'ms'],
    ]);
    expect(jobs.map((j) => [j.file, j.bytes])).toEqual([
      [a, exact.length],
      [b, LABEL.length + 1],
    ]);
    expect(jobs.every((j) => typeof j.ms === 'number' && j.ms >= 0)).toBe(true);
    expect(zebra.jobs()).toEqual([exact, Buffer.from(`${LABEL}\n`)]);
    expect(zebra.connections[0]?.bytes.toString()).toBe('~HS');
  });

  it("reads a relative FILE from the caller's folder, as npm run reports it (INIT_CWD)", async () => {
    const zebra = await start();
    file('relative.zpl', LABEL);
    const run = await printerCli(['print', 'relative.zpl', '--to', zebra.target, '--json'], {
      ...process.env,
      INIT_CWD: dir,
    });
    expect([run.status, run.stderr]).toEqual([0, '']);
    expect(zebra.jobs()).toEqual([Buffer.from(LABEL)]);
  });

  it('prints one line per job without --json', async () => {
    const zebra = await start();
    const a = file('plain.zpl', LABEL);
    const run = await printerCli(['print', a, '--to', zebra.target]);
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(
      new RegExp(
        `^${a.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: ${LABEL.length} bytes to tcp://127\\.0\\.0\\.1:${zebra.port} in [\\d.]+ ms\\n$`,
      ),
    );
  });

  it('--copies N sends the file N times, each copy a job of its own', async () => {
    const zebra = await start();
    const a = file('copies.zpl', LABEL);
    const b = file('other.zpl', '^XA^FDother^FS^XZ');
    const run = await printerCli(['print', a, b, '--to', zebra.target, '--copies', '3', '--json']);
    expect(run.status).toBe(0);
    const { jobs } = JSON.parse(run.stdout) as { jobs: { file: string }[] };
    expect(jobs.map((j) => j.file)).toEqual([a, a, a, b, b, b]);
    expect(zebra.jobs().map(String)).toEqual([
      LABEL,
      LABEL,
      LABEL,
      '^XA^FDother^FS^XZ',
      '^XA^FDother^FS^XZ',
      '^XA^FDother^FS^XZ',
    ]);
  });

  it.each([
    [
      'a plain text file',
      'note.txt',
      'Dear customer,\nthank you.\n',
      /note\.txt is not ZPL: it has no label/,
    ],
    ['a PDF', 'label.pdf', '%PDF-1.7\n1 0 obj\n<<>>\nendobj\n', /label\.pdf is a PDF, not ZPL/],
    [
      '^XA without ^XZ',
      'open.zpl',
      '^XA^FO1,1^FDno end^FS',
      /open\.zpl is not a whole ZPL label: the \^XA at line 1, column 1 has no \^XZ/,
    ],
  ])('exits 1 for %s and sends nothing, not even ~HS', async (_what, name, content, message) => {
    const zebra = await start();
    const good = file('good.zpl', LABEL);
    const run = await printerCli([
      'print',
      good,
      file(name, content),
      '--to',
      zebra.target,
      '--json',
    ]);
    expect(run.status).toBe(1);
    expect(run.stdout).toBe('');
    const sentence = oneSentence(run);
    expect(sentence).toMatch(message);
    expect(sentence).toMatch(/nothing was sent\.$/);
    expect(zebra.connections).toEqual([]);
  });

  it('exits 1 for a missing file and for a bad target, sending nothing', async () => {
    const zebra = await start();
    const good = file('good.zpl', LABEL);
    const missing = await printerCli(['print', good, join(dir, 'nope.zpl'), '--to', zebra.target]);
    expect(missing.status).toBe(1);
    expect(oneSentence(missing)).toBe(`${join(dir, 'nope.zpl')}: no such file; nothing was sent.`);
    const bad = await printerCli(['print', good, '--to', `udp://127.0.0.1:${zebra.port}`]);
    expect(bad.status).toBe(1);
    expect(oneSentence(bad)).toMatch(/is not a printer target/);
    const none = await printerCli(['print', good]);
    expect(none.status).toBe(1);
    expect(oneSentence(none)).toMatch(/print needs --to TARGET/);
    const noFiles = await printerCli(['print', '--to', zebra.target]);
    expect(noFiles.status).toBe(1);
    expect(oneSentence(noFiles)).toMatch(/Name at least one file/);
    expect(zebra.connections).toEqual([]);
  });

  it('--raw sends a file that is not ZPL, byte for byte', async () => {
    const zebra = await start();
    const text = Buffer.from('Not a label at all.\r\nLine two \xe9\x00\xff', 'latin1');
    const run = await printerCli(['print', file('raw.txt', text), '--to', zebra.target, '--raw']);
    expect(run.status).toBe(0);
    expect(zebra.jobs()).toEqual([text]);
  });

  it.each([
    ['paperOut', 'paper out'],
    ['headOpen', 'head open'],
    ['paused', 'paused'],
    ['ribbonOut', 'ribbon out'],
  ] as const)(
    'exits 3 and sends nothing when the printer reports %s; --force sends',
    async (flag, words) => {
      const zebra = await start({ flags: { [flag]: true } });
      const a = file('stopped.zpl', LABEL);
      const run = await printerCli(['print', a, '--to', zebra.target, '--json']);
      expect(run.status).toBe(3);
      expect(oneSentence(run)).toBe(
        `The printer at 127.0.0.1:${zebra.port} reports ${words}: nothing was sent (fix the printer, or send anyway with --force).`,
      );
      const json = JSON.parse(run.stdout) as { jobs: unknown[]; status: Record<string, unknown> };
      expect(json.jobs).toEqual([]);
      expect(json.status).toMatchObject({ [flag]: true });
      expect(zebra.connections.every(isStatusOnly)).toBe(true);
      expect(zebra.jobs()).toEqual([]);

      const forced = await printerCli(['print', a, '--to', zebra.target, '--force']);
      expect(forced.status).toBe(0);
      expect(zebra.jobs().map(String)).toEqual([LABEL]);
    },
  );

  it('exits 2 when the printer is unreachable or not answering, sending nothing', async () => {
    const a = file('unsent.zpl', LABEL);
    const port = await closedPort();
    const unreachable = await printerCli(['print', a, '--to', `tcp://127.0.0.1:${port}`]);
    expect(unreachable.status).toBe(2);
    expect(oneSentence(unreachable)).toMatch(/unreachable/);

    const zebra = await start({ silent: true });
    const silent = await printerCli(['print', a, '--to', zebra.target, '--timeout-ms', '200']);
    expect(silent.status).toBe(2);
    expect(oneSentence(silent)).toMatch(/is not answering/);
    expect(zebra.connections.every(isStatusOnly)).toBe(true);
  });

  it('retries a job reset mid-way once: it arrives exactly once whole, earlier jobs are not resent', async () => {
    const first = Buffer.from('^XA^FDfirst^FS^XZ');
    const big = Buffer.from(`^XA${'^FO10,10^FDxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx^FS'.repeat(2000)}^XZ`);
    const zebra = await start({ resetAfterBytes: 4096, resets: 1 });
    const run = await printerCli([
      'print',
      file('first.zpl', first),
      file('big.zpl', big),
      '--to',
      zebra.target,
      '--json',
    ]);
    expect(run.status).toBe(0);
    expect((JSON.parse(run.stdout) as { jobs: unknown[] }).jobs).toHaveLength(2);
    expect(zebra.jobs()).toEqual([first, big]);
    const cut = zebra.connections.filter((c) => c.reset);
    expect(cut.map((c) => c.bytes)).toEqual([big.subarray(0, 4096)]);
    expect(zebra.connections.filter((c) => c.bytes.equals(first))).toHaveLength(1);
  });

  it('exits 2 with a sentence when the retry fails too, listing only what was sent whole', async () => {
    const first = Buffer.from('^XA^FDfirst^FS^XZ');
    const big = Buffer.from(`^XA${'^FO10,10^FDyyyyyyyyyy^FS'.repeat(3000)}^XZ`);
    const zebra = await start({ resetAfterBytes: 4096, resets: 2 });
    const a = file('ok.zpl', first);
    const b = file('doomed.zpl', big);
    const c = file('after.zpl', first);
    const run = await printerCli(['print', a, b, c, '--to', zebra.target, '--json']);
    expect(run.status).toBe(2);
    expect(oneSentence(run)).toBe(
      `${b} was not printed: The printer at 127.0.0.1:${zebra.port} failed it twice ` +
        '(it reset the connection, then on the retry it reset the connection).',
    );
    const json = JSON.parse(run.stdout) as { jobs: { file: string }[] };
    expect(json.jobs.map((j) => j.file)).toEqual([a]);
    expect(zebra.jobs()).toEqual([first]);
  });

  it('works against a printer that takes one connection at a time', async () => {
    const zebra = await start({ oneAtATime: true });
    const run = await printerCli([
      'print',
      file('one.zpl', LABEL),
      '--to',
      zebra.target,
      '--copies',
      '2',
    ]);
    expect(run.status).toBe(0);
    expect(zebra.jobs().map(String)).toEqual([LABEL, LABEL]);
  });
});

describe('printer test', () => {
  it('prints one test label naming this station, the date and time, and the printer status', async () => {
    const zebra = await start({ flags: { labelsRemaining: 2 } });
    const before = new Date();
    const run = await printerCli(['test', '--to', zebra.target, '--json']);
    const after = new Date();
    expect(run.status).toBe(0);
    const json = JSON.parse(run.stdout) as {
      station: string;
      time: string;
      status: Record<string, unknown>;
      jobs: { file: string; bytes: number }[];
    };
    expect(json.station).toBe(hostname());
    expect(json.status).toMatchObject({ online: true, labelsRemaining: 2 });
    const [label] = zebra.jobs();
    expect(zebra.jobs()).toHaveLength(1);
    expect(json.jobs).toEqual([
      { file: 'test label', bytes: label?.length, ms: expect.any(Number) },
    ]);
    const text = label?.toString('utf8') ?? '';
    expect(text.startsWith('^XA')).toBe(true);
    expect(text.trimEnd().endsWith('^XZ')).toBe(true);
    expect(text).toContain(
      `Station: ${hostname().replace(/[_^~]/g, (c) => `_${c.charCodeAt(0).toString(16).toUpperCase()}`)}`,
    );
    expect(text).toContain('Status: ready, 2 labels remaining');
    // The printed time is the station's local time with its offset, taken during the run.
    const m = /Printed: (\d{4})-(\d\d)-(\d\d) (\d\d):(\d\d):(\d\d) ([+-])(\d\d):(\d\d)/.exec(text);
    expect(m).not.toBeNull();
    const [y, mo, d, h, mi, s, oh, om] = [1, 2, 3, 4, 5, 6, 8, 9].map((i) => Number(m?.[i]));
    const sign = m?.[7] === '-' ? -1 : 1;
    const offsetMs = sign * ((oh ?? 0) * 60 + (om ?? 0)) * 60_000;
    const printed = Date.UTC(y ?? 0, (mo ?? 0) - 1, d, h, mi, s) - offsetMs;
    expect(printed).toBeGreaterThanOrEqual(Math.floor(before.getTime() / 1000) * 1000);
    expect(printed).toBeLessThanOrEqual(after.getTime());
    expect(json.time).toBe(m?.[0].slice('Printed: '.length));
  });

  it('takes --station, and says the same in a line without --json', async () => {
    const zebra = await start();
    const run = await printerCli(['test', '--to', zebra.target, '--station', 'Dock 7']);
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(
      new RegExp(
        `^Test label sent to tcp://127\\.0\\.0\\.1:${zebra.port}: station Dock 7, .+, printer ready\\.\\n$`,
      ),
    );
    expect(zebra.jobs()[0]?.toString()).toContain('Station: Dock 7');
  });

  it('exits 3 and sends nothing when the printer is out of paper; --force prints its status on the label', async () => {
    const zebra = await start({ flags: { paperOut: true } });
    const run = await printerCli(['test', '--to', zebra.target, '--json']);
    expect(run.status).toBe(3);
    expect(oneSentence(run)).toMatch(/reports paper out: nothing was sent/);
    expect(JSON.parse(run.stdout)).toMatchObject({ jobs: [], status: { paperOut: true } });
    expect(zebra.jobs()).toEqual([]);
    const forced = await printerCli(['test', '--to', zebra.target, '--force']);
    expect(forced.status).toBe(0);
    expect(zebra.jobs()[0]?.toString()).toContain('Status: paper out');
  });

  it('exits 2 when the printer does not answer, and 1 for a bad target', async () => {
    const zebra = await start({ silent: true });
    const silent = await printerCli(['test', '--to', zebra.target, '--timeout-ms', '200']);
    expect(silent.status).toBe(2);
    expect(oneSentence(silent)).toMatch(/not answering/);
    const bad = await printerCli(['test', '--to', 'cups:']);
    expect(bad.status).toBe(1);
    expect(oneSentence(bad)).toMatch(/does not name a CUPS queue/);
  });
});
