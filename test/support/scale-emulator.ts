// A serial scale of our own, for the tests (issue #29): MT-SICS or NCI, answering on one end of
// a pair of pseudo-terminals that Debian's `socat` links; the station opens the other end as it
// would /dev/ttyUSB0. Its replies are written from the manufacturers' documents (MT-SICS level
// 0; NCI SCP-01), not from our decoders. Unplugging kills socat (the port vanishes under the
// reader); plugging back in starts it again on the same path.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SerialPort } from 'serialport';
import { until } from './until.ts';

export type EmulatedState =
  | { kind: 'stable'; value: string; unit: string }
  | { kind: 'motion'; value: string; unit: string }
  | { kind: 'zero'; value: string; unit: string }
  | { kind: 'under' }
  | { kind: 'over' }
  /** MT-SICS: an error reply (ES, ET, EL); NCI: a RAM error, a faulty calibration. */
  | { kind: 'error'; code: 'ES' | 'ET' | 'EL' | 'ram' | 'calibration' }
  /** No answer at all. */
  | { kind: 'silent' };

export interface EmulatorOptions {
  protocol: 'sics' | 'nci';
  /** Replies cut into pieces of this many bytes, each after `pieceDelayMs` (a slow line). */
  pieceBytes?: number;
  pieceDelayMs?: number;
}

const ETX = '\x03';

export class ScaleEmulator {
  /** The port the station opens. */
  readonly path: string;
  /** Every command the scale received, without its line end. */
  readonly commands: string[] = [];
  /** Every reply as it was written, with the wall-clock time it was (ms since the epoch). */
  readonly replies: { at: number; text: string }[] = [];
  private state: EmulatedState = { kind: 'zero', value: '0.00', unit: 'kg' };
  private socat: ChildProcess | null = null;
  private port: SerialPort | null = null;
  private pending = '';
  private readonly dir: string;
  private readonly options: EmulatorOptions;

  private constructor(options: EmulatorOptions) {
    this.options = options;
    this.dir = mkdtempSync(join(tmpdir(), 'packbench-scale-'));
    this.path = join(this.dir, 'scale');
  }

  static async start(options: EmulatorOptions): Promise<ScaleEmulator> {
    const emulator = new ScaleEmulator(options);
    await emulator.plug();
    return emulator;
  }

  /** What the scale shows from now on. */
  show(state: EmulatedState): void {
    this.state = state;
  }

  /** The port comes into being (socat's pair) and the scale listens on its end. */
  async plug(): Promise<void> {
    const device = join(this.dir, 'device');
    this.socat = spawn(
      'socat',
      [`pty,raw,echo=0,link=${this.path}`, `pty,raw,echo=0,link=${device}`],
      { stdio: 'ignore' },
    );
    await until(() => existsSync(this.path) && existsSync(device), 'socat to link the ptys', 5000);
    const port = new SerialPort({ path: device, baudRate: 9600, autoOpen: false });
    await new Promise<void>((resolve, reject) =>
      port.open((error) => (error ? reject(error) : resolve())),
    );
    port.on('data', (chunk: Buffer) => this.received(chunk.toString('latin1')));
    port.on('error', () => undefined);
    this.port = port;
  }

  /** The cable is pulled: the station's end of the port goes away under it. */
  async unplug(): Promise<void> {
    const port = this.port;
    this.port = null;
    const socat = this.socat;
    this.socat = null;
    if (socat && socat.exitCode === null) {
      const gone = new Promise((resolve) => socat.once('exit', resolve));
      socat.kill('SIGTERM');
      await gone;
    }
    if (port?.isOpen) await new Promise((resolve) => port.close(resolve));
  }

  async stop(): Promise<void> {
    await this.unplug();
    rmSync(this.dir, { recursive: true, force: true });
  }

  private received(text: string): void {
    this.pending += text;
    const ends = this.options.protocol === 'sics' ? /\r\n|\r|\n/ : /\r/;
    const parts = this.pending.split(ends);
    this.pending = parts.pop() ?? '';
    for (const command of parts) {
      if (command.length === 0) continue;
      this.commands.push(command);
      const reply = this.options.protocol === 'sics' ? this.sics(command) : this.nci(command);
      if (reply !== null) void this.send(reply);
    }
  }

  private async send(reply: string): Promise<void> {
    const { pieceBytes, pieceDelayMs = 0 } = this.options;
    const pieces: string[] = [];
    if (!pieceBytes) pieces.push(reply);
    else
      for (let i = 0; i < reply.length; i += pieceBytes)
        pieces.push(reply.slice(i, i + pieceBytes));
    for (const [n, piece] of pieces.entries()) {
      if (n > 0) await new Promise((resolve) => setTimeout(resolve, pieceDelayMs));
      this.port?.write(Buffer.from(piece, 'latin1'));
    }
    this.replies.push({ at: performance.timeOrigin + performance.now(), text: reply });
  }

  /** MT-SICS level 0 replies, CR LF ended; the weight right-aligned in ten characters. */
  private sics(command: string): string | null {
    const s = this.state;
    if (s.kind === 'silent') return null;
    const line = (text: string) => `${text}\r\n`;
    if (s.kind === 'error')
      return line(s.code === 'ram' || s.code === 'calibration' ? 'EL' : s.code);
    switch (command) {
      case 'SI':
      case 'S': {
        if (s.kind === 'over') return line('S +');
        if (s.kind === 'under') return line('S -');
        // `S` waits for a stable weight; a scale still moving answers S I when it gives up.
        if (s.kind === 'motion')
          return line(command === 'S' ? 'S I' : `S D ${s.value.padStart(10)} ${s.unit}`);
        return line(`S S ${s.value.padStart(10)} ${s.unit}`);
      }
      case 'Z':
        return line(s.kind === 'motion' ? 'Z I' : 'Z A');
      default:
        return line('ES');
    }
  }

  /** NCI SCP-01 replies: <LF> weight <CR><LF> status bytes <CR><ETX>. */
  private nci(command: string): string | null {
    const s = this.state;
    if (s.kind === 'silent') return null;
    // Status bytes carry bits 4 and 5 set: '0' (0x30) is "nothing to report".
    let first = 0x30;
    let second = 0x30;
    let weight = '';
    switch (s.kind) {
      case 'stable':
      case 'zero':
      case 'motion':
        weight = `${s.value.padStart(7)}${s.unit.padEnd(2)}`;
        if (s.kind === 'motion') first |= 0b0001;
        if (s.kind === 'zero') first |= 0b0010;
        break;
      case 'over':
        weight = '^^^^^^^  ';
        second |= 0b0010;
        break;
      case 'under':
        weight = '_______  ';
        second |= 0b0001;
        break;
      case 'error':
        if (s.code === 'calibration') second |= 0b1000;
        else first |= 0b0100;
        weight = '         ';
        break;
    }
    const status = String.fromCharCode(first, second);
    switch (command) {
      case 'W':
        return `\n${weight}\r\n${status}\r${ETX}`;
      case 'S':
      case 'Z':
        return `\n${status}\r${ETX}`;
      default:
        return `\n?\r${ETX}`;
    }
  }
}
