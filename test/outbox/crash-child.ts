// Child process of the crash test: enqueue this cycle's submissions, then drain until idle.
// The parent kills it with SIGKILL at random moments and starts it again.
import { childOutbox } from './child-outbox.ts';

const [file, baseUrl, cycleText, countText] = process.argv.slice(2);
if (!file || !baseUrl || !cycleText || !countText)
  throw new Error('usage: crash-child FILE URL CYCLE COUNT');
const cycle = Number(cycleText);
const count = Number(countText);
const outbox = childOutbox(file, baseUrl);
const write = (line: string) => process.stdout.write(`${line}\n`);
// The parent's kill moment counts from here: Node's own start (slow on a loaded machine) is not
// the work under test.
write('open');

for (let i = 0; i < count; i += 1) {
  const sku = `CR-${cycle}-${i}`;
  const product = outbox.enqueue({
    profileId: 'p',
    kind: 'product.create',
    payload: { product: { sku, name: `Crash ${cycle}/${i}` } },
  });
  write(`enqueued ${product.job.id} product ${sku}`);
  const pdf = new TextEncoder().encode(`%PDF-1.4\n% crash ${cycle} ${i}\n%%EOF\n`);
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
