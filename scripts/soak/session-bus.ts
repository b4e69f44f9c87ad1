// Counts the connections a process holds on the D-Bus session bus by asking the bus itself:
// ListNames, then GetConnectionUnixProcessID for each unique name (":1.42"), the PID the bus
// took from the socket's credentials when the peer connected. A connection a library opened and
// forgot counts as surely as one in use. This speaks the wire protocol directly over one kept
// connection (SASL EXTERNAL, then method calls), because spawning busctl every simulated minute
// cost a fork of the whole station process each time. Only what those three calls need is here:
// little-endian messages, string arguments, and replies of `as` or `u`.
import { createConnection, type Socket } from 'node:net';

const align = (n: number, to: number) => Math.ceil(n / to) * to;

/** Writes a D-Bus method call to the bus daemon with zero or one string argument. */
function methodCall(serial: number, member: string, argument: string | null): Buffer {
  const fields: Buffer[] = [];
  let offset = 16; // header fields start after the fixed 12 bytes and the array's length
  const field = (code: number, signature: string, value: string) => {
    const start = align(offset, 8);
    const text = Buffer.from(value);
    const head = Buffer.alloc(start - offset + 4);
    head.writeUInt8(code, start - offset);
    head.writeUInt8(1, start - offset + 1);
    head.write(signature, start - offset + 2);
    let at = start + 4;
    const parts = [head];
    if (signature === 'g') {
      const g = Buffer.alloc(text.length + 2);
      g.writeUInt8(text.length, 0);
      text.copy(g, 1);
      parts.push(g);
      at += g.length;
    } else {
      const pad = align(at, 4) - at;
      const s = Buffer.alloc(pad + 4 + text.length + 1);
      s.writeUInt32LE(text.length, pad);
      text.copy(s, pad + 4);
      parts.push(s);
      at += s.length;
    }
    offset = at;
    fields.push(...parts);
  };
  field(1, 'o', '/org/freedesktop/DBus');
  field(2, 's', 'org.freedesktop.DBus');
  field(3, 's', member);
  field(6, 's', 'org.freedesktop.DBus');
  if (argument !== null) field(8, 'g', 's');
  const fieldBytes = Buffer.concat(fields);
  let body = Buffer.alloc(0);
  if (argument !== null) {
    const text = Buffer.from(argument);
    body = Buffer.alloc(4 + text.length + 1);
    body.writeUInt32LE(text.length, 0);
    text.copy(body, 4);
  }
  const fixed = Buffer.alloc(16);
  fixed.write('l', 0);
  fixed.writeUInt8(1, 1); // METHOD_CALL
  fixed.writeUInt8(1, 3); // protocol version
  fixed.writeUInt32LE(body.length, 4);
  fixed.writeUInt32LE(serial, 8);
  fixed.writeUInt32LE(fieldBytes.length, 12);
  const padding = Buffer.alloc(align(16 + fieldBytes.length, 8) - 16 - fieldBytes.length);
  return Buffer.concat([fixed, fieldBytes, padding, body]);
}

interface Reply {
  replyTo: number;
  error: boolean;
  body: Buffer;
}

/** Reads whole messages off the front of `data`; returns them and what is left. */
function readMessages(data: Buffer): { replies: Reply[]; rest: Buffer } {
  const replies: Reply[] = [];
  let at = 0;
  while (data.length - at >= 16) {
    const bodyLength = data.readUInt32LE(at + 4);
    const fieldsLength = data.readUInt32LE(at + 12);
    const bodyStart = at + align(16 + fieldsLength, 8);
    const end = bodyStart + bodyLength;
    if (data.length < end) break;
    const type = data.readUInt8(at + 1);
    let replyTo = 0;
    for (let f = at + 16; f < at + 16 + fieldsLength;) {
      f = at + align(f - at, 8);
      const code = data.readUInt8(f);
      const sigLength = data.readUInt8(f + 1);
      const signature = data.toString('latin1', f + 2, f + 2 + sigLength);
      let v = f + 3 + sigLength;
      if (signature === 'g') v += 2 + data.readUInt8(v);
      else if (signature === 'u') {
        v = at + align(v - at, 4);
        if (code === 5) replyTo = data.readUInt32LE(v);
        v += 4;
      } else {
        v = at + align(v - at, 4);
        v += 4 + data.readUInt32LE(v) + 1;
      }
      f = v;
    }
    if (type === 2 || type === 3)
      replies.push({ replyTo, error: type === 3, body: data.subarray(bodyStart, end) });
    at = end;
  }
  return { replies, rest: data.subarray(at) };
}

