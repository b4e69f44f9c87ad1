import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { FakeClock } from '@test/support/fake-clock.ts';
import type { FoundUpdate, UpdateEngine, UpdateFeed } from './engine.ts';
import type { StationWork, UpdateSettings } from './rules.ts';
import { fingerprintOf, ManifestRefused } from './signature.ts';
import { StationUpdater } from './updater.ts';

/** An engine that records what the updater asked of it. */
class FakeEngine implements UpdateEngine {
  checks: UpdateFeed[] = [];
  installedOnQuit = 0;
  restarts = 0;
  offer: FoundUpdate = {
    available: true,
    version: '0.2.0',
    files: [{ url: 'packbench_0.2.0_amd64.deb', size: 1234 }],
  };
  downloads = 0;
  refuse: ManifestRefused | null = null;
  async check(feed: UpdateFeed) {
    this.checks.push(feed);
    if (this.refuse) throw this.refuse;
    return this.offer;
  }
  async download() {
    this.downloads++;
    return '/cache/pending/packbench_0.2.0_amd64.deb';
  }
  installOnQuit() {
    this.installedOnQuit++;
    return true;
  }
  installAndRestart() {
    this.restarts++;
  }
}

const MINUTE = 60_000;
const settings: UpdateSettings = {
  url: 'https://it.example/packbench/',
  channel: 'latest',
  hours: { from: '02:00', to: '04:00' },
  publicKeys: [],
};

function setup(options: { settings?: UpdateSettings | null; work?: Partial<StationWork> } = {}) {
  const engine = new FakeEngine();
  // The clock starts at 00:00 station time; minuteOfDay reads it as the station would.
  const clock = new FakeClock(0);
  const work: StationWork = { packOpen: false, sending: false, printing: false, ...options.work };
  const updater = new StationUpdater({
    engine,
    settings: options.settings === undefined ? settings : options.settings,
    stationId: '0b5e9c1a-3f7d-4e2b-9a61-5c8d7e6f4a3b',
    clock,
    work: () => work,
    minuteOfDay: (now) => Math.floor(now / MINUTE) % 1440,
    sizeOf: async () => 1234,
    firstCheckMs: 2 * MINUTE,
    checkEveryMs: 240 * MINUTE,
  });
  return { engine, clock, work, updater };
}

