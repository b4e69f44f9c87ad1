// Child process of the crash test: enqueue this cycle's submissions, then drain until idle.
// It prints a line at each stage of a delivery (enqueued, sending, answered, committed). Given a
// stop (`sending:3`: the third time a job is marked sending), it prints `stopped` at that stage
// and freezes there, so the parent's SIGKILL lands exactly at the moment it chose, on any machine.
import { childOutbox } from './child-outbox.ts';

const [file, baseUrl, cycleText, countText, stopText = 'none'] = process.argv.slice(2);
if (!file || !baseUrl || !cycleText || !countText)
  throw new Error('usage: crash-child FILE URL CYCLE COUNT [STAGE:NTH|none]');
const cycle = Number(cycleText);
const count = Number(countText);
const [stopStage, stopNth] = stopText === 'none' ? ['', 0] : stopText.split(':');
const write = (line: string) => process.stdout.write(`${line}\n`);
const seen = new Map<string, number>();

/** Says the stage; at the chosen one, freezes the whole process until the parent kills it. */
function stage(name: string, detail = ''): void {
  const nth = (seen.get(name) ?? 0) + 1;
  seen.set(name, nth);
  write(`stage ${name} ${nth} ${detail}`.trimEnd());
  if (name === stopStage && nth === Number(stopNth)) {
    write(`stopped ${name} ${nth}`);
    // Blocks the event loop: nothing else of the station runs after this moment.
    for (;;) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 60_000);
  }
}

const outbox = childOutbox(file, baseUrl, () => stage('answered'));
outbox.subscribe((_profile, _snapshot, job) => {
  if (job?.state === 'sending') stage('sending', job.id);
  if (job && ['done', 'failed'].includes(job.state)) stage('committed', job.id);
});

for (let i = 0; i < count; i += 1) {
  const sku = `CR-${cycle}-${i}`;
  const product = outbox.enqueue({
    profileId: 'p',
    kind: 'product.create',
    payload: { product: { sku, name: `Crash ${cycle}/${i}` } },
  });
  write(`enqueued ${product.job.id} product ${sku}`);
  stage('enqueued', product.job.id);
  const pdf = new TextEncoder().encode(`%PDF-1.4\n% crash ${cycle} ${i}\n%%EOF\n`);
  const invoice = outbox.enqueue({
    profileId: 'p',
    kind: 'invoice.upload',
    payload: { order: `PB-${10001 + ((cycle * 7 + i) % 60)}`, fileName: `${sku}.pdf` },
    file: pdf,
  });
  write(`enqueued ${invoice.job.id} invoice ${invoice.job.fileSha256}`);
  stage('enqueued', invoice.job.id);
}
outbox.start('p');
await outbox.idle('p', 60_000);
write('idle');
await outbox.close();
