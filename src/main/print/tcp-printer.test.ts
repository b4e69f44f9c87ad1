import { afterEach, describe, expect, it } from 'vitest';
import {
  ZebraEmulator,
  closedPort,
  isStatusOnly,
  type ZebraEmulatorOptions,
} from '@test/support/zebra-emulator.ts';
import { PrintError } from './errors.ts';
import type { JobResult } from './job.ts';
import { TcpPrinter } from './tcp-printer.ts';

let emulator: ZebraEmulator | undefined;
afterEach(async () => {
  await emulator?.close();
  emulator = undefined;
});

async function printerFor(options: Partial<ZebraEmulatorOptions> = {}) {
  emulator = await ZebraEmulator.start(options);
  return { emulator, printer: new TcpPrinter('127.0.0.1', emulator.port, { timeoutMs: 2000 }) };
}

const job = (name: string, bytes: Uint8Array | string) => ({
  name,
  bytes: typeof bytes === 'string' ? Buffer.from(bytes, 'latin1') : bytes,
});

/** Every byte value, many times over, in an order no encoder would leave alone. */
const binary = (size: number) =>
  Buffer.from(Array.from({ length: size }, (_, i) => (i * 7 + (i >> 8)) & 0xff));

describe('TcpPrinter.print', () => {
  it('asks ~HS first, then sends each job byte for byte on a connection of its own', async () => {
    const { emulator, printer } = await printerFor();
    const crlf = Buffer.from('^XA^FO10,10^FDcaf\xe9 \xa3\xff^FS\r\n^XZ\r\n^XA^XZ', 'latin1');
    const big = binary(300_000);
    const outcome = await printer.print([job('crlf.zpl', crlf), job('big.bin', big)]);
    expect(outcome.status).toMatchObject({ online: true, paperOut: false });
    expect(outcome.jobs.map(({ file, bytes, attempts }) => ({ file, bytes, attempts }))).toEqual([
      { file: 'crlf.zpl', bytes: crlf.length, attempts: 1 },
      { file: 'big.bin', bytes: big.length, attempts: 1 },
    ]);
    const [status, ...jobs] = emulator.connections;
    expect(status?.bytes.toString('latin1')).toBe('~HS');
    expect(jobs.map((c) => c.bytes)).toEqual([crlf, big]);
    expect(emulator.jobs()).toEqual([crlf, big]);
  });

  it.each([
    ['paperOut', 'paper out'],
    ['headOpen', 'head open'],
    ['paused', 'paused'],
    ['ribbonOut', 'ribbon out'],
  ] as const)('sends nothing when the printer reports %s, unless forced', async (flag, words) => {
    const { emulator, printer } = await printerFor({ flags: { [flag]: true } });
    const error = await printer.print([job('a.zpl', '^XA^XZ')]).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PrintError);
    expect((error as PrintError).code).toBe('printer-stopped');
    expect((error as PrintError).message).toContain(`reports ${words}: nothing was sent`);
    expect((error as PrintError).status).toMatchObject({ [flag]: true });
    expect(emulator.connections.every(isStatusOnly)).toBe(true);
    expect(emulator.jobs()).toEqual([]);

    const forced = await printer.print([job('a.zpl', '^XA^XZ')], { force: true });
    expect(forced.jobs).toHaveLength(1);
    expect(emulator.jobs()).toEqual([Buffer.from('^XA^XZ')]);
  });

  it('prints with a full buffer or labels still remaining: neither stops a printer', async () => {
    const { emulator, printer } = await printerFor({
      flags: { bufferFull: true, labelsRemaining: 3 },
    });
    await printer.print([job('a.zpl', '^XA^XZ')]);
    expect(emulator.jobs()).toHaveLength(1);
  });

  it('retries a job reset mid-way once, on a new connection; jobs already done are not resent', async () => {
    const one = Buffer.from('^XA^FDfirst^FS^XZ');
    const two = binary(50_000);
    const three = Buffer.from('^XA^FDthird^FS^XZ');
    const { emulator, printer } = await printerFor({ resetAfterBytes: 1000, resets: 1 });
    const told: JobResult[] = [];
    const outcome = await printer.print([job('1', one), job('2', two), job('3', three)], {
      onJob: (result) => told.push(result),
    });
    expect(outcome.jobs.map((j) => [j.file, j.attempts])).toEqual([
      ['1', 1],
      ['2', 2],
      ['3', 1],
    ]);
    expect(told).toEqual(outcome.jobs);
    const jobConnections = emulator.connections.filter((c) => !isStatusOnly(c));
    expect(jobConnections.map((c) => [c.bytes.length, c.reset])).toEqual([
      [one.length, false],
      [1000, true],
      [two.length, false],
      [three.length, false],
    ]);
    expect(jobConnections[1]?.bytes).toEqual(two.subarray(0, 1000));
    expect(emulator.jobs()).toEqual([one, two, three]);
  });

  it('gives up after the one retry with a sentence, naming what was already sent', async () => {
    const one = Buffer.from('^XA^FDfirst^FS^XZ');
    const { emulator, printer } = await printerFor({ resetAfterBytes: 1000, resets: 2 });
    const error = await printer
      .print([job('one.zpl', one), job('two.zpl', binary(20_000)), job('three.zpl', one)])
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PrintError);
    expect((error as PrintError).code).toBe('job-failed');
    expect((error as PrintError).message).toBe(
      `two.zpl was not printed: The printer at 127.0.0.1:${emulator.port} failed it twice ` +
        `(it reset the connection, then on the retry it reset the connection).`,
    );
    expect((error as PrintError).completed.map((j) => j.file)).toEqual(['one.zpl']);
    // one.zpl once, two.zpl cut twice, three.zpl never.
    expect(emulator.jobs()).toEqual([one]);
    expect(emulator.connections.filter((c) => c.reset)).toHaveLength(2);
  });

  it('works with a printer that takes one connection at a time', async () => {
    const { emulator, printer } = await printerFor({ oneAtATime: true });
    await printer.print([job('a', '^XA^FDa^FS^XZ'), job('b', '^XA^FDb^FS^XZ')]);
    expect(emulator.jobs().map(String)).toEqual(['^XA^FDa^FS^XZ', '^XA^FDb^FS^XZ']);
  });

  it('keeps two callers in one process from interleaving: each job whole, one after the other', async () => {
    const { emulator } = await printerFor();
    const a = new TcpPrinter('127.0.0.1', emulator.port, { timeoutMs: 2000 });
    const b = new TcpPrinter('127.0.0.1', emulator.port, { timeoutMs: 2000 });
    const aJobs = [binary(200_000), binary(150_000)].map((bytes, i) => job(`a${i}`, bytes));
    const bJobs = [binary(180_000).reverse()].map((bytes, i) => job(`b${i}`, bytes));
    await Promise.all([a.print(aJobs), b.print(bJobs)]);
    const jobs = emulator.connections.filter((c) => !isStatusOnly(c));
    expect(jobs.map((c) => c.bytes)).toEqual([...aJobs, ...bJobs].map((j) => j.bytes));
    for (let i = 1; i < jobs.length; i++)
      expect(jobs[i]?.firstData ?? 0).toBeGreaterThan(jobs[i - 1]?.closed ?? Infinity);
  });

  it('is unreachable when nothing listens, and sends nothing', async () => {
    const port = await closedPort();
    const printer = new TcpPrinter('127.0.0.1', port, { timeoutMs: 1000 });
    await expect(printer.print([job('a', '^XA^XZ')])).rejects.toMatchObject({
      code: 'unreachable',
    });
  });

  it('status() answers what ~HS says', async () => {
    const { printer } = await printerFor({ flags: { ribbonOut: true, labelsRemaining: 9 } });
    await expect(printer.status()).resolves.toEqual({
      online: true,
      paperOut: false,
      paused: false,
      headOpen: false,
      ribbonOut: true,
      bufferFull: false,
      labelsRemaining: 9,
    });
  });
});