describe('StationUpdater', () => {
  it('is off without settings: no check, no timer, no install at quit', async () => {
    const { engine, clock, updater } = setup({ settings: null });
    updater.start();
    expect(updater.status()).toEqual({ state: 'off' });
    expect(clock.pendingTimers).toBe(0);
    expect(await updater.check()).toEqual({ state: 'off' });
    expect(updater.atQuit()).toBe(false);
    expect(engine.checks).toEqual([]);
  });

  it('checks in the background after the first delay, then on its period', async () => {
    const { engine, clock, updater } = setup();
    engine.offer = { available: false, version: '0.1.0', files: [] };
    updater.start();
    await clock.advance(2 * MINUTE - 1);
    expect(engine.checks).toHaveLength(0);
    await clock.advance(1);
    expect(engine.checks).toEqual([
      {
        url: settings.url,
        channel: 'latest',
        stationId: '0b5e9c1a-3f7d-4e2b-9a61-5c8d7e6f4a3b',
        // No release key in the settings: updates are not signature-checked.
        publicKeys: null,
      },
    ]);
    expect(updater.status()).toEqual({ state: 'current', latest: '0.1.0' });
    await clock.advance(240 * MINUTE);
    expect(engine.checks).toHaveLength(2);
  });

  it('says when an update is ready, and installs it at quit when nobody works', async () => {
    const { engine, updater } = setup();
    const seen: string[] = [];
    updater.onChange((status) => seen.push(status.state));
    expect(await updater.check()).toEqual({
      state: 'ready',
      version: '0.2.0',
      hours: settings.hours,
    });
    expect(seen).toEqual(['checking', 'downloading', 'ready']);
    expect(updater.atQuit()).toBe(true);
    expect(engine.installedOnQuit).toBe(1);
    expect(updater.atQuit()).toBe(false);
    expect(engine.installedOnQuit).toBe(1);
  });

  it('does not install at quit while a pack is open, the outbox sends or a print waits', async () => {
    for (const busy of [{ packOpen: true }, { sending: true }, { printing: true }]) {
      const { engine, updater } = setup({ work: busy });
      await updater.check();
      expect(updater.atQuit()).toBe(false);
      expect(engine.installedOnQuit).toBe(0);
    }
  });

  it('installs within the hours only, once the station is idle', async () => {
    const { engine, clock, updater, work } = setup();
    await updater.check(); // 00:00, ready
    work.packOpen = true;
    await clock.advance(150 * MINUTE); // 02:30: inside the hours, but a pack is open
    expect(engine.restarts).toBe(0);
    work.packOpen = false;
    await clock.advance(MINUTE);
    expect(engine.restarts).toBe(1);
    expect(clock.pendingTimers).toBe(0);
  });

  it('waits for the hours: none before 02:00', async () => {
    const { engine, clock, updater } = setup();
    await updater.check();
    await clock.advance(119 * MINUTE);
    expect(engine.restarts).toBe(0);
    await clock.advance(MINUTE);
    expect(engine.restarts).toBe(1);
  });

  it('without hours, only at quit', async () => {
    const { engine, clock, updater } = setup({ settings: { ...settings, hours: null } });
    await updater.check();
    await clock.advance(1440 * MINUTE);
    expect(engine.restarts).toBe(0);
    expect(updater.atQuit()).toBe(true);
  });

  it('a refused update never installs', async () => {
    const { engine, updater } = setup();
    engine.download = async () => {
      throw Object.assign(new Error('sha512 checksum mismatch'), { code: 'ERR_CHECKSUM_MISMATCH' });
    };
    expect(await updater.check()).toMatchObject({ state: 'refused', reason: 'tampered' });
    expect(updater.atQuit()).toBe(false);
    expect(engine.installedOnQuit).toBe(0);
  });

  it('hands the engine the release keys it reads, and trusts none when none can be read', async () => {
    const line = (key: ReturnType<typeof generateKeyPairSync>['publicKey']) =>
      key.export({ format: 'der', type: 'spki' }).toString('base64');
    const { publicKey } = generateKeyPairSync('ed25519');
    const pem = publicKey.export({ format: 'pem', type: 'spki' }).toString();
    const signed = setup({ settings: { ...settings, publicKeys: [pem, line(publicKey)] } });
    await signed.updater.check();
    const keys = signed.engine.checks[0]?.publicKeys ?? [];
    expect(keys.map(fingerprintOf)).toEqual([fingerprintOf(publicKey), fingerprintOf(publicKey)]);
    // What Settings → About names: the keys' fingerprints, or null when nothing is checked.
    expect(signed.updater.signatureKeys()).toEqual([
      fingerprintOf(publicKey),
      fingerprintOf(publicKey),
    ]);
    expect(setup().updater.signatureKeys()).toBeNull();
    // A key whose bytes are no key (a built-in key gone wrong): still checked, nothing trusted.
    const broken = setup({ settings: { ...settings, publicKeys: ['MCowBQYDK2VwAyEA'] } });
    await broken.updater.check();
    expect(broken.engine.checks[0]?.publicKeys).toEqual([]);
  });

  it('refuses a manifest the engine refused for its signature, and downloads nothing', async () => {
    const { engine, updater } = setup();
    engine.refuse = new ManifestRefused('mismatch', 'latest-linux.yml');
    const status = await updater.check();
    expect(status).toEqual({
      state: 'refused',
      version: null,
      reason: 'mismatch',
      sentence: {
        key: 'updates.refused.mismatch',
        values: { version: '', file: 'latest-linux.yml', url: settings.url },
      },
    });
    expect(engine.downloads).toBe(0);
    expect(updater.atQuit()).toBe(false);
  });
});
