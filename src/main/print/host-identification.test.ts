import { afterEach, describe, expect, it } from 'vitest';
import { ZebraEmulator } from '@test/support/zebra-emulator.ts';
import { PrintError } from './errors.ts';
import { parseHostIdentification, queryHostIdentification } from './host-identification.ts';

const emulators: ZebraEmulator[] = [];
afterEach(async () => {
  for (const e of emulators.splice(0)) await e.close();
});

describe('~HI', () => {
  it('reads the model, firmware and density from the guide’s one-string answer', () => {
    expect(parseHostIdentification(['ZT411-300dpi,V92.21.10Z,12,8192KB,E'])).toEqual({
      model: 'ZT411-300dpi',
      firmware: 'V92.21.10Z',
      dpmm: 12,
    });
    expect(() => parseHostIdentification(['ZT411,V1,7,8192KB'])).toThrow(PrintError);
  });

  it('asks a printer on loopback and gets its density', async () => {
    const printer = await ZebraEmulator.start({ identity: { model: 'ZD621-300dpi', dpmm: 12 } });
    emulators.push(printer);
    const port = Number(new URL(printer.target).port);
    expect(await queryHostIdentification('127.0.0.1', port, { timeoutMs: 1000 })).toMatchObject({
      model: 'ZD621-300dpi',
      dpmm: 12,
    });
    printer.configure({ silent: true });
    await expect(
      queryHostIdentification('127.0.0.1', port, { timeoutMs: 200 }),
    ).rejects.toMatchObject({ code: 'not-answering' });
  });
});