function strings(body: Buffer): string[] {
  const out: string[] = [];
  const end = 4 + body.readUInt32LE(0);
  for (let at = 4; at < end;) {
    at = align(at, 4);
    const length = body.readUInt32LE(at);
    out.push(body.toString('utf8', at + 4, at + 4 + length));
    at += 4 + length + 1;
  }
  return out;
}

/** The socket a D-Bus address names (unix:path=… or unix:abstract=…). */
function socketPath(address: string): string {
  for (const part of address.split(';')) {
    const params = new Map(
      part
        .replace(/^unix:/, '')
        .split(',')
        .map((kv) => kv.split('=') as [string, string]),
    );
    const path = params.get('path');
    if (path) return decodeURIComponent(path);
    const abstract = params.get('abstract');
    if (abstract) return `\0${decodeURIComponent(abstract)}`;
  }
  throw new Error(`no unix socket in the bus address ${address}`);
}

export class SessionBus {
  private serial = 0;
  private buffered = Buffer.alloc(0);
  private readonly waiting = new Map<number, (reply: Reply) => void>();
  private readonly socket: Socket;
  private constructor(socket: Socket) {
    this.socket = socket;
  }

  /** Connects and authenticates to the session bus in DBUS_SESSION_BUS_ADDRESS. */
  static async open(address = process.env['DBUS_SESSION_BUS_ADDRESS'] ?? ''): Promise<SessionBus> {
    const socket = createConnection(socketPath(address));
    await new Promise<void>((resolve, reject) => {
      socket.once('error', reject);
      socket.once('connect', () => resolve());
    });
    const uid = Buffer.from(String(process.getuid?.() ?? 0)).toString('hex');
    socket.write(`\0AUTH EXTERNAL ${uid}\r\n`);
    const answer = await new Promise<string>((resolve) =>
      socket.once('data', (d) => resolve(d.toString())),
    );
    if (!answer.startsWith('OK')) throw new Error(`the session bus refused us: ${answer.trim()}`);
    socket.write('BEGIN\r\n');
    const bus = new SessionBus(socket);
    socket.on('data', (chunk: Buffer) => bus.received(chunk));
    socket.on('error', () => undefined);
    await bus.call('Hello', null);
    return bus;
  }

  /** Connections whose peer process is `pid`, this counter's own connection left out. */
  async connectionsOf(pid = process.pid): Promise<number> {
    const names = strings((await this.call('ListNames', null)).body).filter((n) =>
      n.startsWith(':'),
    );
    const pids = await Promise.all(
      names.map((name) => this.call('GetConnectionUnixProcessID', name)),
    );
    const ours = pids.filter((reply) => !reply.error && reply.body.readUInt32LE(0) === pid).length;
    return pid === process.pid ? ours - 1 : ours;
  }

  close(): void {
    this.socket.destroy();
  }

  private call(member: string, argument: string | null): Promise<Reply> {
    const serial = (this.serial += 1);
    return new Promise((resolve) => {
      this.waiting.set(serial, resolve);
      this.socket.write(methodCall(serial, member, argument));
    });
  }

  private received(chunk: Buffer): void {
    const { replies, rest } = readMessages(Buffer.concat([this.buffered, chunk]));
    this.buffered = Buffer.from(rest);
    for (const reply of replies) {
      this.waiting.get(reply.replyTo)?.(reply);
      this.waiting.delete(reply.replyTo);
    }
  }
}
