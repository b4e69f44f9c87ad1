import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { realPdf } from './pdf.ts';
import { PrivateCupsd } from './private-cupsd.ts';
import { ZebraEmulator } from './zebra-emulator.ts';
import { until } from './until.ts';

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('PrivateCupsd', () => {
  it('runs a cupsd of its own on a loopback port, with a raw queue that delivers bytes exactly, and stops it by PID', async () => {
    const zebra = await ZebraEmulator.start();
    const cupsd = await PrivateCupsd.start();
    try {
      const pid = cupsd.pid ?? 0;
      expect(alive(pid)).toBe(true);
      expect(cupsd.env.CUPS_SERVER).toBe(`127.0.0.1:${cupsd.port}`);
      expect(cupsd.run('lpstat', ['-r']).stdout).toBe('scheduler is running\n');
      // Its files are its own: the config names its folder, and printcap lands there too.
      expect(readFileSync(join(cupsd.dir, 'cups-files.conf'), 'utf8')).toContain(
        `ServerRoot ${cupsd.dir}`,
      );

      cupsd.addRawQueue('Zebra', `socket://127.0.0.1:${zebra.port}`);
      expect(cupsd.run('lpstat', ['-v', 'Zebra']).stdout).toBe(
        `device for Zebra: socket://127.0.0.1:${zebra.port}\n`,
      );
      // Raw: no PPD was made for the queue.
      expect(existsSync(join(cupsd.dir, 'ppd', 'Zebra.ppd'))).toBe(false);

      const bytes = Buffer.from('^XA^FDraw \xe9\xff^FS\r\n^XZ', 'latin1');
      const lp = cupsd.run('lp', ['-d', 'Zebra', '-o', 'raw'], bytes);
      expect(lp.status).toBe(0);
      expect(lp.stdout).toMatch(/^request id is Zebra-\d+/);
      await until(() => zebra.jobs().length === 1, 'the job at the emulator');
      expect(zebra.jobs()).toEqual([bytes]);

      await cupsd.stop();
      expect(alive(pid)).toBe(false);
      expect(existsSync(cupsd.dir)).toBe(false);
    } finally {
      await cupsd.stop();
      await zebra.close();
    }
  });

  it('has document queues with a driver: a PDF is laid out on the paper asked, in the copies asked', async () => {
    const cupsd = await PrivateCupsd.start();
    try {
      const office = await cupsd.addDocumentQueue('Office');
      // A driver: lpstat's long form names its PPD, and lpoptions its make and model.
      expect(cupsd.run('lpstat', ['-l', '-p', 'Office']).stdout).toMatch(/^\tInterface: /m);
      expect(cupsd.run('lpoptions', ['-p', 'Office']).stdout).toContain(
        "printer-make-and-model='Generic PDF Printer'",
      );
      // An A4 page, asked for on Letter, twice: CUPS' own command line, not ours.
      const lp = cupsd.run(
        'lp',
        ['-d', 'Office', '-o', 'media=Letter', '-n', '2', '-t', 'two-letters'],
        realPdf('hello'),
      );
      expect(lp.status).toBe(0);
      await until(() => office.jobs().length === 1, 'the document at the printer');
      const [arrived] = office.arrived();
      expect(arrived?.title).toBe('two-letters');
      expect(arrived?.paper).toBe('LETTER');
      expect(arrived?.pages).toBe(2);
      expect(arrived?.pageSize).toBe('612 x 792 pts (letter)');

      const a4 = cupsd.run('lp', ['-d', 'Office', '-o', 'media=A4', '-t', 'one-a4'], realPdf('x'));
      expect(a4.status).toBe(0);
      await until(() => office.jobs().length === 2, 'the second document');
      expect(office.arrived()[1]).toMatchObject({ paper: 'A4', pages: 1 });
      expect(office.arrived()[1]?.pageSize).toMatch(/^595(\.\d+)? x 842(\.\d+)? pts \(A4\)$/);
    } finally {
      await cupsd.stop();
    }
  });
});
