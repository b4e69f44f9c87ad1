import { afterEach, describe, expect, it } from 'vitest';
import { FakeClock } from '@test/support/fake-clock.ts';
import { until } from '@test/support/until.ts';
import { ZebraEmulator, closedPort } from '@test/support/zebra-emulator.ts';
import { PrintError } from './errors.ts';
import { HostStatusReader, parseHostStatus, queryHostStatus } from './host-status.ts';

// Replies written out by hand from the ~HS page of the ZPL II Programming Guide
// (45541L-004 Rev. A, pp. 171-172), not produced by the emulator:
//   String 1 aaa,b,c,dddd,eee,f,g,h,iii,j,k,l   b paper out, c pause, f buffer full
//   String 2 mmm,n,o,p,q,r,s,t,uuuuuuuu,v,www   o head up, p ribbon out, u labels remaining
//   String 3 xxxx,y
const STX = '\x02';
const ETX = '\x03';
const reply = (one: string, two: string, three = '1234,0') =>
  Buffer.from(`${STX}${one}${ETX}\r\n${STX}${two}${ETX}\r\n${STX}${three}${ETX}\r\n`, 'latin1');

const idle = reply('014,0,0,1218,000,0,0,0,000,0,0,0', '001,0,0,0,1,2,6,0,00000000,1,000');
// Paper out and paused, buffer full; head up, ribbon out; 37 labels left in the batch.
const troubled = reply('014,1,1,1218,003,1,0,1,000,0,0,0', '001,0,1,1,1,2,6,0,00000037,1,000');

const strings = (buffer: Buffer) =>
  buffer
    .toString('latin1')
    .split('\r\n')
    .filter(Boolean)
    .map((s) => s.slice(1, -1));

describe('parseHostStatus', () => {
  it('reads every flag from its place in the guide', () => {
    expect(parseHostStatus(strings(idle))).toEqual({
      online: true,
      paperOut: false,
      paused: false,
      headOpen: false,
      ribbonOut: false,
      bufferFull: false,
      labelsRemaining: 0,
    });
    expect(parseHostStatus(strings(troubled))).toEqual({
      online: true,
      paperOut: true,
      paused: true,
      headOpen: true,
      ribbonOut: true,
      bufferFull: true,
      labelsRemaining: 37,
    });
  });

  it('tells each flag apart from its neighbours', () => {
    const one = (b: string, c: string, f: string) => `014,${b},${c},1218,000,${f},1,1,000,1,1,1`;
    const two = (o: string, p: string) => `255,1,${o},${p},1,4,6,1,00000002,1,009`;
    expect(parseHostStatus(strings(reply(one('1', '0', '0'), two('0', '0'))))).toMatchObject({
      paperOut: true,
      paused: false,
      bufferFull: false,
      headOpen: false,
      ribbonOut: false,
      labelsRemaining: 2,
    });
    expect(parseHostStatus(strings(reply(one('0', '1', '0'), two('0', '0'))))).toMatchObject({
      paperOut: false,
      paused: true,
    });
    expect(parseHostStatus(strings(reply(one('0', '0', '1'), two('0', '0'))))).toMatchObject({
      paused: false,
      bufferFull: true,
    });
    expect(parseHostStatus(strings(reply(one('0', '0', '0'), two('1', '0'))))).toMatchObject({
      headOpen: true,
      ribbonOut: false,
    });
    expect(parseHostStatus(strings(reply(one('0', '0', '0'), two('0', '1'))))).toMatchObject({
      headOpen: false,
      ribbonOut: true,
    });
  });

  it('refuses a reply that is not a ~HS reply', () => {
    expect(() => parseHostStatus(['014,X,0,1218', '001,0,0,0,1,2,6,0,00000000', 'x'])).toThrow(
      PrintError,
    );
    expect(() => parseHostStatus(['014,0,0,1218,000,0', '001,0,0,0,1,2,6,0,abc', 'x'])).toThrow(
      /labels remaining/,
    );
    expect(() => parseHostStatus(['014,0,0,1218,000,0', '001,0,0,0'])).toThrow(/three/);
  });
});

