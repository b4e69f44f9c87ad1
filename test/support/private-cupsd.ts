// A CUPS scheduler of the tests' own (issue #20): Debian's cupsd started in the foreground
// (-f) with its own ServerRoot, spool, state and logs in a temporary folder, listening only
// on a loopback port of its own. No system file, socket or service is used: clients reach it
// through CUPS_SERVER=127.0.0.1:PORT, and stop() ends exactly the process start() spawned,
// by its PID, then removes the folder.
//
// Queues are raw: `lpadmin -p Q -E -v socket://…` with no -m. CUPS 2.4 still accepts
// `-m raw` but warns that raw queues made that way are deprecated; a queue with no PPD and
// no driver is raw already, and lp -o raw sends the bytes through untouched.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import {
  accessSync,
  chmodSync,
  constants,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './free-port.ts';

/** A command from cups-daemon / cups-client: in /usr/sbin, which a non-root PATH may lack. */
export function cupsCommand(name: string): string {
  for (const dir of ['/usr/sbin', '/usr/bin', '/sbin', '/bin']) {
    const path = join(dir, name);
    try {
      accessSync(path, constants.X_OK);
      return path;
    } catch {
      // next
    }
  }
  return name;
}

export interface CommandResult {
  status: number | null;
  stdout: string;
  stderr: string;
}

export class PrivateCupsd {
  readonly dir: string;
  readonly port: number;
  private readonly child: ChildProcess;
  private exited: Promise<void>;

  private constructor(dir: string, port: number, child: ChildProcess) {
    this.dir = dir;
    this.port = port;
    this.child = child;
    this.exited = new Promise((resolve) => child.once('exit', () => resolve()));
  }

  /** host:port, as CUPS_SERVER and lpadmin -h take it. */
  get server(): string {
    return `127.0.0.1:${this.port}`;
  }

  /** The environment for lp, lpstat and our CLI: CUPS_SERVER pointing here, C locale. */
  get env(): NodeJS.ProcessEnv {
    return { ...process.env, CUPS_SERVER: this.server, LC_ALL: 'C', LANG: 'C' };
  }

  get pid(): number | undefined {
    return this.child.pid;
  }

  static async start(): Promise<PrivateCupsd> {
    const dir = mkdtempSync(join(tmpdir(), 'packbench-cupsd-'));
    // cupsd runs backends as user lp when started by root: they must reach the spool below.
    chmodSync(dir, 0o755);
    // cupsd refuses to start unless these exist; it sets their owners and modes itself.
    for (const sub of ['spool', 'cache', 'state', 'tmp']) mkdirSync(join(dir, sub));
    const port = await freePort();
    const conf = join(dir, 'cupsd.conf');
    const files = join(dir, 'cups-files.conf');
    writeFileSync(
      conf,
      [
        `Listen 127.0.0.1:${port}`,
        'LogLevel info',
        // Nothing on the network: no browsing, no mDNS, no web pages.
        'Browsing No',
        'BrowseLocalProtocols none',
        'WebInterface No',
        'DefaultAuthType None',
        // Anyone on loopback may administer this throwaway instance (lpadmin, cupsdisable).
        '<Location />',
        '  Order allow,deny',
        '  Allow 127.0.0.1',
        '</Location>',
        '<Policy default>',
        '  JobPrivateAccess all',
        '  JobPrivateValues none',
        '  SubscriptionPrivateAccess all',
        '  SubscriptionPrivateValues none',
        '  <Limit All>',
        '    Order deny,allow',
        '  </Limit>',
        '</Policy>',
        '',
      ].join('\n'),
    );
    writeFileSync(
      files,
      [
        `ServerRoot ${dir}`,
        `RequestRoot ${join(dir, 'spool')}`,
        `CacheDir ${join(dir, 'cache')}`,
        `StateDir ${join(dir, 'state')}`,
        `TempDir ${join(dir, 'tmp')}`,
        `ErrorLog ${join(dir, 'error_log')}`,
        `AccessLog ${join(dir, 'access_log')}`,
        `PageLog ${join(dir, 'page_log')}`,
        // By default cupsd writes /run/cups/printcap: keep even that here.
        `Printcap ${join(dir, 'printcap')}`,
        '',
      ].join('\n'),
    );
    const child = spawn(cupsCommand('cupsd'), ['-f', '-c', conf, '-s', files], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const cupsd = new PrivateCupsd(dir, port, child);
    let failed: Error | null = null;
    child.once('error', (error) => (failed = error));
    // 'close', not 'exit': by then its stderr (the reason) has been read.
    child.once('close', (code) => {
      failed ??= new Error(`cupsd exited (${code}) before it was ready: ${output}${cupsd.log()}`);
    });
    // Ready when it answers lpstat -r on its port.
    for (let waited = 0; ; waited += 50) {
      if (failed) {
        rmSync(dir, { recursive: true, force: true });
        throw failed;
      }
      const probe = cupsd.run('lpstat', ['-r']);
      if (/scheduler is running/.test(probe.stdout)) return cupsd;
      if (waited > 15_000) {
        await cupsd.stop();
        throw new Error(`cupsd did not come up on ${cupsd.server}: ${cupsd.log()}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  /** Runs a CUPS client command against this server. */
  run(command: string, args: readonly string[], input?: Uint8Array): CommandResult {
    const result = spawnSync(cupsCommand(command), args, {
      env: this.env,
      input,
      encoding: 'utf8',
      timeout: 15_000,
    });
    return { status: result.status, stdout: result.stdout ?? '', stderr: result.stderr ?? '' };
  }

  /** A raw queue (no PPD, no driver) sending to `device`, enabled and accepting jobs. */
  addRawQueue(name: string, device: string): void {
    const result = this.run('lpadmin', ['-h', this.server, '-p', name, '-E', '-v', device]);
    if (result.status !== 0)
      throw new Error(`lpadmin -p ${name} failed: ${result.stderr}${this.log()}`);
  }

  /** The end of cupsd's error log, for failure messages. */
  log(): string {
    try {
      return `\n--- ${this.dir}/error_log ---\n${readFileSync(join(this.dir, 'error_log'), 'utf8').split('\n').slice(-30).join('\n')}`;
    } catch {
      return '';
    }
  }

  /** Ends this cupsd by its PID (SIGTERM, then SIGKILL after 5 s) and removes its folder. */
  async stop(): Promise<void> {
    if (this.child.exitCode === null && this.child.signalCode === null) {
      this.child.kill('SIGTERM');
      const timer = setTimeout(() => this.child.kill('SIGKILL'), 5000);
      await this.exited;
      clearTimeout(timer);
    }
    rmSync(this.dir, { recursive: true, force: true });
  }
}
