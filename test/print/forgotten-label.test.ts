import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createStationCore, type StationCore } from '../../src/main/core/station-core.ts';
import type { IpcEventLike } from '../../src/main/ipc-manager.ts';
import { FILE_RETENTION_DAYS } from '../../src/main/outbox/file-retention.ts';
import { systemClock } from '../../src/main/platform/clock.ts';
import { channelOf, type InvokeName } from '../../src/shared/ipc/channels.ts';
import type { JobView } from '../../src/shared/outbox.ts';
import type { Result } from '../../src/shared/result.ts';
import { memoryKeychain } from '../outbox/helpers.ts';
import { realPdf } from '../support/pdf.ts';
import { registerTestHandlers } from '../support/test-handlers.ts';

// A label the station delivered, asked for again from the order card after the files of
// delivered work have been let go (file-retention.ts): the real IPC handlers on a real core,
// restarted on the same data folder with its clock a retention period later.

const DAY = 86_400_000;
const own: IpcEventLike = { sender: { id: 1 }, senderFrame: { url: 'app://packbench/index.html' } };
const dir = mkdtempSync(join(tmpdir(), 'packbench-forgotten-'));
const keychain = memoryKeychain();
const cores: StationCore[] = [];

async function station(daysLater: number) {
  const core = await createStationCore({
    dataDir: dir,
    keychain,
    clock: { ...systemClock, now: () => Date.now() + daysLater * DAY },
  });
  cores.push(core);
  const registered = new Map<string, (event: IpcEventLike, input: unknown) => unknown>();
  registerTestHandlers({ core, registered, isTrustedSender: (event) => event.sender.id === 1 });
  const invoke = <T = unknown>(name: InvokeName, input?: unknown) =>
    registered.get(channelOf(name))?.(own, input) as Promise<Result<T>>;
  return { core, invoke };
}

afterAll(async () => {
  for (const core of cores) await core.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('a delivered label or invoice whose file is no longer kept', () => {
  it('is refused with a sentence naming why, and nothing is printed', async () => {
    const first = await station(0);
    const invoice = await first.invoke<{ job: JobView }>('submitInvoice', {
      order: 'PB-10060',
      fileName: 'nf.pdf',
      bytes: realPdf('NF-e 123'),
    });
    if (!invoice.ok) throw new Error(invoice.error.message);
    const bytes = new TextEncoder().encode('^XA^FO10,10^FDold^FS^XZ');
    const sent = await first.invoke<{ job: JobView }>('submitLabel', {
      order: 'PB-10060',
      fileName: 'old.zpl',
      bytes,
    });
    if (!sent.ok) throw new Error(sent.error.message);
    await first.core.outbox.idle(first.core.profiles.active().id);
    expect(first.core.outbox.store.get(sent.value.job.id)).toMatchObject({ state: 'done' });
    // Within the period it prints as ever (no printer set: the station says so, not the file).
    expect(
      await first.invoke('printLabel', { source: { kind: 'job', jobId: sent.value.job.id } }),
    ).toMatchObject({ ok: true, value: { status: 'no_printer' } });
    await first.core.close();

    const later = await station(FILE_RETENTION_DAYS + 1);
    await later.core.outbox.idle(later.core.profiles.active().id);
    const again = await later.invoke('printLabel', {
      source: { kind: 'job', jobId: sent.value.job.id },
    });
    expect(again).toMatchObject({
      ok: false,
      error: { code: 'print.file-forgotten', messageKey: 'errors.print.file-forgotten' },
    });
    // The invoice in the box too: the order card says why it cannot print it.
    expect(
      await later.invoke('printPaper', { orderId: 'PB-10060', document: 'invoice' }),
    ).toMatchObject({
      ok: false,
      error: { messageKey: 'paperwork.problem.invoiceForgotten', params: { order: 'PB-10060' } },
    });
    // The job itself, its state and its hash are kept.
    expect(later.core.outbox.store.get(sent.value.job.id)).toMatchObject({ state: 'done' });
  });
});
