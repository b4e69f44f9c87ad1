import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { listCupsQueues } from '../../src/main/print/cups-printer.ts';
import { openPrinter } from '../../src/main/print/printer.ts';
import { toTarget } from '../../src/main/print/target.ts';
import { PrivateCupsd } from '../support/private-cupsd.ts';
import { until } from '../support/until.ts';
import { ZebraEmulator, closedPort } from '../support/zebra-emulator.ts';
import { oneSentence, printerCli } from './helpers.ts';

// Printing through CUPS (issue #20): a private cupsd with raw socket:// queues pointing at the
// Zebra emulator. What lp hands CUPS must come out at the printer byte for byte.

const dir = mkdtempSync(join(tmpdir(), 'packbench-printer-cups-'));
let cupsd: PrivateCupsd;
let zebra: ZebraEmulator;

beforeAll(async () => {
  zebra = await ZebraEmulator.start();
  cupsd = await PrivateCupsd.start();
  cupsd.addRawQueue('Zebra', `socket://127.0.0.1:${zebra.port}`);
  cupsd.addRawQueue('Spare', `socket://127.0.0.1:${zebra.port}`);
});
afterAll(async () => {
  await cupsd.stop();
  await zebra.close();
  rmSync(dir, { recursive: true, force: true });
});
beforeEach(() => {
  for (const args of [
    ['cupsenable', 'Zebra'],
    ['cupsaccept', 'Zebra'],
  ] as const)
    expect(cupsd.run(args[0], [args[1]]).status).toBe(0);
});

const file = (name: string, content: Buffer) => {
  const path = join(dir, name);
  writeFileSync(path, content);
  return path;
};

async function arrived(count: number): Promise<Buffer[]> {
  await until(() => zebra.jobs().length >= count, `${count} jobs at the emulator`);
  return zebra.jobs();
}

const pendingJobs = () => cupsd.run('lpstat', ['-o']).stdout.trim();

