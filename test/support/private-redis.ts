// A Redis server of the tests' own (issue #21): Debian's redis-server started in the foreground
// on a loopback port of its own, persistence off, its working folder in a temporary directory.
// No system service or socket is used. stop() and kill() end exactly the process this helper
// spawned, by its PID; restart() brings a new one up on the same port, empty, as a warehouse's
// Redis would come back after a crash without persistence.
//
// The port is found by listening on port 0 and closing: `redis-server --port 0` does not pick a
// port, it turns TCP off.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createConnection } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './free-port.ts';
import { until } from './until.ts';

/** One PING over a raw socket: true when the server answers +PONG within `ms`. */
export function ping(port: number, ms = 500): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ host: '127.0.0.1', port });
    let answer = '';
    const done = (ok: boolean) => {
      clearTimeout(timer);
      socket.destroy();
      resolve(ok);
    };
    const timer = setTimeout(() => done(false), ms);
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.on('data', (chunk: Buffer) => {
      answer += chunk.toString();
      // With a password set, Redis answers -NOAUTH: it is up all the same.
      if (answer.includes('\r\n')) done(answer.startsWith('+PONG') || answer.startsWith('-NOAUTH'));
    });
    socket.once('error', () => done(false));
  });
}

export interface PrivateRedisOptions {
  /** requirepass: clients must AUTH with it. */
  password?: string;
  /** Also listen with TLS on a port of its own, with a certificate from a CA made for it. */
  tls?: boolean;
  /** More of redis-server's options, such as --replicaof for a replica (private-sentinel.ts). */
  args?: string[];
}

/** A CA and a server certificate for 127.0.0.1, made with Debian's openssl in `dir`. */
function makeCertificates(dir: string): { ca: string; cert: string; key: string } {
  const file = (name: string) => join(dir, name);
  const openssl = (...args: string[]) =>
    execFileSync('openssl', args, { cwd: dir, stdio: ['ignore', 'ignore', 'pipe'] });
  openssl(
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-keyout',
    file('ca.key'),
    '-out',
    file('ca.crt'),
    '-days',
    '2',
    '-subj',
    '/CN=Packbench test CA',
  );
  openssl(
    'req',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-keyout',
    file('server.key'),
    '-out',
    file('server.csr'),
    '-subj',
    '/CN=127.0.0.1',
  );
  writeFileSync(file('san.ext'), 'subjectAltName=IP:127.0.0.1\n');
  openssl(
    'x509',
    '-req',
    '-in',
    file('server.csr'),
    '-CA',
    file('ca.crt'),
    '-CAkey',
    file('ca.key'),
    '-CAcreateserial',
    '-out',
    file('server.crt'),
    '-days',
    '2',
    '-extfile',
    file('san.ext'),
  );
  return { ca: file('ca.crt'), cert: file('server.crt'), key: file('server.key') };
}

export class PrivateRedis {
  readonly dir: string;
  readonly port: number;
  /** The TLS port, when started with `tls`. */
  readonly tlsPort: number | null;
  /** PEM text of the CA that signed the server's certificate, when started with `tls`. */
  readonly caPem: string | null;
  private readonly options: PrivateRedisOptions;
  private readonly certificates: { ca: string; cert: string; key: string } | null;
  private child: ChildProcess | null = null;
  private exited: Promise<void> = Promise.resolve();
  private output = '';
  private args: string[];

  private constructor(
    dir: string,
    port: number,
    options: PrivateRedisOptions = {},
    tlsPort: number | null = null,
  ) {
    this.dir = dir;
    this.port = port;
    this.options = options;
    this.args = options.args ?? [];
    this.tlsPort = tlsPort;
    this.certificates = options.tls ? makeCertificates(dir) : null;
    this.caPem = this.certificates ? readFileSync(this.certificates.ca, 'utf8') : null;
  }

  /** rediss:// on the TLS port (started with `tls`). */
  get tlsUrl(): string {
    if (this.tlsPort === null) throw new Error('this Redis was started without TLS');
    return `rediss://127.0.0.1:${this.tlsPort}`;
  }

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  get pid(): number | undefined {
    return this.child?.pid;
  }

  static async start(options: PrivateRedisOptions = {}): Promise<PrivateRedis> {
    const dir = mkdtempSync(join(tmpdir(), 'packbench-redis-'));
    const redis = new PrivateRedis(
      dir,
      await freePort(),
      options,
      options.tls ? await freePort() : null,
    );
    try {
      await redis.launch();
    } catch (error) {
      rmSync(dir, { recursive: true, force: true });
      throw error;
    }
    return redis;
  }

  /**
   * A fresh server on the same port: empty, since nothing was persisted. `args` replace the
   * options it was started with (a primary brought back as a replica: --replicaof).
   */
  async restart(args?: string[]): Promise<void> {
    await this.end('SIGTERM');
    if (args) this.args = args;
    await this.launch();
  }

  /** SIGKILL, as a crash or a pulled cable looks to the stations; the folder stays for restart(). */
  async kill(): Promise<void> {
    await this.end('SIGKILL');
  }

  /** Ends this server by its PID (SIGTERM, SIGKILL after 5 s) and removes its folder. */
  async stop(): Promise<void> {
    await this.end('SIGTERM');
    rmSync(this.dir, { recursive: true, force: true });
  }

  private async launch(): Promise<void> {
    this.output = '';
    const child = spawn(
      '/usr/bin/redis-server',
      [
        '--port',
        String(this.port),
        '--bind',
        '127.0.0.1',
        // Persistence off: a restart must come back empty, and nothing lands outside `dir`.
        '--save',
        '',
        '--appendonly',
        'no',
        '--dir',
        this.dir,
        '--daemonize',
        'no',
        '--protected-mode',
        'yes',
        '--logfile',
        '',
        ...(this.options.password ? ['--requirepass', this.options.password] : []),
        ...this.args,
        ...(this.certificates && this.tlsPort !== null
          ? [
              '--tls-port',
              String(this.tlsPort),
              '--tls-cert-file',
              this.certificates.cert,
              '--tls-key-file',
              this.certificates.key,
              '--tls-ca-cert-file',
              this.certificates.ca,
              '--tls-auth-clients',
              'no',
            ]
          : []),
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    this.child = child;
    this.exited = new Promise((resolve) => child.once('exit', () => resolve()));
    child.stdout?.on('data', (chunk: Buffer) => (this.output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (this.output += chunk.toString()));
    let failed: Error | null = null;
    child.once('error', (error) => (failed = error));
    child.once('close', (code) => {
      failed ??= new Error(`redis-server exited (${code}) before it was ready: ${this.output}`);
    });
    const answering = async () => {
      if (failed) throw failed;
      return ping(this.port, 200);
    };
    try {
      await until(answering, `redis-server answering PING on ${this.port}`, 10_000);
    } catch (error) {
      if (error === failed) throw error;
      await this.end('SIGKILL');
      throw new Error(`redis-server did not answer PING on ${this.port}: ${this.output}`, {
        cause: error,
      });
    }
  }

  private async end(signal: 'SIGTERM' | 'SIGKILL'): Promise<void> {
    const child = this.child;
    if (child === null) return;
    if (child.exitCode === null && child.signalCode === null) {
      child.kill(signal);
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await this.exited;
      clearTimeout(timer);
    }
    this.child = null;
  }
}
