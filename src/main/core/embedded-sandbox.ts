import { join } from 'node:path';
import { startSandbox, type RunningSandbox, type SandboxOptions } from '../../sandbox/index.ts';

export type StartSandbox = (options: SandboxOptions) => Promise<RunningSandbox>;

/**
 * The sandbox a sandbox profile talks to, started in this process on first use (on a free local
 * port, its data beside the station's) and closed with the station.
 */
export class EmbeddedSandbox {
  private readonly dataDir: string;
  private readonly start: StartSandbox;
  private running: RunningSandbox | null = null;
  private starting: Promise<RunningSandbox> | null = null;

  constructor(dataDir: string, start: StartSandbox = startSandbox) {
    this.dataDir = dataDir;
    this.start = start;
  }

  /** Its address once it runs (null before). */
  get url(): string | null {
    return this.running?.url ?? null;
  }

  /** The running sandbox, started now if it is not; a failed start is tried again next time. */
  get(): Promise<RunningSandbox> {
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
