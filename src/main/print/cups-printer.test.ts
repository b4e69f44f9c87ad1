import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CupsPrinter, listCupsQueues } from './cups-printer.ts';
import { PrintError } from './errors.ts';

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
});
