// A CUPS scheduler of the tests' own (issue #20): Debian's cupsd started in the foreground
// (-f) with its own ServerRoot, spool, state and logs in a temporary folder, listening only
// on a loopback port of its own. No system file, socket or service is used: clients reach it
// through CUPS_SERVER=127.0.0.1:PORT, and stop() ends exactly the process start() spawned,
// by its PID, then removes the folder.
//
// Raw queues: `lpadmin -p Q -E -v socket://…` with no -m. CUPS 2.4 still accepts `-m raw` but
// warns that raw queues made that way are deprecated; a queue with no PPD and no driver is raw
// already, and lp -o raw sends the bytes through untouched.
//
// Document queues (issue #30) behave as an office printer's: they have a driver — the Generic
// PDF Printer PPD of Debian's cups-filters (a dependency of the cups package), whose filter
// chain is pdftopdf — so a PDF printed without -o raw is laid out by CUPS: scaled to the paper
// asked for, copied page by page (the PPD says cupsManualCopies), and wrapped in PJL naming the
// paper (@PJL SET PAPER=A4). The result goes to socket:// on a loopback listener of the test's
// own, one connection per job, so a test judges what CUPS produced — paper and copies read
// back by poppler's pdfinfo — never our own command line.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createServer, type Server } from 'node:net';
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
import { until } from './until.ts';

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

/** The generic PDF printer's PPD (cups-filters): a driver that writes PDF for the paper asked. */
export const GENERIC_PDF_PPD = '/usr/share/ppd/cupsfilters/Generic-PDF_Printer-PDF.ppd';

/** A document as it reached the "printer" behind a document queue, read back independently. */
export interface ArrivedDocument {
  /** Everything received on the connection (PJL, the PDF, PJL). */
  bytes: Buffer;
  /** The job's title from `@PJL JOB NAME = "…"` (lp -t). */
  title: string | null;
  /** `@PJL SET PAPER=…`, from the PPD's PageSize CUPS chose for the job's media (A4, LETTER). */
  paper: string | null;
  /** The PDF CUPS made (from %PDF- to the last %%EOF). */
  pdf: Buffer;
  /** pdfinfo's "Pages": the document's pages times the copies CUPS made. */
  pages: number;
  /** pdfinfo's "Page size", e.g. "595 x 842 pts (A4)". */
  pageSize: string;
}

/** A document printer's port on loopback: each connection is one job. */
export class DocumentQueue {
  readonly name: string;
  readonly device: string;
  private readonly received: Buffer[];
  private readonly server: Server;
  private readonly scratch: string;

  private constructor(name: string, server: Server, scratch: string, received: Buffer[]) {
    const address = server.address();
    if (address === null || typeof address === 'string') throw new Error('no TCP port');
    this.name = name;
    this.server = server;
    this.scratch = scratch;
    this.received = received;
    // snmp=false: the socket backend would otherwise ask the host for its supply levels by
    // SNMP first and wait about 4 s for an answer nobody on loopback gives.
    this.device = `socket://127.0.0.1:${address.port}/?snmp=false&waiteof=false`;
  }

  static async listen(name: string, scratch: string): Promise<DocumentQueue> {
    const received: Buffer[] = [];
    const server = createServer((socket) => {
      const chunks: Buffer[] = [];
      socket.on('data', (chunk: Buffer) => chunks.push(chunk));
      socket.on('error', () => {});
      socket.on('end', () => {
        received.push(Buffer.concat(chunks));
        socket.end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    return new DocumentQueue(name, server, scratch, received);
  }

  /** The raw bytes of every job received so far, in order. */
  jobs(): Buffer[] {
    return [...this.received];
  }

  /** Lets go of the jobs received so far (a long run that reads none of them back). */
  forget(): void {
    this.received.splice(0);
  }

  /** Every job received so far, read back: its PJL, and its PDF through pdfinfo. */
  arrived(): ArrivedDocument[] {
    return this.received.map((bytes, i) =>
      readArrival(bytes, join(this.scratch, `${this.name}-${i}.pdf`)),
    );
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

/** What a document queue's output says, read with poppler's pdfinfo (not our code). */
export function readArrival(bytes: Buffer, scratchFile: string): ArrivedDocument {
  const text = bytes.toString('latin1');
  const start = text.indexOf('%PDF-');
  const end = text.lastIndexOf('%%EOF');
  if (start < 0 || end < start) throw new Error(`no PDF in what arrived: ${text.slice(0, 200)}`);
  const pdf = bytes.subarray(start, end + '%%EOF'.length);
  writeFileSync(scratchFile, pdf);
  const info = spawnSync('pdfinfo', [scratchFile], { encoding: 'utf8', timeout: 15_000 });
  if (info.status !== 0) throw new Error(`pdfinfo could not read it: ${info.stderr}`);
  const field = (name: string) =>
    new RegExp(`^${name}:\\s+(.*)$`, 'm').exec(info.stdout)?.[1]?.trim() ?? '';
  return {
    bytes,
    title: /^@PJL JOB NAME = "([^"]*)"/m.exec(text)?.[1] ?? null,
    paper: /^@PJL SET PAPER=(\S+)/m.exec(text)?.[1] ?? null,
    pdf,
    pages: Number(field('Pages')),
    pageSize: field('Page size'),
  };
}

export class PrivateCupsd {
  readonly dir: string;
  readonly port: number;
  private readonly child: ChildProcess;
  private exited: Promise<void>;
  private readonly documentQueues: DocumentQueue[] = [];

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
    const running = () => {
      if (failed) throw failed;
      return /scheduler is running/.test(cupsd.run('lpstat', ['-r']).stdout);
    };
    try {
      await until(running, `cupsd on ${cupsd.server}`, 15_000);
      return cupsd;
    } catch (error) {
      if (error === failed) {
        rmSync(dir, { recursive: true, force: true });
        throw error;
      }
      await cupsd.stop();
      throw new Error(`cupsd did not come up on ${cupsd.server}: ${cupsd.log()}`, { cause: error });
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

  /**
   * A document queue (a driver: the generic PDF printer's PPD), enabled and accepting, whose
   * output lands at a loopback listener of its own; read what arrived with `.arrived()`.
   */
  async addDocumentQueue(name: string): Promise<DocumentQueue> {
    accessSync(GENERIC_PDF_PPD, constants.R_OK);
    const queue = await DocumentQueue.listen(name, this.dir);
    this.documentQueues.push(queue);
    const result = this.run('lpadmin', [
      '-h',
      this.server,
      '-p',
      name,
      '-E',
      '-v',
      queue.device,
      '-P',
      GENERIC_PDF_PPD,
    ]);
    if (result.status !== 0)
      throw new Error(`lpadmin -p ${name} failed: ${result.stderr}${this.log()}`);
    return queue;
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
    for (const queue of this.documentQueues.splice(0)) await queue.close();
    rmSync(this.dir, { recursive: true, force: true });
  }
}
