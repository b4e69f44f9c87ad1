import { describe, expect, it } from 'vitest';
import { installVerdict, updateSettings, withinHours, type StationWork } from './rules.ts';

const idle: StationWork = { packOpen: false, sending: false, printing: false };
const at = (hhmm: string) => {
  const [h, m] = hhmm.split(':').map(Number);
  return (h ?? 0) * 60 + (m ?? 0);
};

describe('updateSettings', () => {
  it('is off without a policy, without an updates section, when disabled or without a url', () => {
    expect(updateSettings(null)).toBeNull();
    expect(updateSettings({})).toBeNull();
    expect(
      updateSettings({ updates: { enabled: false, url: 'https://it.example/pb/' } }),
    ).toBeNull();
    expect(updateSettings({ updates: { enabled: true } })).toBeNull();
  });

  it('takes the url, the channel (latest unless given) and the hours', () => {
    expect(updateSettings({ updates: { enabled: true, url: 'https://it.example/pb/' } })).toEqual({
      url: 'https://it.example/pb/',
      channel: 'latest',
      hours: null,
      publicKeys: [],
    });
    const hours = { from: '22:00', to: '05:30' };
    expect(
      updateSettings({
        updates: { enabled: true, url: 'https://it.example/pb/', channel: 'beta', hours },
      }),
    ).toEqual({ url: 'https://it.example/pb/', channel: 'beta', hours, publicKeys: [] });
  });

  it("takes the policy's release keys and the build's own, each once", () => {
    const [a, b] = [
      'MCowBQYDK2VwAyEA' + 'a'.repeat(43) + '=',
      'MCowBQYDK2VwAyEA' + 'b'.repeat(43) + '=',
    ];
    const url = 'https://it.example/pb/';
    expect(
      updateSettings({ updates: { enabled: true, url, publicKeys: [a, b] } })?.publicKeys,
    ).toEqual([a, b]);
    expect(
      updateSettings({ updates: { enabled: true, url, publicKeys: [a] } }, `${a}\n`)?.publicKeys,
    ).toEqual([a]);
    expect(updateSettings({ updates: { enabled: true, url } }, b)?.publicKeys).toEqual([b]);
    // A key built in never turns updates on by itself.
    expect(updateSettings({ updates: { enabled: false, url } }, b)).toBeNull();
  });
});

describe('withinHours', () => {
  it('holds a window within one day, end excluded', () => {
    const hours = { from: '12:00', to: '13:30' };
    expect(withinHours(hours, at('11:59'))).toBe(false);
    expect(withinHours(hours, at('12:00'))).toBe(true);
    expect(withinHours(hours, at('13:29'))).toBe(true);
    expect(withinHours(hours, at('13:30'))).toBe(false);
  });

  it('holds a window over midnight', () => {
    const hours = { from: '22:00', to: '05:00' };
    expect(withinHours(hours, at('21:59'))).toBe(false);
    expect(withinHours(hours, at('23:10'))).toBe(true);
    expect(withinHours(hours, at('00:00'))).toBe(true);
    expect(withinHours(hours, at('04:59'))).toBe(true);
    expect(withinHours(hours, at('05:00'))).toBe(false);
    expect(withinHours(hours, at('14:00'))).toBe(false);
  });

  it('takes from equal to to as the whole day', () => {
    expect(withinHours({ from: '03:00', to: '03:00' }, at('17:45'))).toBe(true);
  });
});

describe('installVerdict', () => {
  const hours = { from: '22:00', to: '05:00' };
  const base = { ready: true, hours, minuteOfDay: at('23:00'), work: idle };

  it('installs at quit, and within the hours, when the station is idle', () => {
    expect(installVerdict({ ...base, moment: 'quit', minuteOfDay: at('10:00') })).toEqual({
      install: true,
    });
    expect(installVerdict({ ...base, moment: 'clock' })).toEqual({ install: true });
  });

  it('never while a pack is open, the outbox sends or the print queue holds a job', () => {
    for (const busy of [{ packOpen: true }, { sending: true }, { printing: true }]) {
      for (const moment of ['quit', 'clock'] as const) {
        expect(installVerdict({ ...base, moment, work: { ...idle, ...busy } })).toEqual({
          install: false,
          reason: 'working',
        });
      }
    }
  });

  it('on the clock, only inside the hours, and never without hours', () => {
    expect(installVerdict({ ...base, moment: 'clock', minuteOfDay: at('09:00') })).toEqual({
      install: false,
      reason: 'outside-hours',
    });
    expect(installVerdict({ ...base, moment: 'clock', hours: null })).toEqual({
      install: false,
      reason: 'no-hours',
    });
  });

  it('nothing to install before an update is ready', () => {
    expect(installVerdict({ ...base, moment: 'quit', ready: false })).toEqual({
      install: false,
      reason: 'not-ready',
    });
  });
});
