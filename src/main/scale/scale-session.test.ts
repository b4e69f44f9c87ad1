import { describe, expect, it } from 'vitest';
import { FakeClock } from '@test/support/fake-clock.ts';
import type { HidLink, SerialLink } from './links.ts';
import { HidScale, SerialScale } from './scale-session.ts';

const bytes = (hex: string) => Uint8Array.from(hex.split(' ').map((b) => parseInt(b, 16)));
const ascii = (text: string) => Uint8Array.from([...text].map((c) => c.charCodeAt(0)));

/** A HID device that replays what it is told to, and can be pulled out. */
function replayingHid() {
  let report: (r: Uint8Array) => void = () => undefined;
  let close: () => void = () => undefined;
  const link: HidLink = {
    onReport: (listener) => (report = listener),
    onClose: (listener) => (close = listener),
    close: async () => undefined,
  };
  return { link, send: (hex: string) => report(bytes(hex)), pull: () => close() };
}

/** A serial port whose scale answers each command with the reply given for it. */
function answeringSerial(reply: (command: string) => string | null) {
  let data: (chunk: Uint8Array) => void = () => undefined;
  let close: () => void = () => undefined;
  const written: string[] = [];
  const link: SerialLink = {
    write: async (text) => {
      written.push(text);
      const answer = reply(text);
      if (answer !== null) queueMicrotask(() => data(ascii(answer)));
    },
    onData: (listener) => (data = listener),
    onClose: (listener) => (close = listener),
    close: async () => undefined,
  };
  return { link, written, pull: () => close() };
}

describe('a HID scale session', () => {
  it('hands over the report that came, then waits for the next', async () => {
    const clock = new FakeClock();
    const hid = replayingHid();
    const scale = new HidScale(hid.link, clock, 'hid:0922:8003');
    hid.send('03 03 02 00 e8 03');
    expect(await scale.read(1000)).toMatchObject({ status: 'motion', grams: 1000 });
    const next = scale.read(1000);
    hid.send('03 04 02 00 ea 03');
    expect(await next).toMatchObject({ status: 'stable', grams: 1002 });
  });

  it('keeps the last report when a scale that reports on change has not changed', async () => {
    const clock = new FakeClock();
    const hid = replayingHid();
    const scale = new HidScale(hid.link, clock, 'hid:0922:8003');
    hid.send('03 04 02 00 ea 03');
    await scale.read(1000);
    const quiet = scale.read(1000);
    await clock.advance(1000);
    expect(await quiet).toMatchObject({ status: 'stable', grams: 1002 });
  });

  it('says the device went away when it is pulled out mid-read, and stays gone', async () => {
    const clock = new FakeClock();
    const hid = replayingHid();
    const scale = new HidScale(hid.link, clock, 'hid:0922:8003');
    const reading = scale.read(1000);
    hid.pull();
    await expect(reading).rejects.toMatchObject({ code: 'unplugged' });
    await expect(scale.read(1000)).rejects.toMatchObject({ code: 'unplugged' });
  });

  it('says no answer when a scale never reported', async () => {
    const clock = new FakeClock();
    const scale = new HidScale(replayingHid().link, clock, 'hid:0922:8003');
    const reading = scale.read(3000);
    await clock.advance(3000);
    await expect(reading).rejects.toMatchObject({ code: 'no-answer', params: { ms: 3000 } });
  });
});

describe('a serial scale session', () => {
  it('asks MT-SICS for the weight now (SI) and NCI for the weight (W)', async () => {
    const clock = new FakeClock();
    const sics = answeringSerial(() => 'S S      1.250 kg\r\n');
    expect(await new SerialScale(sics.link, 'sics', clock, 's').read(1000)).toMatchObject({
      grams: 1250,
    });
    expect(sics.written).toEqual(['SI\r\n']);
    const nci = answeringSerial(() => '\n  1.250kg\r\n00\r\x03');
    expect(await new SerialScale(nci.link, 'nci', clock, 'n').read(1000)).toMatchObject({
      grams: 1250,
    });
    expect(nci.written).toEqual(['W\r']);
  });

  it('times out on a silent scale and says so with the device and the time', async () => {
    const clock = new FakeClock();
    const scale = new SerialScale(answeringSerial(() => null).link, 'nci', clock, 'serial:/x');
    const reading = scale.read(3000);
    await clock.advance(2999);
    let settled = false;
    void reading.catch(() => (settled = true));
    await clock.advance(0);
    expect(settled).toBe(false);
    await clock.advance(1);
    await expect(reading).rejects.toMatchObject({
      code: 'no-answer',
      params: { device: 'serial:/x', ms: 3000 },
    });
  });

  it('says the port went away when it closes mid-read', async () => {
    const clock = new FakeClock();
    const serial = answeringSerial(() => null);
    const scale = new SerialScale(serial.link, 'sics', clock, 'serial:/x');
    const reading = scale.read(3000);
    serial.pull();
    await expect(reading).rejects.toMatchObject({ code: 'unplugged' });
  });
});
