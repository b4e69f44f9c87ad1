import { describe, expect, it } from 'vitest';
import { realPdf } from '@test/support/pdf.ts';
import type { CommandRun, RunCommandOptions } from './command.ts';
import { openPrinter } from './printer.ts';
import { QUEUE_FLAGS, powershellPath, statusOfQueue } from './windows-printer.ts';
import { PRINT_SCRIPT, STATUS_SCRIPT } from './windows-scripts.ts';

// windows:PRINTER cannot run here (no Windows, no PowerShell): these tests check what the
// transport asks of PowerShell — the program, its arguments, the environment, stdin — and how
// it reads the answers, with a stand-in that answers as the scripts would. Nothing here proves
// that a real Windows prints; docs/printing.md says so.

interface Call {
  command: string;
  args: readonly string[];
  options: RunCommandOptions;
  script: string;
}

/** A stand-in PowerShell: answers the status script and the print script in turn. */
function standIn(answers: { status?: CommandRun; prints?: CommandRun[] }) {
  const calls: Call[] = [];
  const prints = [...(answers.prints ?? [])];
  const run = (command: string, args: readonly string[], options: RunCommandOptions) => {
    const encoded = args[args.indexOf('-EncodedCommand') + 1] ?? '';
    const script = Buffer.from(encoded, 'base64').toString('utf16le');
    calls.push({ command, args, options, script });
    if (script === STATUS_SCRIPT)
      return Promise.resolve(
        answers.status ?? { code: 0, stdout: '{"found":true,"status":0,"jobs":0}', stderr: '' },
      );
    return Promise.resolve(prints.shift() ?? { code: 0, stdout: '', stderr: '' });
  };
  return { calls, run };
}

const ok: CommandRun = { code: 0, stdout: '', stderr: '' };
const env = { SystemRoot: 'C:\\Windows', PATH: 'C:\\Windows\\System32' };
const open = (printer: string, run: ReturnType<typeof standIn>['run'], platform = 'win32') =>
  openPrinter(
    { kind: 'windows', printer },
    { env, timeoutMs: 3000, run, platform: platform as NodeJS.Platform },
  );

describe('windows:PRINTER transport (a stand-in for PowerShell)', () => {
  it('prints a PDF: status first, then one PowerShell run with the PDF on stdin and the options in its environment', async () => {
    const { calls, run } = standIn({ prints: [ok] });
    const pdf = realPdf('slip');
    const outcome = await open('HP LaserJet (Office)', run).print([
      { name: 'C:\\slips\\slip 7.pdf', bytes: pdf, document: { media: 'A4', copies: 2 } },
    ]);
    expect(outcome.jobs.map((j) => [j.file, j.bytes, j.attempts])).toEqual([
      ['C:\\slips\\slip 7.pdf', pdf.length, 1],
    ]);
    expect(calls.map((c) => c.script)).toEqual([STATUS_SCRIPT, PRINT_SCRIPT]);
    const [status, print] = calls;
    // Windows PowerShell 5.1 by its full path, no profile, no prompt.
    expect(print?.command).toBe('C:\\Windows\\System32\\WindowsPowerShell\\v1.0\\powershell.exe');
    expect(print?.args.slice(0, 6)).toEqual([
      '-NoLogo',
      '-NoProfile',
      '-NonInteractive',
      '-ExecutionPolicy',
      'Bypass',
      '-EncodedCommand',
    ]);
    expect(status?.options.env.PACKBENCH_PRINTER).toBe('HP LaserJet (Office)');
    expect(print?.options.env).toMatchObject({
      PACKBENCH_PRINTER: 'HP LaserJet (Office)',
      PACKBENCH_TITLE: 'slip 7.pdf',
      PACKBENCH_COPIES: '2',
      PACKBENCH_MEDIA: 'A4',
    });
    expect(Buffer.from(print?.options.input ?? new Uint8Array())).toEqual(Buffer.from(pdf));
    // PowerShell's start and a page's rendering need more than a ~HS reply's 3 s.
    expect(status?.options.timeoutMs).toBe(15_000);
    expect(print?.options.timeoutMs).toBe(120_000);
  });

  it('never puts the printer’s name or the file’s into the script: a name cannot inject PowerShell', async () => {
    const { calls, run } = standIn({ prints: [ok] });
    const name = `Bench's "2"; $(Remove-Item C:\\) \``;
    await open(name, run).print([
      { name: `a'$(x).pdf`, bytes: realPdf('x'), document: { copies: 1 } },
    ]);
    for (const call of calls) {
      expect(call.script).not.toContain('Remove-Item');
      expect(call.script).not.toContain("a'$(x)");
      expect(call.options.env.PACKBENCH_PRINTER).toBe(name);
    }
  });

  it('leaves the paper to the printer when none is given, and makes one copy', async () => {
    const { calls, run } = standIn({ prints: [ok] });
    await open('Office', run).print([{ name: 'a.pdf', bytes: realPdf('x'), document: {} }]);
    expect(calls[1]?.options.env).toMatchObject({ PACKBENCH_COPIES: '1', PACKBENCH_MEDIA: '' });
  });

  it('retries a failed run once, then fails the job with both reasons', async () => {
    const busy: CommandRun = { code: 1, stdout: '', stderr: 'The RPC server is unavailable.\r\n' };
    const once = standIn({ prints: [busy, ok] });
    const outcome = await open('Office', once.run).print([
      { name: 'a.pdf', bytes: realPdf('x'), document: {} },
    ]);
    expect(outcome.jobs[0]?.attempts).toBe(2);

    const twice = standIn({ prints: [busy, busy] });
    await expect(
      open('Office', twice.run).print([{ name: 'a.pdf', bytes: realPdf('x'), document: {} }]),
    ).rejects.toMatchObject({
      code: 'job-failed',
      message:
        'a.pdf was not printed: The Windows printer "Office" failed it twice (The RPC server is unavailable., then on the retry The RPC server is unavailable.).',
    });
  });

  it.each([
    [3, 'no-such-queue', /has no Windows printer named "Office"/],
    [4, 'job-failed', /"Office" offers no Letter paper/],
    [5, 'not-pdf', /Windows cannot read the PDF/],
  ])('does not retry what would fail again: exit %i is %s', async (code, errorCode, message) => {
    const stderr = code === 5 ? 'Windows cannot read the PDF' : '';
    const { calls, run } = standIn({ prints: [{ code, stdout: '', stderr }] });
    await expect(
      open('Office', run).print([
        { name: 'a.pdf', bytes: realPdf('x'), document: { media: 'Letter' } },
      ]),
    ).rejects.toMatchObject({ code: errorCode, message: expect.stringMatching(message) });
    expect(calls.filter((c) => c.script === PRINT_SCRIPT)).toHaveLength(1);
  });

  it('reads the spooler’s flags: paused stops a document (printer-stopped), nothing printed', async () => {
    const { calls, run } = standIn({
      status: {
        code: 0,
        stdout: `{"found":true,"status":${QUEUE_FLAGS.paused},"jobs":2}`,
        stderr: '',
      },
    });
    await expect(
      open('Office', run).print([{ name: 'a.pdf', bytes: realPdf('x'), document: {} }]),
    ).rejects.toMatchObject({
      code: 'printer-stopped',
      message:
        'The Windows printer "Office" reports paused: nothing was sent (fix the printer, or send anyway with --force).',
      status: { paused: true, labelsRemaining: 2 },
    });
    expect(calls.map((c) => c.script)).toEqual([STATUS_SCRIPT]);
  });

  it('says when Windows has no such printer, and when the answer is not one', async () => {
    const missing = standIn({ status: { code: 0, stdout: '{"found":false}', stderr: '' } });
    await expect(open('Nope', missing.run).status()).rejects.toMatchObject({
      code: 'no-such-queue',
      message:
        'This computer has no Windows printer named "Nope" (Settings → Printers lists them).',
    });
    const broken = standIn({
      status: { code: 1, stdout: '', stderr: 'Add-Type : Cannot find System.Printing\r\n' },
    });
    await expect(open('Office', broken.run).status()).rejects.toMatchObject({
      code: 'unreachable',
      message:
        'The Windows printer "Office" could not be asked for its status: Add-Type : Cannot find System.Printing.',
    });
  });

  it('refuses a label (documents only) and any use off Windows, before PowerShell runs', async () => {
    const { calls, run } = standIn({});
    await expect(
      open('Office', run).print([{ name: 'box.zpl', bytes: Buffer.from('^XA^XZ') }]),
    ).rejects.toMatchObject({ code: 'not-a-label-printer' });
    await expect(open('Office', run, 'linux').status()).rejects.toMatchObject({
      code: 'unreachable',
      message: 'windows:Office is a Windows printer: it can be printed to from Windows only.',
    });
    expect(calls).toEqual([]);
  });
});

