import { describe, expect, it } from 'vitest';
import { DEFAULT_PRINTER_SETTINGS } from '@shared/printing.ts';
import { draftOf, targetOf } from './printer-draft.ts';

const saved = (target: string | null) => draftOf({ ...DEFAULT_PRINTER_SETTINGS, target });

describe('the printer form’s target', () => {
  it.each([
    ['tcp://10.0.0.9:9100', 'tcp://10.0.0.9:9100'],
    ['tcp://zebra.local', 'tcp://zebra.local:9100'],
    ['tcp://[::1]:6101', 'tcp://[::1]:6101'],
    ['cups:Zebra_1', 'cups:Zebra_1'],
    [null, null],
  ])('reads %s into fields and writes it back as %s', (target, written) => {
    expect(targetOf(saved(target))).toBe(written);
  });

  it('brackets a bare IPv6 address, leaves the port out when empty, and marks a missing part', () => {
    const tcp = { ...saved(null), kind: 'tcp' as const };
    expect(targetOf({ ...tcp, host: 'fe80::1', port: 9100 })).toBe('tcp://[fe80::1]:9100');
    expect(targetOf({ ...tcp, host: 'zebra', port: '' })).toBe('tcp://zebra');
    expect(targetOf({ ...tcp, host: '  ' })).toBe('');
    expect(targetOf({ ...tcp, kind: 'cups', queue: '' })).toBe('');
  });
});
