import { describe, expect, it } from 'vitest';
import { PrintError } from './errors.ts';
import { printerTargetSchema } from '../../shared/printing.ts';
import { formatTarget, parseTarget, toTarget } from './target.ts';

describe('parseTarget', () => {
  it('reads tcp://host with the raw port 9100 by default, and an explicit port', () => {
    expect(parseTarget('tcp://zebra-1.local')).toEqual({
      ok: true,
      target: { kind: 'tcp', host: 'zebra-1.local', port: 9100 },
    });
    expect(parseTarget('  TCP://Printer.Example.COM:6101 ')).toEqual({
      ok: true,
      target: { kind: 'tcp', host: 'printer.example.com', port: 6101 },
    });
    expect(parseTarget('tcp://10.0.0.5:9100')).toEqual({
      ok: true,
      target: { kind: 'tcp', host: '10.0.0.5', port: 9100 },
    });
    expect(parseTarget('tcp://[fe80::1]:9101')).toEqual({
      ok: true,
      target: { kind: 'tcp', host: 'fe80::1', port: 9101 },
    });
    expect(parseTarget('tcp://[::1]')).toEqual({
      ok: true,
      target: { kind: 'tcp', host: '::1', port: 9100 },
    });
  });

  it('reads cups:QUEUE', () => {
    expect(parseTarget('cups:Zebra_ZD421')).toEqual({
      ok: true,
      target: { kind: 'cups', queue: 'Zebra_ZD421' },
    });
    expect(parseTarget('CUPS:dock-2.left')).toEqual({
      ok: true,
      target: { kind: 'cups', queue: 'dock-2.left' },
    });
  });

  it('reads windows:PRINTER NAME as Windows names it: spaces, a shared \\\\SERVER\\NAME', () => {
    expect(parseTarget('windows:HP LaserJet M404 (Office)')).toEqual({
      ok: true,
      target: { kind: 'windows', printer: 'HP LaserJet M404 (Office)' },
    });
    expect(parseTarget(' Windows:\\\\print-srv\\Bench 2 ')).toEqual({
      ok: true,
      target: { kind: 'windows', printer: '\\\\print-srv\\Bench 2' },
    });
  });

  it.each([
    ['', 'target-empty'],
    ['   ', 'target-empty'],
    ['10.0.0.5:9100', 'target-scheme'],
    ['http://10.0.0.5', 'target-scheme'],
    ['lpd://queue', 'target-scheme'],
    ['tcp://', 'target-host'],
    ['tcp://:9100', 'target-host'],
    ['tcp://bad_host', 'target-host'],
    ['tcp://-lead', 'target-host'],
    ['tcp://[not-v6]:9100', 'target-host'],
    ['tcp://host:0', 'target-port'],
    ['tcp://host:65536', 'target-port'],
    ['tcp://host:', 'target-port'],
    ['tcp://host:91a', 'target-port'],
    ['tcp://host:9100:1', 'target-port'],
    ['tcp://host:9100/path', 'target-extra'],
    ['tcp://user@host', 'target-extra'],
    ['tcp://host?x=1', 'target-extra'],
    ['tcp://[::1]x', 'target-extra'],
    ['cups:', 'target-queue'],
    ['cups:my queue', 'target-queue'],
    ['cups:-d', 'target-queue'],
    ['cups:a/b', 'target-queue'],
    [`cups:${'q'.repeat(128)}`, 'target-queue'],
    ['windows:', 'target-printer'],
    ['windows: leading space', 'target-printer'],
    ['windows:a,b', 'target-printer'],
    ['windows:Office!', 'target-printer'],
    ['windows:tab\there', 'target-printer'],
    [`windows:${'p'.repeat(221)}`, 'target-printer'],
  ])('refuses %j with %s and one English sentence', (text, code) => {
    const parsed = parseTarget(text);
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.code).toBe(code);
    expect(parsed.message).toMatch(/^[A-Z"].*\.$/);
    expect(parsed.message).not.toContain('\n');
  });

  it('toTarget throws a bad-target PrintError with the same sentence', () => {
    const parsed = parseTarget('ftp://x');
    expect(() => toTarget('ftp://x')).toThrow(PrintError);
    try {
      toTarget('ftp://x');
    } catch (error) {
      expect((error as PrintError).code).toBe('bad-target');
      expect((error as PrintError).message).toBe(parsed.ok ? '' : parsed.message);
    }
  });

  it('formats the canonical spelling, which parses back to the same target', () => {
    for (const text of [
      'tcp://Zebra:9100',
      'tcp://zebra',
      'tcp://[::1]:9101',
      'cups:Q1',
      'windows:Brother HL-L2350DW series',
    ]) {
      const target = toTarget(text);
      const canonical = formatTarget(target);
      expect(toTarget(canonical)).toEqual(target);
    }
    expect(formatTarget(toTarget('tcp://Zebra'))).toBe('tcp://zebra:9100');
    expect(formatTarget(toTarget('tcp://[::1]'))).toBe('tcp://[::1]:9100');
  });
});

describe('printerTargetSchema (the settings and IPC) agrees with parseTarget', () => {
  it.each([
    'tcp://zebra',
    'tcp://10.0.0.5:9100',
    'cups:Zebra_ZD421',
    'windows:HP LaserJet M404 (Office)',
    'windows:\\\\print-srv\\Bench 2',
    'http://printer',
    'cups:my queue',
    'windows:',
    'windows: x',
    'windows:a,b',
    'windows:Office!',
    'windows:tab\there',
  ])('%j', (text) => {
    expect(printerTargetSchema.safeParse(text).success).toBe(parseTarget(text).ok);
  });
});
