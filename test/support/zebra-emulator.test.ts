import { connect, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { ZebraEmulator, hostStatusReply, isStatusOnly } from './zebra-emulator.ts';
import { until } from './until.ts';

// The emulator is checked with plain sockets, not with the transport it is there to test.

let emulator: ZebraEmulator | undefined;
afterEach(async () => {
  await emulator?.close();
  emulator = undefined;
});

interface Client {
  socket: Socket;
  chunks: Buffer[];
  received: () => Buffer;
  closed: Promise<Error | null>;
}

async function client(port: number): Promise<Client> {
  const socket = connect({ host: '127.0.0.1', port });
  const chunks: Buffer[] = [];
  socket.on('data', (chunk: Buffer) => chunks.push(chunk));
  let failure: Error | null = null;
  socket.on('error', (error) => (failure = error));
  const closed = new Promise<Error | null>((resolve) => socket.on('close', () => resolve(failure)));
  await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  return { socket, chunks, received: () => Buffer.concat(chunks), closed };
}

/** The reply's three strings, each checked for its STX … ETX CR LF frame, split at commas. */
function fields(reply: Buffer): string[][] {
  const text = reply.toString('latin1');
  const strings = text.split('\r\n');
  expect(strings.pop()).toBe('');
  expect(strings).toHaveLength(3);
  return strings.map((s) => {
    expect(s.startsWith('\x02') && s.endsWith('\x03')).toBe(true);
    return s.slice(1, -1).split(',');
  });
}

describe('ZebraEmulator', () => {
  it('answers ~HS with the guide’s three strings, each flag in its place', async () => {
    emulator = await ZebraEmulator.start();
    const c = await client(emulator.port);
    c.socket.write('~HS');
    await until(() => c.received().length === hostStatusReply().length);
    const [one, two, three] = fields(c.received());
    expect(one).toHaveLength(12); // aaa,b,c,dddd,eee,f,g,h,iii,j,k,l
    expect(two).toHaveLength(11); // mmm,n,o,p,q,r,s,t,uuuuuuuu,v,www
    expect(three).toHaveLength(2); // xxxx,y
    expect([one?.[1], one?.[2], one?.[5], two?.[2], two?.[3], two?.[8]]).toEqual([
      '0',
      '0',
      '0',
      '0',
      '0',
      '00000000',
    ]);

    // Each flag alone moves exactly its own field: b paper out, c pause, f buffer full,
    // o head up, p ribbon out, uuuuuuuu labels remaining.
    const cases = [
      [{ paperOut: true }, 0, 1],
      [{ paused: true }, 0, 2],
      [{ bufferFull: true }, 0, 5],
      [{ headOpen: true }, 1, 2],
      [{ ribbonOut: true }, 1, 3],
    ] as const;
    const base = fields(hostStatusReply());
    for (const [flags, line, index] of cases) {
      const got = fields(hostStatusReply(flags));
      const expected = base.map((f) => [...f]);
      const row = expected[line];
      if (row) row[index] = '1';
      expect(got).toEqual(expected);
    }
    expect(fields(hostStatusReply({ labelsRemaining: 1234 }))[1]?.[8]).toBe('00001234');
    c.socket.end();
  });

  it('hears ~HS split across segments, in lower case, and twice on one connection', async () => {
    emulator = await ZebraEmulator.start({ flags: { paperOut: true } });
    const c = await client(emulator.port);
    c.socket.write('~H');
    // The second piece goes only once the first has arrived: two segments, not one.
    await until(() => emulator?.connections[0]?.bytes.length === 2, 'the first piece');
    c.socket.write('S^XA^XZ~hs');
    const whole = hostStatusReply({ paperOut: true });
    await until(() => c.received().length === 2 * whole.length);
    expect(c.received()).toEqual(Buffer.concat([whole, whole]));
    c.socket.end();
    await c.closed;
    expect(emulator.connections[0]?.bytes.toString()).toBe('~HS^XA^XZ~hs');
    expect(emulator.connections[0]?.statusQueries).toBe(2);
  });

  it('takes new flags with configure()', async () => {
    emulator = await ZebraEmulator.start();
    emulator.configure({ flags: { headOpen: true } });
    emulator.configure({ flags: { labelsRemaining: 3 } });
    const c = await client(emulator.port);
    c.socket.write('~HS');
    const expected = hostStatusReply({ headOpen: true, labelsRemaining: 3 });
    await until(() => c.received().length === expected.length);
    expect(c.received()).toEqual(expected);
    c.socket.end();
  });

  it('stays silent when told to, still recording what it gets', async () => {
    emulator = await ZebraEmulator.start({ silent: true });
    const c = await client(emulator.port);
    c.socket.write('~HS');
    await until(() => emulator?.connections[0]?.statusQueries === 1);
    // Silence can only be shown by waiting a while: a reply would come within a millisecond.
    await new Promise((r) => setTimeout(r, 50));
    expect(c.received().length).toBe(0);
    c.socket.end();
  });

  it('sends only part of the reply when told to', async () => {
    emulator = await ZebraEmulator.start({ replyStrings: 2 });
    const c = await client(emulator.port);
    c.socket.write('~HS');
    const whole = hostStatusReply();
    const twoLines = whole.subarray(0, whole.indexOf('\x02', whole.indexOf('\r\n') + 2 + 1));
    await until(() => c.received().length === twoLines.length);
    // Nothing more comes: shown only by waiting a little past the two lines.
    await new Promise((r) => setTimeout(r, 30));
    expect(c.received()).toEqual(twoLines);
    c.socket.end();
  });

  it('splits its reply into segments with pauses between them', async () => {
    emulator = await ZebraEmulator.start({ replyChunkBytes: 10, replyChunkDelayMs: 15 });
    const c = await client(emulator.port);
    c.socket.setNoDelay(true);
    c.socket.write('~HS');
    const whole = hostStatusReply();
    await until(() => c.received().length === whole.length);
    expect(c.received()).toEqual(whole);
    expect(c.chunks.length).toBeGreaterThan(1);
    expect(c.chunks[0]?.length).toBeLessThanOrEqual(10);
    c.socket.end();
  });

  it('is slow to take a connection when told to: nothing is read before the delay', async () => {
    emulator = await ZebraEmulator.start({ acceptDelayMs: 300 });
    const c = await client(emulator.port);
    c.socket.write('~HS');
    // Inside the 300 ms delay: nothing may have been read yet (an absence, shown by waiting).
    await new Promise((r) => setTimeout(r, 50));
    expect(emulator.connections[0]?.firstData).toBeNull();
    expect(c.received().length).toBe(0);
    await until(() => c.received().length === hostStatusReply().length);
    c.socket.end();
  });

  it('resets a connection after N bytes, keeping exactly those, as many times as told', async () => {
    emulator = await ZebraEmulator.start({ resetAfterBytes: 4, resets: 1 });
    const first = await client(emulator.port);
    first.socket.write('^XA^FDcut^FS^XZ');
    const error = await first.closed;
    expect((error as NodeJS.ErrnoException | null)?.code).toBe('ECONNRESET');
    expect(emulator.connections[0]).toMatchObject({ reset: true });
    expect(emulator.connections[0]?.bytes.toString()).toBe('^XA^');

    const second = await client(emulator.port);
    second.socket.end('^XA^FDwhole^FS^XZ');
    expect(await second.closed).toBeNull();
    expect(emulator.connections[1]).toMatchObject({ reset: false });
    expect(emulator.jobs().map(String)).toEqual(['^XA^FDwhole^FS^XZ']);
  });

  it('records every connection apart and reports the jobs, leaving out status-only ones', async () => {
    emulator = await ZebraEmulator.start();
    const status = await client(emulator.port);
    status.socket.end('~HS');
    await status.closed;
    const job = await client(emulator.port);
    job.socket.write('^XA');
    job.socket.end('\r\n^XZ');
    await job.closed;
    expect(emulator.connections.map((c) => c.bytes.toString())).toEqual(['~HS', '^XA\r\n^XZ']);
    expect(emulator.connections.map(isStatusOnly)).toEqual([true, false]);
    expect(emulator.jobs().map(String)).toEqual(['^XA\r\n^XZ']);
  });

  it('takes one connection at a time when told to: the next is read after the current closes', async () => {
    emulator = await ZebraEmulator.start({ oneAtATime: true });
    const a = await client(emulator.port);
    const b = await client(emulator.port);
    b.socket.end('^XA^FDb^FS^XZ');
    a.socket.write('^XA^FDa');
    await until(() => emulator?.connections[0]?.bytes.length === 7, 'the first label begun');
    // The second connection waits its turn: an absence, shown by waiting a little.
    await new Promise((r) => setTimeout(r, 50));
    expect(emulator.connections[1]?.firstData).toBeNull();
    a.socket.end('^FS^XZ');
    await Promise.all([a.closed, b.closed]);
    const [first, second] = emulator.connections;
    expect(second?.firstData ?? 0).toBeGreaterThan(first?.closed ?? Infinity);
    expect(emulator.jobs().map(String)).toEqual(['^XA^FDa^FS^XZ', '^XA^FDb^FS^XZ']);
  });

  it('closes by its handle, dropping connections still open', async () => {
    emulator = await ZebraEmulator.start();
    const c = await client(emulator.port);
    await emulator.close();
    emulator = undefined;
    await c.closed;
    expect(c.socket.destroyed).toBe(true);
  });
});
