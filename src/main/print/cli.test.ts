import { describe, expect, it } from 'vitest';
import { parseArgs, run } from './cli.ts';
import { DEFAULT_TIMEOUT_MS } from './printer.ts';

// The command line as a process is tested in test/print; here, how it reads its arguments.

describe('printer command line arguments', () => {
  it('reads print with every option, in either spelling', () => {
    expect(
      parseArgs([
        'print',
        'a.zpl',
        '--to=tcp://p',
        'b.zpl',
        '--copies',
        '2',
        '--force',
        '--raw',
        '--json',
        '--timeout-ms=750',
      ]),
    ).toEqual({
      command: 'print',
      target: 'tcp://p',
      files: ['a.zpl', 'b.zpl'],
      copies: 2,
      media: undefined,
      force: true,
      raw: true,
      json: true,
      timeoutMs: 750,
      station: undefined,
    });
  });

  it('reads --media A4|Letter in any case, for print only', () => {
    expect(parseArgs(['print', 'a.pdf', '--to', 'cups:Q', '--media', 'letter'])).toMatchObject({
      media: 'Letter',
    });
    expect(parseArgs(['print', 'a.pdf', '--to', 'cups:Q', '--media=A4'])).toMatchObject({
      media: 'A4',
    });
  });

  it('has defaults: one copy, the default timeout, no force, no raw', () => {
    expect(parseArgs(['status', 'cups:Q'])).toMatchObject({
      command: 'status',
      target: 'cups:Q',
      copies: 1,
      timeoutMs: DEFAULT_TIMEOUT_MS,
      force: false,
      raw: false,
      json: false,
    });
    expect(parseArgs(['test', '--to', 'cups:Q', '--station', 'Dock 1'])).toMatchObject({
      command: 'test',
      station: 'Dock 1',
    });
    expect(parseArgs(['--help'])).toBe('help');
  });

  it.each([
    [['print', 'a', '--to', 't', '--copies', '0'], /--copies needs a whole number from 1 to 999/],
    [['print', 'a', '--to', 't', '--copies', '1.5'], /--copies/],
    [['print', 'a', '--to'], /--to needs a value/],
    [['print', 'a', '--to', 't', '--json=yes'], /--json takes no value/],
    [['print', 'a', '--to', 't', '--station', 'x'], /print takes no option --station/],
    [['test', 'a.zpl', '--to', 't'], /test takes no files/],
    [['status', 'a', 'b'], /status takes one printer target/],
    [['status', 'a', '--raw'], /status takes no option --raw/],
    [
      ['print', 'a', '--to', 't', '--media', 'Legal'],
      /^--media needs A4 or Letter, got "Legal"\.$/,
    ],
    [['print', 'a', '--to', 't', '--media'], /--media needs a value/],
    [['print', 'a', '--to', 't', '--media', 'A4', '--raw'], /use one or the other/],
    [['test', '--to', 't', '--media', 'A4'], /test takes no option --media/],
  ])('refuses %j', (argv, message) => {
    expect(() => parseArgs(argv)).toThrow(message);
  });

  it('writes usage to stdout for --help and one sentence to stderr for bad input', async () => {
    const out: string[] = [];
    const err: string[] = [];
    const io = {
      out: { write: (t: string) => out.push(t) },
      err: { write: (t: string) => err.push(t) },
    };
    expect(await run(['--help'], io)).toBe(0);
    expect(out.join('')).toMatch(/^Usage:/);
    expect(await run(['print', 'x.zpl'], io)).toBe(1);
    expect(err).toEqual(['print needs --to TARGET (tcp://HOST[:PORT] or cups:QUEUE).\n']);
  });
});
