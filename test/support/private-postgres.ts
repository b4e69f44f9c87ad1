// A PostgreSQL cluster of the tests' own (issue #40): Debian's binaries from
// /usr/lib/postgresql/<version>/bin (never the /usr/local/bin symlinks a clean CI machine lacks),
// `initdb` into a temporary folder, one free loopback port, the unix socket inside that folder,
// password (SCRAM) authentication for every connection, no system service.
//
// `initdb` and `postgres` refuse to run as root, and the tests and CI run as root: then every
// PostgreSQL command runs as the unprivileged `postgres` user Debian's package creates (spawned
// with its uid and gid), in a folder that user owns. As any other user they run as that user.
// stop() is `pg_ctl stop -m fast` on this cluster's data folder: only what this helper started.
import { execFile } from 'node:child_process';
import {
  chownSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { freePort } from './free-port.ts';

const ROOT = '/usr/lib/postgresql';

/** The newest PostgreSQL installed by Debian's packages: its bin folder. */
export function postgresBinDir(): string {
  const versions = existsSync(ROOT)
    ? readdirSync(ROOT)
        .filter((v) => /^\d+$/.test(v) && existsSync(join(ROOT, v, 'bin', 'initdb')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (versions[0] === undefined)
    throw new Error(`No PostgreSQL under ${ROOT}: install Debian's postgresql package.`);
  return join(ROOT, versions[0], 'bin');
}

/** Who runs the cluster: the `postgres` user when we are root, else ourselves. */
function runAs(): { uid: number; gid: number } | null {
  if (process.getuid?.() !== 0) return null;
  try {
    const passwd = readFileSync('/etc/passwd', 'utf8')
      .split('\n')
      .find((line) => line.startsWith('postgres:'));
    const [, , uid, gid] = passwd?.split(':') ?? [];
    if (uid === undefined || gid === undefined) throw new Error('no postgres user');
    return { uid: Number(uid), gid: Number(gid) };
  } catch {
    throw new Error('Running as root, and there is no postgres user to run PostgreSQL as.');
  }
}

export interface PrivatePostgresOptions {
  /** The role the tests connect as (a superuser of this cluster only). */
  user?: string;
  password?: string;
  /** Serve TLS with this certificate and key (PEM), besides plain connections. */
  tls?: { certPem: string; keyPem: string } | null;
}

export class PrivatePostgres {
  readonly dir: string;
  readonly port: number;
  readonly user: string;
  readonly password: string;
  private readonly bin: string;
  private readonly owner: { uid: number; gid: number } | null;
  private readonly tls: { certPem: string; keyPem: string } | null;
  private running = false;

  private constructor(dir: string, port: number, options: Required<PrivatePostgresOptions>) {
    this.dir = dir;
    this.port = port;
    this.user = options.user;
    this.password = options.password;
    this.tls = options.tls;
    this.bin = postgresBinDir();
    this.owner = runAs();
  }

  get dataDir(): string {
    return join(this.dir, 'data');
  }

  /** postgres://user:password@127.0.0.1:port/database */
  url(database = 'postgres', credentials = { user: this.user, password: this.password }): string {
    const user = encodeURIComponent(credentials.user);
    const password = encodeURIComponent(credentials.password);
    return `postgres://${user}:${password}@127.0.0.1:${this.port}/${database}`;
  }

  /** The postmaster's PID while it runs (first line of postmaster.pid). */
  get pid(): number | null {
    const file = join(this.dataDir, 'postmaster.pid');
    if (!existsSync(file)) return null;
    return Number(readFileSync(file, 'utf8').split('\n')[0]);
  }

  static async start(options: PrivatePostgresOptions = {}): Promise<PrivatePostgres> {
    const dir = mkdtempSync(join(tmpdir(), 'packbench-postgres-'));
    const cluster = new PrivatePostgres(dir, await freePort(), {
      user: options.user ?? 'packbench_test',
      password: options.password ?? 'test-secret',
      tls: options.tls ?? null,
    });
    try {
      if (cluster.owner) chownSync(dir, cluster.owner.uid, cluster.owner.gid);
      await cluster.initdb();
      if (options.tls) cluster.writeTls(options.tls);
      await cluster.restart();
    } catch (error) {
      await cluster.stop().catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
      throw error;
    }
    return cluster;
  }

  /** The server's certificate and key, owned by the server's user (it refuses a key others read). */
  private writeTls(tls: { certPem: string; keyPem: string }): void {
    for (const [name, pem] of [
      ['server.crt', tls.certPem],
      ['server.key', tls.keyPem],
    ] as const) {
      const file = join(this.dir, name);
      writeFileSync(file, pem, { mode: 0o600 });
      if (this.owner) chownSync(file, this.owner.uid, this.owner.gid);
    }
  }

  /** Starts the stopped cluster again on the same port, with everything it had committed. */
  async restart(): Promise<void> {
    if (this.running) return;
    // -w: pg_ctl returns once the server accepts connections (or fails with its log).
    const settings = [
      '-c listen_addresses=127.0.0.1',
      `-c port=${this.port}`,
      `-c unix_socket_directories=${this.dir}`,
      // Durability of the test cluster's own disk is not what the tests judge: speed is.
      '-c fsync=off',
      '-c synchronous_commit=off',
      '-c full_page_writes=off',
      '-c max_connections=60',
      ...(this.tls
        ? [
            '-c ssl=on',
            `-c ssl_cert_file=${join(this.dir, 'server.crt')}`,
            `-c ssl_key_file=${join(this.dir, 'server.key')}`,
          ]
        : []),
    ].join(' ');
    try {
      await this.run('pg_ctl', [
        'start',
        '-w',
        '-t',
        '30',
        '-D',
        this.dataDir,
        '-l',
        join(this.dir, 'server.log'),
        '-o',
        settings,
      ]);
    } catch (error) {
      throw new Error(`PostgreSQL did not start: ${this.log()}`, { cause: error });
    }
    this.running = true;
  }

  /** `pg_ctl stop -m fast`: the server ends its sessions and stops; the folder stays. */
  async halt(): Promise<void> {
    if (!this.running) return;
    await this.run('pg_ctl', ['stop', '-w', '-m', 'fast', '-D', this.dataDir]);
    this.running = false;
  }

  /** Stops the server and removes its folder. */
  async stop(): Promise<void> {
    if (this.running || this.pid !== null)
      await this.run('pg_ctl', ['stop', '-w', '-m', 'fast', '-D', this.dataDir]).catch(
        () => undefined,
      );
    this.running = false;
    rmSync(this.dir, { recursive: true, force: true });
  }

  /** A new empty database; the tests' role owns it. */
  async createDatabase(name: string): Promise<string> {
    await this.admin(`CREATE DATABASE "${name.replaceAll('"', '""')}"`);
    return this.url(name);
  }

  /** A role that may log in with a password and nothing else (a station's own role). */
  async createRole(name: string, password: string): Promise<void> {
    await this.admin(
      `CREATE ROLE "${name.replaceAll('"', '""')}" LOGIN PASSWORD '${password.replaceAll("'", "''")}'`,
    );
  }

  /** One statement as the cluster's superuser, over loopback with the password. */
  async admin(sql: string, database = 'postgres'): Promise<pg.QueryResult> {
    const client = new pg.Client({ connectionString: this.url(database) });
    await client.connect();
    try {
      return await client.query(sql);
    } finally {
      await client.end();
    }
  }

  log(): string {
    const file = join(this.dir, 'server.log');
    return existsSync(file) ? readFileSync(file, 'utf8').slice(-4000) : '(no log)';
  }

  private async initdb(): Promise<void> {
    const pwfile = join(this.dir, 'pwfile');
    writeFileSync(pwfile, `${this.password}\n`, { mode: 0o600 });
    if (this.owner) chownSync(pwfile, this.owner.uid, this.owner.gid);
    await this.run('initdb', [
      '-D',
      this.dataDir,
      '-U',
      this.user,
      `--pwfile=${pwfile}`,
      '--auth=scram-sha-256',
      '--encoding=UTF8',
      '--locale=C',
      '--no-sync',
    ]);
    rmSync(pwfile, { force: true });
  }

  private run(command: string, args: string[]): Promise<string> {
    return new Promise((resolve, reject) => {
      execFile(
        join(this.bin, command),
        args,
        {
          cwd: this.dir,
          env: { PATH: process.env['PATH'] ?? '/usr/bin:/bin', LC_ALL: 'C', TZ: 'UTC' },
          ...(this.owner ?? {}),
          timeout: 60_000,
        },
        (error, stdout, stderr) => {
          if (error) reject(new Error(`${command} failed: ${stderr || stdout}`, { cause: error }));
          else resolve(stdout);
        },
      );
    });
  }
}
