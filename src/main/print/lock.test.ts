import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, lstatSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, describe, expect, it } from 'vitest';
import { lockAddress, withPrinterLock, type LockMode } from './lock.ts';

const dir = mkdtempSync(join(tmpdir(), 'packbench-lock-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const LOCK = join(import.meta.dirname, 'lock.ts');
let keys = 0;
const freshKey = () => `test-key-${process.pid}-${(keys += 1)}-${Date.now()}`;

/**
 * A process of our own that takes the lock, logs, and holds it `holdMs` (or until killed). It
 * prints "held" once it holds the lock, and "waiter" each time someone connects to the lock it
 * holds (that is how a waiter waits: connected, until the holder lets go or dies).
 */
function holder(key: string, mode: LockMode, log: string, holdMs: number): ChildProcess {
  const script = join(dir, `holder-${keys}-${Math.random().toString(36).slice(2)}.ts`);
  writeFileSync(
    script,
    `import { appendFileSync } from 'node:fs';
import { Server } from 'node:net';
const emit = Server.prototype.emit;
Server.prototype.emit = function (this: Server, event: string, ...args: unknown[]) {
  if (event === 'connection') process.stdout.write('waiter\\n');
  return emit.call(this, event, ...args);
};
import { withPrinterLock } from ${JSON.stringify(LOCK)};
await withPrinterLock(${JSON.stringify(key)}, async () => {
  appendFileSync(${JSON.stringify(log)}, 'start ' + process.pid + '\\n');
  process.stdout.write('held\\n');
  await new Promise((resolve) => setTimeout(resolve, ${holdMs}));
  appendFileSync(${JSON.stringify(log)}, 'end ' + process.pid + '\\n');
}, { mode: ${JSON.stringify(mode)}, dir: ${JSON.stringify(dir)} });
`,
  );
  return spawn(process.execPath, [script], { stdio: ['ignore', 'pipe', 'inherit'] });
}

/** A process of our own that takes the lock `rounds` times in a row, logging each turn. */
function busyHolder(key: string, mode: LockMode, log: string, rounds: number): ChildProcess {
  const script = join(dir, `busy-${keys}-${Math.random().toString(36).slice(2)}.ts`);
  writeFileSync(
    script,
    `import { appendFileSync } from 'node:fs';
import { withPrinterLock } from ${JSON.stringify(LOCK)};
for (let round = 0; round < ${rounds}; round += 1) {
  await withPrinterLock(${JSON.stringify(key)}, async () => {
    appendFileSync(${JSON.stringify(log)}, 'start ' + process.pid + '\\n');
    await new Promise((resolve) => setTimeout(resolve, 1));
    appendFileSync(${JSON.stringify(log)}, 'end ' + process.pid + '\\n');
  }, { mode: ${JSON.stringify(mode)}, dir: ${JSON.stringify(dir)} });
}
`,
  );
  return spawn(process.execPath, [script], { stdio: ['ignore', 'pipe', 'inherit'] });
}

/** Every "start" line is followed by the same process's "end": nobody overlapped. */
function expectTurns(log: string, turns: number) {
  const lines = readFileSync(log, 'utf8').trim().split('\n');
  expect(lines).toHaveLength(turns * 2);
  const overlaps = [];
  for (let i = 0; i < lines.length; i += 2) {
    const pid = lines[i]?.split(' ')[1];
    if (lines[i + 1] !== `end ${pid}`) overlaps.push([lines[i], lines[i + 1]]);
  }
  expect(overlaps).toEqual([]);
  return lines;
}

/** Resolves when the child prints the line `word`. */
const said = (child: ChildProcess, word: string) =>
  new Promise<void>((resolve) => {
    if (!child.stdout) throw new Error('no stdout');
    createInterface({ input: child.stdout }).on('line', (line) => {
      if (line === word) resolve();
    });
  });
const heldBy = (child: ChildProcess) => said(child, 'held');
const exited = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));

