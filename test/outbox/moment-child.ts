// Child of the kill-at-chosen-moments test: queues this cycle's submissions (saying so just
// before and just after each enqueue), then drains until idle. The parent kills it with SIGKILL
// at the moment it is testing.
import { ApiClient } from '../../src/main/api/client.ts';
import { systemClock } from '../../src/main/core/clock.ts';
import { CompanyBudget } from '../../src/main/core/rate-budget.ts';
import { Outbox } from '../../src/main/outbox/outbox.ts';
import { endpointOverridesSchema } from '../../src/shared/profile.ts';

const [file = '', baseUrl = '', cycleText = '0', countText = '0', sizeText = '0'] =
  process.argv.slice(2);
const cycle = Number(cycleText);
const count = Number(countText);
const size = Number(sizeText);
const api = new ApiClient({
  target: { baseUrl, apiVersion: 'v1.1', overrides: endpointOverridesSchema.parse({}) },
  getKey: async () => 'sbx-demo-acme',
  budget: new CompanyBudget({ clock: systemClock, limit: 1_000_000 }),
  clock: systemClock,
  timeoutMs: 2_000,
});
const outbox = new Outbox({
  file,
  clock: systemClock,
  clientFor: async () => api,
  isOnline: () => true,
  backoffBaseMs: 20,
  backoffCapMs: 200,
});
const write = (line: string) => process.stdout.write(`${line}\n`);

for (let i = 0; i < count; i += 1) {
  const sku = `KM-${cycle}-${i}`;
  write('enqueuing');
  const product = outbox.enqueue({
    profileId: 'p',
    kind: 'product.create',
    payload: { product: { sku, name: `Moment ${cycle}/${i}` } },
  });
  write(`enqueued ${product.job.id} product ${sku}`);
  // A large file makes the enqueue long enough to be killed in the middle of it.
  const pdf = new Uint8Array(Math.max(64, size)).fill(0x20);
  pdf.set(new TextEncoder().encode(`%PDF-1.4\n% moment ${cycle} ${i}\n`));
  write('enqueuing');
  const invoice = outbox.enqueue({
    profileId: 'p',
    kind: 'invoice.upload',
    payload: { order: `PB-${10001 + ((cycle * 7 + i) % 60)}`, fileName: `${sku}.pdf` },
    file: pdf,
  });
  write(`enqueued ${invoice.job.id} invoice ${invoice.job.fileSha256}`);
}
outbox.start('p');
await outbox.idle('p', 60_000);
write('idle');
await outbox.close();
