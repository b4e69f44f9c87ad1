import { describe, expect, it } from 'vitest';
import { FakeClock } from '@test/support/fake-clock.ts';
import { PackActivity } from './pack-activity.ts';

describe('PackActivity', () => {
  it('holds from the answer that shows a pack open until one shows it finished', () => {
    const packs = new PackActivity(new FakeClock());
    expect(packs.packOpen()).toBe(false);
    packs.note({ id: 'p1', status: 'open' });
    expect(packs.packOpen()).toBe(true);
    packs.note({ id: 'p2', status: 'open' });
    packs.note({ id: 'p1', status: 'finished' });
    expect(packs.packOpen()).toBe(true);
    packs.note({ id: 'p2', status: 'short' });
    expect(packs.packOpen()).toBe(false);
  });

  it('lets go of a pack nobody has touched for the stale time', async () => {
    const clock = new FakeClock();
    const packs = new PackActivity(clock, 30 * 60_000);
    packs.note({ id: 'p1', status: 'open' });
    await clock.advance(29 * 60_000);
    expect(packs.packOpen()).toBe(true);
    packs.note({ id: 'p1', status: 'open' }); // a scan touches it again
    await clock.advance(29 * 60_000);
    expect(packs.packOpen()).toBe(true);
    await clock.advance(60_000);
    expect(packs.packOpen()).toBe(false);
  });
});
