// Run by `npm run bench` in a fresh process (with --expose-gc), so other sections cannot colour the
// figure: a whole station core, offline, with 10,000 submissions queued. Prints one JSON line.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createStationCore } from '../src/main/core/station-core.ts';
import { memoryKeychain, useTestProfile } from '../test/outbox/helpers.ts';

const jobs = 10_000;
const settle = () => {
  (globalThis as { gc?: () => void }).gc?.();
  return process.memoryUsage();
};

const dir = mkdtempSync(join(tmpdir(), 'packbench-bench-'));
const core = await createStationCore({
  dataDir: dir,
  keychain: memoryKeychain(),
  // The network is down: the health check fails and the outbox keeps everything queued.
  fetch: async () => {
    throw new TypeError('fetch failed');
  },
  health: { intervalMs: 60_000 },
});
const profile = await useTestProfile(core, 'http://127.0.0.1:9');
const before = settle();
for (let i = 0; i < jobs; i += 1) {
  core.outbox.enqueue({
    profileId: profile.id,
    kind: 'product.create',
    payload: { product: { sku: `MEM-${i}`, name: 'memory' } },
  });
}
const after = settle();
const queued = core.outbox.snapshot(profile.id).counts.queued;
await core.close();
rmSync(dir, { recursive: true, force: true });
console.log(
  JSON.stringify({
    jobs,
    queued,
    rssBefore: before.rss,
    rssAfter: after.rss,
    heapBefore: before.heapUsed,
    heapAfter: after.heapUsed,
  }),
);
