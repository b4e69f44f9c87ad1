// A warehouse's Redis under Sentinel, of the tests' own (issue #42): a primary and a replica
// (private-redis.ts, Debian's redis-server) and three of Debian's redis-sentinel, each on a
// loopback port of its own with its configuration in a temporary directory. Sentinel's timings
// are short (down after 500 ms) so a failover takes a couple of seconds, not half a minute.
// Every process is ended by the PID this helper spawned; nothing of the system's is used.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { freePort } from './free-port.ts';
import { ping, PrivateRedis } from './private-redis.ts';
import { until } from './until.ts';

export interface PrivateSentinelOptions {
  /** requirepass on the Redis and the Sentinels alike (and masterauth, auth-pass to match). */
  password?: string;
  /** Sentinel's down-after-milliseconds: how long a silent primary takes to be called down. */
  downAfterMs?: number;
}

const NAME = 'mymaster';

/** One redis-sentinel process, its configuration file in `dir` (Sentinel rewrites it). */
class SentinelProcess {
  readonly port: number;
  private child: ChildProcess | null = null;
  private exited: Promise<void> = Promise.resolve();
  output = '';

  constructor(port: number) {
    this.port = port;
  }

  async launch(config: string): Promise<void> {
    const child = spawn('/usr/bin/redis-sentinel', [config], { stdio: ['ignore', 'pipe', 'pipe'] });
    this.child = child;
    this.exited = new Promise((resolve) => child.once('exit', () => resolve()));
    child.stdout?.on('data', (chunk: Buffer) => (this.output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (this.output += chunk.toString()));
    await until(() => ping(this.port, 200), `redis-sentinel answering on ${this.port}`, 10_000);
  }

  async stop(): Promise<void> {
    const child = this.child;
    if (child === null) return;
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await this.exited;
      clearTimeout(timer);
    }
    this.child = null;
  }
}

export class PrivateSentinel {
  readonly name = NAME;
  /** The Redis nodes, the first started as the primary; which is primary now: primary(). */
  readonly nodes: PrivateRedis[];
  private readonly sentinels: SentinelProcess[];
  private readonly dir: string;
  private readonly password: string | undefined;

  private constructor(
    dir: string,
    nodes: PrivateRedis[],
    sentinels: SentinelProcess[],
    password: string | undefined,
  ) {
    this.dir = dir;
    this.nodes = nodes;
    this.sentinels = sentinels;
    this.password = password;
  }

  /** redis+sentinel:// with the three Sentinels and the master's name, as IT would write it. */
  get url(): string {
    return `redis+sentinel://${this.sentinels.map((s) => `127.0.0.1:${s.port}`).join(',')}/${NAME}`;
  }

  get sentinelPorts(): number[] {
    return this.sentinels.map((s) => s.port);
  }

  static async start(options: PrivateSentinelOptions = {}): Promise<PrivateSentinel> {
    const { password } = options;
    // A replica syncs at once (Redis 7 waits 5 s by default for more replicas to share a sync).
    const auth = [
      '--repl-diskless-sync-delay',
      '0',
      ...(password ? ['--masterauth', password] : []),
    ];
    const primary = await PrivateRedis.start({ ...(password ? { password } : {}), args: auth });
    const nodes = [primary];
    const sentinels: SentinelProcess[] = [];
    const dir = mkdtempSync(join(tmpdir(), 'packbench-sentinel-'));
    const sentinel = new PrivateSentinel(dir, nodes, sentinels, password);
    try {
      nodes.push(
        await PrivateRedis.start({
          ...(password ? { password } : {}),
          args: [...auth, '--replicaof', '127.0.0.1', String(primary.port)],
        }),
      );
      await until(
        async () => (await sentinel.info(nodes[1]?.port ?? 0)).includes('master_link_status:up'),
        'the replica in sync with the primary',
      );
      for (let i = 0; i < 3; i += 1) sentinels.push(new SentinelProcess(await freePort()));
      const launch = async (process: SentinelProcess) => {
        const config = join(dir, `sentinel-${process.port}.conf`);
        writeFileSync(
          config,
          [
            `port ${process.port}`,
            'bind 127.0.0.1',
            'daemonize no',
            'protected-mode no',
            `dir ${dir}`,
            'logfile ""',
            `sentinel monitor ${NAME} 127.0.0.1 ${primary.port} 2`,
            `sentinel down-after-milliseconds ${NAME} ${options.downAfterMs ?? 500}`,
            `sentinel failover-timeout ${NAME} 2000`,
            `sentinel parallel-syncs ${NAME} 1`,
            ...(password
              ? [`sentinel auth-pass ${NAME} ${password}`, `requirepass ${password}`]
              : []),
            '',
          ].join('\n'),
        );
        await process.launch(config);
      };
      await Promise.all(sentinels.map(launch));
      await sentinel.ready();
    } catch (error) {
      await sentinel.stop();
      throw error;
    }
    return sentinel;
  }

