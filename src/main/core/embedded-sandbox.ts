import { join } from 'node:path';
import { startSandbox, type RunningSandbox, type SandboxOptions } from '../../sandbox/index.ts';

/** What the station needs of its embedded sandbox: where it listens, and how to stop it. */
export type EmbeddedSandboxHandle = Pick<RunningSandbox, 'url' | 'close'>;

/**
 * Starts the embedded sandbox. The station's own starts it in this process; the soak starts it
 * in a process of its own, so the service's growing state is not counted as the station's.
 */
export type StartSandbox = (options: SandboxOptions) => Promise<EmbeddedSandboxHandle>;

/**
 * The sandbox a sandbox profile talks to, started in this process on first use (on a free local
 * port, its data beside the station's) and closed with the station.
 */
export class EmbeddedSandbox {
  private readonly dataDir: string;
  private readonly start: StartSandbox;
  private running: EmbeddedSandboxHandle | null = null;
  private starting: Promise<EmbeddedSandboxHandle> | null = null;

  constructor(dataDir: string, start: StartSandbox = startSandbox) {
    this.dataDir = dataDir;
    this.start = start;
  }

  /** Its address once it runs (null before). */
  get url(): string | null {
    return this.running?.url ?? null;
  }

  /** The running sandbox, started now if it is not; a failed start is tried again next time. */
  get(): Promise<EmbeddedSandboxHandle> {
    if (this.running) return Promise.resolve(this.running);
    this.starting ??= this.start({
      port: 0,
      host: '127.0.0.1',
      dataFile: join(this.dataDir, 'sandbox.json'),
    }).then((sandbox) => {
      this.running = sandbox;
      return sandbox;
    });
    this.starting.catch(() => {
      this.starting = null;
    });
    return this.starting;
  }

  async close(): Promise<void> {
    await this.running?.close();
    this.running = null;
  }
}
