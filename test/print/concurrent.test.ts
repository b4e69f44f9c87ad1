import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { ZebraEmulator, isStatusOnly } from '../support/zebra-emulator.ts';
import { printerCli } from './helpers.ts';

// Two terminals (or the app and a script) printing to one printer at the same moment: the
// printer must get one job after the other, whole, never two interleaved (issue #20). The
// emulator here accepts any number of connections at once, as a careless printer would, so
// only the printer lock keeps them apart.

const dir = mkdtempSync(join(tmpdir(), 'packbench-printer-concurrent-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let emulator: ZebraEmulator | undefined;
afterEach(async () => {
  await emulator?.close();
  emulator = undefined;
});

/** A big label unique to its caller and number, so every received job says whose it is. */
function label(who: string, n: number): Buffer {
  const field = `^FO10,10^FD${who}${n}${'#'.repeat(60)}^FS\r\n`;
  return Buffer.from(`^XA\r\n${field.repeat(4000)}^XZ\r\n`, 'latin1');
}

describe('two printer invocations at once', () => {
  it.each([false, true])(
    'queue their jobs per printer: each arrives whole, none overlaps another (one at a time: %s)',
    async (oneAtATime) => {
      const zebra = (emulator = await ZebraEmulator.start({ oneAtATime }));
      const files = { A: [] as string[], B: [] as string[] };
      const bytes = new Map<string, Buffer>();
      for (const who of ['A', 'B'] as const)
        for (let n = 1; n <= 3; n++) {
          const path = join(dir, `${who}${n}-${String(oneAtATime)}.zpl`);
          const content = label(who, n);
          writeFileSync(path, content);
          files[who].push(path);
          bytes.set(`${who}${n}`, content);
        }
      const [a, b] = await Promise.all([
        printerCli(['print', ...files.A, '--to', zebra.target, '--json']),
        printerCli(['print', ...files.B, '--to', zebra.target, '--json']),
      ]);
      expect([a.status, a.stderr, b.status, b.stderr]).toEqual([0, '', 0, '']);

      const jobs = zebra.connections.filter((c) => !isStatusOnly(c));
      expect(jobs).toHaveLength(6);
      // Whole: each connection carries exactly one of the six files, each file once.
      const names = jobs.map(
        (c) => [...bytes].find(([, content]) => content.equals(c.bytes))?.[0] ?? 'mixed',
      );
      expect([...names].sort()).toEqual(['A1', 'A2', 'A3', 'B1', 'B2', 'B3']);
      // One after the other: a job's first byte comes after the previous job was over.
      const byStart = [...jobs].sort((x, y) => (x.firstData ?? 0) - (y.firstData ?? 0));
      for (let i = 1; i < byStart.length; i++)
        expect(byStart[i]?.firstData ?? 0).toBeGreaterThan(byStart[i - 1]?.closed ?? Infinity);
      // And an invocation's files stay together, in the order it gave them.
      const order = byStart.map((c) => names[jobs.indexOf(c)]).join(' ');
      expect(['A1 A2 A3 B1 B2 B3', 'B1 B2 B3 A1 A2 A3']).toContain(order);
    },
  );
});