describe('withPrinterLock within one process', () => {
  it('runs callers with the same key one after another, in the order they came', async () => {
    const key = freshKey();
    const events: string[] = [];
    const job = (name: string) => () =>
      new Promise<string>((resolve) => {
        events.push(`start ${name}`);
        setTimeout(() => {
          events.push(`end ${name}`);
          resolve(name);
        }, 5);
      });
    const results = await Promise.all(['a', 'b', 'c'].map((n) => withPrinterLock(key, job(n))));
    expect(results).toEqual(['a', 'b', 'c']);
    expect(events).toEqual(['start a', 'end a', 'start b', 'end b', 'start c', 'end c']);
  });

  it('lets the next caller in when one throws', async () => {
    const key = freshKey();
    const failing = withPrinterLock(key, async () => {
      throw new Error('printer on fire');
    });
    const next = withPrinterLock(key, async () => 'next ran');
    await expect(failing).rejects.toThrow('printer on fire');
    await expect(next).resolves.toBe('next ran');
  });

  it('does not hold one printer up for another', async () => {
    let releaseFirst: () => void = () => {};
    const first = withPrinterLock(freshKey(), () => new Promise<void>((r) => (releaseFirst = r)));
    await expect(withPrinterLock(freshKey(), async () => 'other printer')).resolves.toBe(
      'other printer',
    );
    releaseFirst();
    await first;
  });
});

describe.each(['abstract', 'file'] as const)('withPrinterLock across processes (%s)', (mode) => {
  it('never lets two processes hold the same printer at once', async () => {
    const key = freshKey();
    const log = join(dir, `${mode}-log.txt`);
    writeFileSync(log, '');
    const children = [1, 2, 3].map(() => holder(key, mode, log, 40));
    expect(await Promise.all(children.map(exited))).toEqual([0, 0, 0]);
    const lines = expectTurns(log, 3);
    expect(new Set(lines.map((l) => l.split(' ')[1])).size).toBe(3);
  });

  // Six processes taking turns forty times each. Before file mode linked a listening socket
  // into place, a taker that connected between another's bind and listen took the live file
  // for stale: this case overlapped in 15 runs of 15 (stop 51's CI failure, found by the case
  // above once in many runs). It passed 15 of 15 after.
  it('never lets two processes hold it at once, however often they take turns', async () => {
    const key = freshKey();
    const log = join(dir, `${mode}-busy-log.txt`);
    writeFileSync(log, '');
    const children = Array.from({ length: 6 }, () => busyHolder(key, mode, log, 40));
    expect(await Promise.all(children.map(exited))).toEqual([0, 0, 0, 0, 0, 0]);
    expectTurns(log, 6 * 40);
  });

  it('takes over from a holder that was killed without letting go', async () => {
    const key = freshKey();
    const child = holder(key, mode, join(dir, 'unused.txt'), 60_000);
    const waited = said(child, 'waiter');
    await heldBy(child);
    let ran = false;
    const mine = withPrinterLock(key, async () => (ran = true), { mode, dir });
    // Until ours is waiting on the holder (or, wrongly, went ahead without it).
    await Promise.race([waited, mine]);
    expect(ran).toBe(false);
    const gone = exited(child);
    child.kill('SIGKILL'); // our own child, by its handle
    await gone;
    await mine;
    expect(ran).toBe(true);
  });
});

describe('withPrinterLock in file mode (macOS)', () => {
  it('on a folder that takes no hard links, listens on the name itself and still waits its turn', async () => {
    const key = freshKey();
    const file = lockAddress(key, { mode: 'file', dir }).file ?? 'file mode names a file';
    let refusedLinks = 0;
    const noLinks = () => {
      refusedLinks += 1;
      throw Object.assign(new Error('EPERM: operation not permitted, link'), { code: 'EPERM' });
    };
    const child = holder(key, 'file', join(dir, 'unused.txt'), 60_000);
    const waited = said(child, 'waiter');
    await heldBy(child);
    let ran = false;
    const mine = withPrinterLock(
      key,
      async () => {
        ran = true;
        return lstatSync(file).isSocket();
      },
      { mode: 'file', dir, link: noLinks },
    );
    await Promise.race([waited, mine]);
    expect(ran).toBe(false);
    const gone = exited(child);
    child.kill('SIGKILL'); // our own child, by its handle; it leaves its socket file behind
    await gone;
    await expect(mine).resolves.toBe(true);
    expect(refusedLinks).toBeGreaterThan(0);
    expect(existsSync(file)).toBe(false);
  });

  it('removes the socket file a crashed holder left behind, and takes the lock', async () => {
    const key = freshKey();
    const child = holder(key, 'file', join(dir, 'unused.txt'), 60_000);
    await heldBy(child);
    const gone = exited(child);
    child.kill('SIGKILL');
    await gone;
    const { file } = lockAddress(key, { mode: 'file', dir });
    expect(file && existsSync(file)).toBe(true);
    await expect(withPrinterLock(key, async () => 'taken', { mode: 'file', dir })).resolves.toBe(
      'taken',
    );
  });
});
