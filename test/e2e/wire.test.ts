import { describe, expect, it } from 'vitest';
import { fromWire, toWire } from './wire.ts';

// The harness's IPC stand-in must hand the handlers and the page what Electron's would.
describe('the e2e wire', () => {
  it('carries bytes, Buffers among them, as Uint8Array', () => {
    const back = fromWire(
      toWire({ bytes: new Uint8Array([0, 1, 254, 255]), buffer: Buffer.from('^XA^XZ') }),
    ) as { bytes: Uint8Array; buffer: Uint8Array };
    expect(back.bytes).toBeInstanceOf(Uint8Array);
    expect([...back.bytes]).toEqual([0, 1, 254, 255]);
    expect(new TextDecoder().decode(back.buffer)).toBe('^XA^XZ');
  });

  it('keeps undefined apart from null, at the top where an argument is left out', () => {
    expect(fromWire(toWire(undefined))).toBeUndefined();
    expect(fromWire(toWire(null))).toBeNull();
    expect(fromWire(toWire({ a: undefined, b: null }))).toEqual({ b: null });
  });

  it('leaves an object that merely has a __bytes field among others alone', () => {
    const value = { __bytes: 'AAE=', name: 'x' };
    expect(fromWire(toWire(value))).toEqual(value);
  });
});
