// Child of the kill-at-chosen-moments test: queues this cycle's submissions (saying so just
// before and just after each enqueue), then drains until idle. The parent kills it with SIGKILL
// at the moment it is testing.
import { childOutbox } from './child-outbox.ts';

const [file = '', baseUrl = '', cycleText = '0', countText = '0', sizeText = '0'] =
  process.argv.slice(2);
const cycle = Number(cycleText);
const count = Number(countText);
const size = Number(sizeText);
const outbox = childOutbox(file, baseUrl);
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