describe('statusOfQueue', () => {
  it('maps PRINTER_STATUS_* flags to the station’s status', () => {
    expect(statusOfQueue(0)).toEqual({
      online: true,
      paused: false,
      paperOut: false,
      headOpen: false,
      ribbonOut: false,
      bufferFull: false,
      labelsRemaining: 0,
    });
    expect(statusOfQueue(QUEUE_FLAGS.offline)).toMatchObject({ online: false });
    expect(statusOfQueue(QUEUE_FLAGS.notAvailable)).toMatchObject({ online: false });
    expect(statusOfQueue(QUEUE_FLAGS.paperOut | QUEUE_FLAGS.doorOpen, 3)).toMatchObject({
      online: true,
      paperOut: true,
      headOpen: true,
      labelsRemaining: 3,
    });
    // Printing, busy, toner low: Windows keeps the job; nothing that stops it.
    expect(statusOfQueue(0x400 | 0x200 | 0x20000)).toMatchObject({ online: true, paused: false });
  });

  it('finds powershell.exe under SystemRoot, or on PATH when Windows does not say', () => {
    expect(powershellPath({ SystemRoot: 'D:\\WIN' })).toBe(
      'D:\\WIN\\System32\\WindowsPowerShell\\v1.0\\powershell.exe',
    );
    expect(powershellPath({})).toBe('powershell.exe');
  });
});

describe('the scripts', () => {
  it('read their inputs from the environment and stdin, and use only what Windows ships', () => {
    for (const name of [
      'PACKBENCH_PRINTER',
      'PACKBENCH_TITLE',
      'PACKBENCH_COPIES',
      'PACKBENCH_MEDIA',
    ])
      expect(PRINT_SCRIPT).toContain(`$env:${name}`);
    expect(PRINT_SCRIPT).toContain('[Console]::OpenStandardInput()');
    expect(PRINT_SCRIPT).toContain('Windows.Data.Pdf.PdfDocument');
    expect(PRINT_SCRIPT).toContain('System.Drawing.Printing.PrintDocument');
    expect(STATUS_SCRIPT).toContain('System.Printing');
    expect(`${PRINT_SCRIPT}${STATUS_SCRIPT}`).not.toMatch(/sumatra|\.exe|Start-Process/i);
  });
});
