import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { realPdf } from '@test/support/pdf.ts';
import { CupsPrinter, listCupsQueues, lpArguments } from './cups-printer.ts';
import { PrintError } from './errors.ts';
import { openPrinter } from './printer.ts';

// What the CUPS transport makes of lp and lpstat, with stand-ins on PATH saying what real
// ones say (CUPS 2.4, C locale) — including what a real server rarely does on cue: hang,
// refuse a job once, be missing. The real thing is in test/print/cups.test.ts.

const dir = mkdtempSync(join(tmpdir(), 'packbench-cups-unit-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Stand-in commands (shell scripts) in a folder of their own; PATH is only it and the system's. */
function commands(scripts: Record<string, string>, systemPath = true): NodeJS.ProcessEnv {
  const bin = mkdtempSync(join(dir, 'bin-'));
  for (const [name, body] of Object.entries(scripts)) {
    const path = join(bin, name);
    writeFileSync(path, `#!/bin/sh\n${body}\n`);
    chmodSync(path, 0o755);
  }
  return {
    PATH: systemPath ? `${bin}:/bin:/usr/bin` : bin,
    CUPS_SERVER: 'cups.test:631',
    STATE: bin,
  };
}

const printer = (env: NodeJS.ProcessEnv, timeoutMs = 2000) =>
  new CupsPrinter('Zebra', { env, timeoutMs });

const RUNNING = 'echo "scheduler is running"';

describe('CupsPrinter', () => {
  it('reads enabled/disabled and accepting from lpstat, while printing too', async () => {
    const env = commands({
      lpstat: `${RUNNING}
echo "printer Zebra now printing Zebra-12.  enabled since Tue Nov 24 09:01:48 2026"
echo "Zebra accepting requests since Tue Nov 24 09:01:48 2026"`,
    });
    await expect(printer(env).status()).resolves.toEqual({
      online: true,
      paused: false,
      paperOut: false,
      headOpen: false,
      ribbonOut: false,
      bufferFull: false,
      labelsRemaining: 0,
    });
  });

  it('says "not answering" when lpstat hangs past the timeout', async () => {
    const env = commands({ lpstat: 'exec sleep 5' });
    await expect(printer(env, 200).status()).rejects.toMatchObject({
      code: 'not-answering',
      message:
        'The CUPS server at cups.test:631 is not answering: lpstat got no reply within 200 ms.',
    });
  });

  it('says so when the CUPS client is not installed', async () => {
    const env = commands({}, false);
    await expect(printer(env).status()).rejects.toMatchObject({ code: 'cups-missing' });
  });

  it('passes the bytes to lp -d QUEUE -o raw on stdin, retrying a refused job once', async () => {
    const env = commands({
      lpstat: `${RUNNING}
echo "printer Zebra is idle.  enabled since Tue Nov 24 09:01:48 2026"
echo "Zebra accepting requests since Tue Nov 24 09:01:48 2026"`,
      lp: `echo "$@" >> "$STATE/lp-args"
if [ ! -f "$STATE/lp-failed" ]; then touch "$STATE/lp-failed"; cat > /dev/null; echo "lp: Error - scheduler not responding." >&2; exit 1; fi
cat >> "$STATE/lp-stdin"
echo "request id is Zebra-7 (0 file(s))"`,
    });
    const bytes = Buffer.from('^XA^FD\xe9^FS\r\n^XZ', 'latin1');
    const outcome = await printer(env).print([{ name: '/labels/box 1.zpl', bytes }]);
    expect(outcome.jobs.map((j) => [j.file, j.bytes, j.attempts])).toEqual([
      ['/labels/box 1.zpl', bytes.length, 2],
    ]);
    expect(readFileSync(join(env.STATE ?? '', 'lp-stdin'))).toEqual(bytes);
    expect(readFileSync(join(env.STATE ?? '', 'lp-args'), 'utf8')).toBe(
      '-d Zebra -o raw -t box 1.zpl\n-d Zebra -o raw -t box 1.zpl\n',
    );
  });

  it('fails the job with both reasons when lp refuses it twice', async () => {
    const env = commands({
      lpstat: `${RUNNING}
echo "printer Zebra is idle.  enabled since Tue Nov 24 09:01:48 2026"
echo "Zebra accepting requests since Tue Nov 24 09:01:48 2026"`,
      lp: 'cat > /dev/null; echo "lp: Error - out of disk space." >&2; exit 1',
    });
    const error = await printer(env)
      .print([{ name: 'a.zpl', bytes: Buffer.from('^XA^XZ') }])
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PrintError);
    expect((error as PrintError).code).toBe('job-failed');
    expect((error as PrintError).message).toBe(
      'a.zpl was not printed: The CUPS queue Zebra refused it twice (Error - out of disk space., then on the retry Error - out of disk space.).',
    );
  });

  it('lists no queues on a server without any', async () => {
    const env = commands({
      lpstat: `${RUNNING}\necho "lpstat: No destinations added." >&2; exit 1`,
    });
    await expect(listCupsQueues({ env, timeoutMs: 2000 })).resolves.toEqual([]);
  });

  it('lists each queue as raw or document from lpstat -l: an Interface line means a driver', async () => {
    const env = commands({
      lpstat: `${RUNNING}
echo "device for Office: ipp://office.local/ipp/print"
echo "device for Zebra: socket://10.0.0.5:9100"
echo "printer Office is idle.  enabled since Tue Nov 24 09:01:48 2026"
printf '\tForm mounted:\n\tConnection: direct\n\tInterface: /etc/cups/ppd/Office.ppd\n\tOn fault: no alert\n'
echo "printer Zebra disabled since Tue Nov 24 09:01:48 2026 -"
printf '\tPaused\n\tForm mounted:\n\tConnection: direct\n\tOn fault: no alert\n'
echo "Office accepting requests since Tue Nov 24 09:01:48 2026"
echo "Zebra not accepting requests since Tue Nov 24 09:01:48 2026 -"`,
    });
    await expect(listCupsQueues({ env, timeoutMs: 2000 })).resolves.toEqual([
      {
        name: 'Office',
        device: 'ipp://office.local/ipp/print',
        accepting: true,
        enabled: true,
        kind: 'document',
      },
      {
        name: 'Zebra',
        device: 'socket://10.0.0.5:9100',
        accepting: false,
        enabled: false,
        kind: 'raw',
      },
    ]);
  });
});

describe('CupsPrinter with documents', () => {
  const queue = (interfaceLine: boolean) =>
    commands({
      lpstat: `${RUNNING}
echo "$@" >> "$STATE/lpstat-args"
echo "printer Office is idle.  enabled since Tue Nov 24 09:01:48 2026"
${interfaceLine ? `printf '\tConnection: direct\n\tInterface: /etc/cups/ppd/Office.ppd\n'` : `printf '\tConnection: direct\n'`}
echo "Office accepting requests since Tue Nov 24 09:01:48 2026"`,
      lp: `echo "$@" >> "$STATE/lp-args"
cat >> "$STATE/lp-stdin"
echo "request id is Office-3 (0 file(s))"`,
    });
  const state = (env: NodeJS.ProcessEnv, file: string) => join(env.STATE ?? '', file);

  it('prints a PDF through the driver: no -o raw, its format, media and copies in one lp run', async () => {
    const env = queue(true);
    const pdf = realPdf('slip');
    const printer = openPrinter({ kind: 'cups', queue: 'Office' }, { env, timeoutMs: 2000 });
    const outcome = await printer.print([
      { name: '/tmp/slip 42.pdf', bytes: pdf, document: { media: 'Letter', copies: 2 } },
    ]);
    expect(outcome.jobs.map((j) => [j.file, j.bytes, j.attempts])).toEqual([
      ['/tmp/slip 42.pdf', pdf.length, 1],
    ]);
    expect(readFileSync(state(env, 'lp-args'), 'utf8')).toBe(
      '-d Office -o document-format=application/pdf -o media=Letter -n 2 -t slip 42.pdf\n',
    );
    expect(readFileSync(state(env, 'lp-stdin'))).toEqual(Buffer.from(pdf));
    // The status was read in the long form, which tells a driver from a raw queue.
    expect(readFileSync(state(env, 'lpstat-args'), 'utf8')).toBe('-r -l -p Office -a Office\n');
  });

  it('gives a document the time a big file takes to spool, where a label keeps its short timeout', async () => {
    // An lp that needs 600 ms to take the job (a large invoice, a CUPS server across the
    // network): past the station's 200 ms here, well within the documents' floor.
    const slow = commands({
      lpstat: `${RUNNING}
echo "printer Office is idle.  enabled since Tue Nov 24 09:01:48 2026"
printf '\tInterface: /etc/cups/ppd/Office.ppd\n'
echo "Office accepting requests since Tue Nov 24 09:01:48 2026"`,
      lp: `sleep 0.6
echo "$@" >> "$STATE/lp-args"
cat > /dev/null
echo "request id is Office-4 (0 file(s))"`,
    });
    const printer = openPrinter({ kind: 'cups', queue: 'Office' }, { env: slow, timeoutMs: 200 });
    const outcome = await printer.print([
      { name: 'invoice.pdf', bytes: realPdf('invoice'), document: { copies: 1 } },
    ]);
    expect(outcome.jobs.map((j) => j.attempts)).toEqual([1]);
    expect(readFileSync(state(slow, 'lp-args'), 'utf8').split('\n').filter(Boolean)).toHaveLength(
      1,
    );
    await expect(
      printer.print([{ name: 'label.zpl', bytes: new TextEncoder().encode('^XA^XZ') }]),
    ).rejects.toMatchObject({ code: 'not-answering' });
  });

  it('leaves media and copies to the queue when not given, and labels stay raw', () => {
    const bytes = realPdf('x');
    expect(lpArguments('Q', { name: 'a.pdf', bytes, document: {} }, 'a.pdf')).toEqual([
      '-d',
      'Q',
      '-o',
      'document-format=application/pdf',
      '-t',
      'a.pdf',
    ]);
    expect(lpArguments('Q', { name: 'a.zpl', bytes }, 'a.zpl')).toEqual([
      '-d',
      'Q',
      '-o',
      'raw',
      '-t',
      'a.zpl',
    ]);
  });

  it('refuses a PDF to a raw queue (no driver) before lp runs', async () => {
    const env = queue(false);
    const printer = openPrinter({ kind: 'cups', queue: 'Office' }, { env, timeoutMs: 2000 });
    const error = await printer
      .print([{ name: 'slip.pdf', bytes: realPdf('slip'), document: { copies: 1 } }])
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'not-a-document-printer', completed: [] });
    expect((error as PrintError).message).toMatch(
      /^slip\.pdf is a PDF, but the CUPS queue Office is a raw queue \(no driver/,
    );
    expect(() => readFileSync(state(env, 'lp-args'))).toThrow(/ENOENT/);
  });
});
