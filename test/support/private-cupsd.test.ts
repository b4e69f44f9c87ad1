import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
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
});