  /** The node the Sentinels name as master now. */
  async masterPort(): Promise<number> {
    const reply = await this.ask(this.sentinels[0]?.port ?? 0, (r) =>
      r.call('SENTINEL', 'get-master-addr-by-name', NAME),
    );
    return Number((reply as string[] | null)?.[1] ?? 0);
  }

  /** The node that is primary now, as the Sentinels say. */
  async primary(): Promise<PrivateRedis> {
    const port = await this.masterPort();
    const node = this.nodes.find((n) => n.port === port);
    if (!node) throw new Error(`the Sentinels name an unknown master on ${port}`);
    return node;
  }

  /**
   * SIGKILL of the primary, as a crash looks to everyone; resolves with it once it is gone (its
   * folder stays, for bringing it back as a replica).
   */
  async killPrimary(): Promise<PrivateRedis> {
    const node = await this.primary();
    await node.kill();
    return node;
  }

  /** Waits until every Sentinel names another master than `formerPort`, and it says it is one. */
  async promoted(formerPort: number, ms = 20_000): Promise<number> {
    let port = 0;
    await until(
      async () => {
        const named = await Promise.all(
          this.sentinels.map((s) =>
            this.ask(s.port, (r) => r.call('SENTINEL', 'get-master-addr-by-name', NAME)),
          ),
        );
        const ports = new Set(named.map((n) => Number((n as string[] | null)?.[1] ?? 0)));
        port = [...ports][0] ?? 0;
        if (ports.size !== 1 || port === formerPort || port === 0) return false;
        return (await this.info(port)).includes('role:master');
      },
      'the Sentinels promoting the replica',
      ms,
    );
    return port;
  }

  /**
   * Brings a killed node back as a replica of the master the Sentinels name now, as its
   * configuration would say once Sentinel rewrote it (a node that comes back as a master is
   * made a replica by Sentinel too, at its next look, up to ten seconds later).
   */
  async bringBack(node: PrivateRedis): Promise<void> {
    const master = await this.masterPort();
    await node.restart([
      '--repl-diskless-sync-delay',
      '0',
      ...(this.password ? ['--masterauth', this.password] : []),
      '--replicaof',
      '127.0.0.1',
      String(master),
    ]);
    await this.followsMaster(node);
  }

  /** Waits until `node` replicates the master the Sentinels name, in sync. */
  async followsMaster(node: PrivateRedis, ms = 20_000): Promise<void> {
    const master = await this.masterPort();
    await until(
      async () => {
        const info = await this.info(node.port);
        return (
          info.includes('role:slave') &&
          info.includes(`master_port:${master}`) &&
          info.includes('master_link_status:up')
        );
      },
      `the old primary on ${node.port} replicating the new one`,
      ms,
    );
  }

  /** INFO replication of a node ('' when it does not answer). */
  async info(port: number): Promise<string> {
    try {
      return String(await this.ask(port, (r) => r.info('replication')));
    } catch {
      return '';
    }
  }

  /** Ends every process this helper started, by PID, and removes their folders. */
  async stop(): Promise<void> {
    await Promise.all(this.sentinels.map((s) => s.stop()));
    await Promise.all(this.nodes.map((n) => n.stop()));
    rmSync(this.dir, { recursive: true, force: true });
  }

  /** Each Sentinel knows the replica and the two other Sentinels: a failover can be voted. */
  private async ready(): Promise<void> {
    await until(
      async () => {
        for (const s of this.sentinels) {
          const master = (await this.ask(s.port, (r) => r.call('SENTINEL', 'master', NAME))) as
            string[] | null;
          const field = (name: string) => master?.[(master?.indexOf(name) ?? -2) + 1];
          if (Number(field('num-slaves')) < 1 || Number(field('num-other-sentinels')) < 2)
            return false;
        }
        return true;
      },
      'the Sentinels knowing the replica and each other',
      20_000,
    );
  }

  private async ask<T>(port: number, question: (redis: Redis) => Promise<T>): Promise<T> {
    const redis = new Redis({
      host: '127.0.0.1',
      port,
      ...(this.password ? { password: this.password } : {}),
      lazyConnect: true,
      retryStrategy: () => null,
      maxRetriesPerRequest: 0,
      connectTimeout: 1000,
      commandTimeout: 1000,
    });
    redis.on('error', () => undefined);
    try {
      await redis.connect();
      return await question(redis);
    } finally {
      redis.disconnect();
    }
  }
}