describe('cups:QUEUE targets', () => {
  it('delivers each file exactly to the printer behind the raw queue, and prints the JSON', async () => {
    const before = zebra.jobs().length;
    const exact = Buffer.from('^XA\r\n^FO5,5^FD\xc4rger \xa7 \xff^FS\r\n^XZ', 'latin1');
    const a = file('exact.zpl', exact);
    const run = await printerCli(['print', a, '--to', 'cups:Zebra', '--json'], cupsd.env);
    expect([run.status, run.stderr]).toEqual([0, '']);
    expect(JSON.parse(run.stdout)).toEqual({
      jobs: [{ file: a, bytes: exact.length, ms: expect.any(Number) }],
    });
    expect((await arrived(before + 1)).slice(before)).toEqual([exact]);
  });

  it('sends a non-ZPL file with --raw and copies as separate jobs, all byte for byte', async () => {
    const before = zebra.jobs().length;
    const binary = Buffer.from(Array.from({ length: 256 }, (_, i) => i));
    const run = await printerCli(
      ['print', file('all-bytes.bin', binary), '--to', 'cups:Zebra', '--raw', '--copies', '2'],
      cupsd.env,
    );
    expect(run.status).toBe(0);
    expect((await arrived(before + 2)).slice(before)).toEqual([binary, binary]);
  });

  it('reports a ready queue as ready (exit 0) and lists the queues', async () => {
    const run = await printerCli(['status', 'cups:Zebra', '--json'], cupsd.env);
    expect(run.status).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual({
      online: true,
      paperOut: false,
      paused: false,
      headOpen: false,
      ribbonOut: false,
      bufferFull: false,
      labelsRemaining: 0,
    });
    const queues = await listCupsQueues({ timeoutMs: 5000, env: cupsd.env });
    expect(queues).toEqual([
      {
        name: 'Spare',
        device: `socket://127.0.0.1:${zebra.port}`,
        accepting: true,
        enabled: true,
        kind: 'raw',
      },
      {
        name: 'Zebra',
        device: `socket://127.0.0.1:${zebra.port}`,
        accepting: true,
        enabled: true,
        kind: 'raw',
      },
    ]);
  });

  it('a disabled (paused) queue: status exits 3 "paused", print exits 3 and submits nothing; --force queues it', async () => {
    expect(cupsd.run('cupsdisable', ['Zebra']).status).toBe(0);
    const status = await printerCli(['status', 'cups:Zebra'], cupsd.env);
    expect([status.status, status.stdout]).toEqual([3, 'paused\n']);

    const label = file('paused.zpl', Buffer.from('^XA^FDpaused^FS^XZ'));
    const run = await printerCli(['print', label, '--to', 'cups:Zebra', '--json'], cupsd.env);
    expect(run.status).toBe(3);
    expect(oneSentence(run)).toBe(
      'The CUPS queue Zebra reports paused: nothing was sent (fix the printer, or send anyway with --force).',
    );
    expect(JSON.parse(run.stdout)).toMatchObject({ jobs: [], status: { paused: true } });
    expect(pendingJobs()).toBe('');

    const before = zebra.jobs().length;
    const forced = await printerCli(['print', label, '--to', 'cups:Zebra', '--force'], cupsd.env);
    expect(forced.status).toBe(0);
    expect(pendingJobs()).toMatch(/^Zebra-\d+ /);
    expect(cupsd.run('cupsenable', ['Zebra']).status).toBe(0);
    expect((await arrived(before + 1)).slice(before).map(String)).toEqual(['^XA^FDpaused^FS^XZ']);
  });

  it('a queue rejecting jobs: status and print exit 3 "not accepting jobs"', async () => {
    expect(cupsd.run('cupsreject', ['Zebra']).status).toBe(0);
    const status = await printerCli(['status', 'cups:Zebra', '--json'], cupsd.env);
    expect(status.status).toBe(3);
    expect(JSON.parse(status.stdout)).toMatchObject({ online: false, paused: false });
    const run = await printerCli(
      ['print', file('rejected.zpl', Buffer.from('^XA^XZ')), '--to', 'cups:Zebra'],
      cupsd.env,
    );
    expect(run.status).toBe(3);
    expect(oneSentence(run)).toMatch(/reports not accepting jobs: nothing was sent/);
  });

  it('prints the test label through CUPS', async () => {
    const before = zebra.jobs().length;
    const run = await printerCli(['test', '--to', 'cups:Zebra', '--station', 'Dock 9'], cupsd.env);
    expect(run.status).toBe(0);
    const [label] = (await arrived(before + 1)).slice(before);
    expect(label?.toString()).toContain('Station: Dock 9');
    expect(label?.toString()).toContain('Printer: cups:Zebra');
  });

  it('exits 1 for a queue the server does not have, and 2 when the server is not there', async () => {
    const missing = await printerCli(['status', 'cups:Nope'], cupsd.env);
    expect(missing.status).toBe(1);
    expect(oneSentence(missing)).toBe(
      `The CUPS server at ${cupsd.server} has no queue named Nope (lpstat -v lists the queues).`,
    );
    const port = await closedPort();
    const down = { ...cupsd.env, CUPS_SERVER: `127.0.0.1:${port}` };
    const run = await printerCli(
      ['print', file('down.zpl', Buffer.from('^XA^XZ')), '--to', 'cups:Zebra'],
      down,
    );
    expect(run.status).toBe(2);
    expect(oneSentence(run)).toBe(
      `The CUPS server at 127.0.0.1:${port} is not running or cannot be reached.`,
    );
  });

  it('openPrinter drives a CUPS queue like a TCP printer', async () => {
    const before = zebra.jobs().length;
    const printer = openPrinter(toTarget('cups:Spare'), { env: cupsd.env, timeoutMs: 5000 });
    expect(printer.name).toBe('cups:Spare');
    const outcome = await printer.print([
      { name: 'api.zpl', bytes: Buffer.from('^XA^FDapi^FS^XZ') },
    ]);
    expect(outcome.jobs.map((j) => [j.file, j.bytes, j.attempts])).toEqual([['api.zpl', 15, 1]]);
    expect((await arrived(before + 1)).slice(before).map(String)).toEqual(['^XA^FDapi^FS^XZ']);
  });
});