describe('HostStatusReader', () => {
  it('assembles the reply from any split, one byte at a time included, ignoring bytes outside frames', () => {
    const noisy = Buffer.concat([Buffer.from('\r\njunk'), troubled]);
    const reader = new HostStatusReader();
    const thirdEtx = noisy.lastIndexOf(ETX);
    for (let i = 0; i < thirdEtx; i++) expect(reader.push(noisy.subarray(i, i + 1))).toBeNull();
    expect(reader.push(noisy.subarray(thirdEtx, thirdEtx + 1))).toMatchObject({
      paperOut: true,
      labelsRemaining: 37,
    });
  });

  it('is not done after two of three strings', () => {
    const reader = new HostStatusReader();
    const two = idle.subarray(0, idle.indexOf(STX, 40));
    expect(reader.push(two)).toBeNull();
    expect(reader.received).toBe(2);
  });
});

describe('queryHostStatus over TCP', () => {
  let emulator: ZebraEmulator | undefined;
  afterEach(async () => {
    await emulator?.close();
    emulator = undefined;
  });

  it('reads a reply that arrives in small pieces, slowly', async () => {
    emulator = await ZebraEmulator.start({
      flags: { headOpen: true, labelsRemaining: 5 },
      replyChunkBytes: 7,
      replyChunkDelayMs: 10,
    });
    const status = await queryHostStatus('127.0.0.1', emulator.port, { timeoutMs: 5000 });
    expect(status).toMatchObject({ headOpen: true, paperOut: false, labelsRemaining: 5 });
    expect(emulator.connections[0]?.bytes.toString()).toBe('~HS');
  });

  it('says "not answering" when a connected printer stays silent past the timeout', async () => {
    emulator = await ZebraEmulator.start({ silent: true });
    const clock = new FakeClock();
    const query = queryHostStatus('127.0.0.1', emulator.port, { timeoutMs: 2000, clock });
    const outcome = query.then(
      () => null,
      (error: unknown) => error,
    );
    await until(() => emulator?.connections[0]?.statusQueries === 1);
    await clock.advance(1999);
    await clock.advance(1);
    const error = await outcome;
    expect(error).toBeInstanceOf(PrintError);
    expect((error as PrintError).code).toBe('not-answering');
    expect((error as PrintError).message).toBe(
      `The printer at 127.0.0.1:${emulator.port} is not answering: no status reply within 2000 ms.`,
    );
  });

  it('says how much came when the reply stops part-way', async () => {
    emulator = await ZebraEmulator.start({ replyStrings: 1 });
    await expect(
      queryHostStatus('127.0.0.1', emulator.port, { timeoutMs: 300 }),
    ).rejects.toMatchObject({ code: 'not-answering', message: /only 1 of the 3 status lines/ });
  });

  it('treats a printer slow to take the connection like a silent one', async () => {
    emulator = await ZebraEmulator.start({ acceptDelayMs: 1000 });
    await expect(
      queryHostStatus('127.0.0.1', emulator.port, { timeoutMs: 100 }),
    ).rejects.toMatchObject({ code: 'not-answering' });
  });

  it('says "unreachable" when nothing listens', async () => {
    const port = await closedPort();
    await expect(queryHostStatus('127.0.0.1', port, { timeoutMs: 1000 })).rejects.toMatchObject({
      code: 'unreachable',
      message: `The printer at 127.0.0.1:${port} is unreachable: it refused the connection (nothing listens on that port).`,
    });
  });

  it('says "not answering" when the printer drops the connection instead of answering', async () => {
    emulator = await ZebraEmulator.start({ silent: true, resetAfterBytes: 1 });
    await expect(
      queryHostStatus('127.0.0.1', emulator.port, { timeoutMs: 1000 }),
    ).rejects.toMatchObject({ code: 'not-answering', message: /reset the connection/ });
  });
});
