// The soak's sandbox, in a process of its own. The sandbox is the service: it keeps every order,
// receipt and upload the shift makes, by design, so its memory grows with the work. Run inside
// the station's process (as the app embeds it) that growth read as the station's, and an 8-hour
// shift's RSS ended 4–5 % up against a bound of 5 %. Here the station is measured alone.
//
// Parent side: `startSandboxProcess(clock)` forks this file and returns what the station core
// needs (`url`, `close`) plus the sandbox's traffic counts. The sandbox runs on the shift's clock:
// the child follows the parent's time (synchronised at start and at every skip, real speed in
// between), so its rate limiter counts the same simulated minutes the station does.
import { fork, type ChildProcess } from 'node:child_process';
import type { SandboxOptions } from '../../src/sandbox/index.ts';
import type { EmbeddedSandboxHandle } from '../../src/main/core/embedded-sandbox.ts';
import type { ShiftClock } from './shift-clock.ts';

type Traffic = { accepted: number; rateLimited: number };

/** Messages the parent sends; each is answered with a reply carrying its `id`. */
type Request =
  | { id: number; kind: 'start'; now: number; options: Omit<SandboxOptions, 'now'> }
  | { id: number; kind: 'time'; now: number }
  | { id: number; kind: 'traffic'; company: string }
  | { id: number; kind: 'close' };

type Reply =
  | { id: number; ok: true; url?: string; traffic?: Traffic }
  | { id: number; ok: false; error: string };

export interface SandboxProcess extends EmbeddedSandboxHandle {
  traffic: (company: string) => Promise<Traffic>;
  pid: number;
}

/** A child process on the shift's clock; `start` runs the sandbox in it, as the core asks. */
export class SandboxChild {
  private readonly child: ChildProcess;
  private readonly waiting = new Map<number, (reply: Reply) => void>();
  private nextId = 0;
  private exited: string | null = null;
  private readonly clock: ShiftClock;

  private constructor(clock: ShiftClock) {
    this.clock = clock;
    this.child = fork(import.meta.filename, [], {
      execArgv: [],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      env: { ...process.env, PACKBENCH_SOAK_SANDBOX: '1' },
    });
    this.child.on('message', (reply: Reply) => {
      this.waiting.get(reply.id)?.(reply);
      this.waiting.delete(reply.id);
    });
    this.child.once('exit', (code, signal) => {
      this.exited = `the soak's sandbox process ended (${signal ?? `exit ${code}`})`;
      for (const answer of this.waiting.values()) answer({ id: -1, ok: false, error: this.exited });
      this.waiting.clear();
    });
    clock.follow((now) => this.ask({ kind: 'time', now }).then(() => undefined));
  }

  static spawn(clock: ShiftClock): SandboxChild {
    return new SandboxChild(clock);
  }

  get pid(): number {
    return this.child.pid ?? 0;
  }

  private ask(request: DistributiveOmit<Request, 'id'>): Promise<Reply & { ok: true }> {
    if (this.exited) return Promise.reject(new Error(this.exited));
    const id = (this.nextId += 1);
    return new Promise((resolve, reject) => {
      this.waiting.set(id, (reply) => (reply.ok ? resolve(reply) : reject(new Error(reply.error))));
      this.child.send({ ...request, id });
    });
  }

  /** Starts the sandbox in the child with the core's options (the clock is the shift's). */
  async start(options: SandboxOptions): Promise<SandboxProcess> {
    const { now: _ignored, ...rest } = options;
    const { url } = await this.ask({ kind: 'start', now: this.clock.now(), options: rest });
    if (!url) throw new Error('the soak sandbox started without an address');
    return {
      url,
      pid: this.pid,
      traffic: async (company) =>
        (await this.ask({ kind: 'traffic', company })).traffic ?? { accepted: 0, rateLimited: 0 },
      close: () => this.close(),
    };
  }

  /** Closes the sandbox and waits for the child to exit. */
  async close(): Promise<void> {
    if (this.exited) return;
    const ended = new Promise<void>((resolve) => this.child.once('exit', () => resolve()));
    await this.ask({ kind: 'close' }).catch(() => undefined);
    await ended;
  }
}

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/** The child: runs the sandbox on a clock set by the parent's messages. */
async function serve(): Promise<void> {
  const { startSandbox } = await import('../../src/sandbox/index.ts');
  // The parent's time at the last message, and this process's monotonic time then.
  let base = 0;
  let baseAt = performance.now();
  const now = () => base + (performance.now() - baseAt);
  const setNow = (value: number) => {
    base = value;
    baseAt = performance.now();
  };
  let sandbox: Awaited<ReturnType<typeof startSandbox>> | null = null;
  const reply = (message: Reply) => process.send?.(message);
  process.on('message', (request: Request) => {
    void (async () => {
      try {
        switch (request.kind) {
          case 'start':
            setNow(request.now);
            sandbox = await startSandbox({ ...request.options, now });
            return reply({ id: request.id, ok: true, url: sandbox.url });
          case 'time':
            setNow(request.now);
            return reply({ id: request.id, ok: true });
          case 'traffic': {
            const counts = sandbox?.traffic(request.company);
            return reply({
              id: request.id,
              ok: true,
              traffic: {
                accepted: counts?.accepted ?? 0,
                rateLimited: counts?.rateLimited ?? 0,
              },
            });
          }
          case 'close':
            await sandbox?.close();
            sandbox = null;
            reply({ id: request.id, ok: true });
            return process.disconnect();
        }
      } catch (error) {
        reply({ id: request.id, ok: false, error: (error as Error).message });
      }
    })();
  });
  // The parent gone (killed, or crashed) ends the child too: nothing is left running.
  process.once('disconnect', () => {
    void (sandbox?.close() ?? Promise.resolve()).finally(() => process.exit(0));
  });
}

if (process.env['PACKBENCH_SOAK_SANDBOX'] === '1' && process.send) await serve();
