import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStationCore, type StationCore } from '../../src/main/core/station-core.ts';
import type { IpcEventLike } from '../../src/main/ipc-manager.ts';
import { channelOf, type InvokeName, type PrintingState } from '../../src/shared/ipc/channels.ts';
import type { Result } from '../../src/shared/result.ts';
import { memoryKeychain } from '../outbox/helpers.ts';
import { registerTestHandlers } from '../support/test-handlers.ts';
import { ZebraEmulator } from '../support/zebra-emulator.ts';

// Printing as the window asks for it: the real IPC manager and handlers on a real core, with
// the Zebra emulator as this station's printer.

let core: StationCore;
let dir: string;
let printer: ZebraEmulator;
const registered = new Map<string, (event: IpcEventLike, input: unknown) => unknown>();
const own: IpcEventLike = { sender: { id: 1 }, senderFrame: { url: 'app://packbench/index.html' } };
const invoke = <T = unknown>(name: InvokeName, input?: unknown) =>
  registered.get(channelOf(name))?.(own, input) as Promise<Result<T>>;
const zpl = (text: string) => new TextEncoder().encode(text);

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'packbench-printing-'));
  printer = await ZebraEmulator.start();
  core = await createStationCore({
    dataDir: dir,
    keychain: memoryKeychain(),
    printing: { user: () => 'bruna' },
  });
  registerTestHandlers({ core, registered, isTrustedSender: (event) => event.sender.id === 1 });
});
afterAll(async () => {
  await core.close();
  await printer.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('printing through IPC', () => {
  it('refuses a printer address that is neither tcp:// nor cups:, naming the field', async () => {
    const refused = await invoke('savePrinterSettings', {
      target: 'http://printer.local',
      dpmm: 8,
      autoPrint: false,
    });
    expect(refused).toMatchObject({ ok: false, error: { code: 'ipc.invalid_input' } });
    expect(
      await invoke('printLabel', {
        source: { kind: 'bytes', bytes: zpl('^XA^XZ'), fileName: 'a.zpl' },
      }),
    ).toEqual({
      ok: true,
      value: { status: 'no_printer' },
    });
  });

  it('test-prints a label stating the station, the time and the status', async () => {
    await invoke('savePrinterSettings', { target: printer.target, dpmm: 8, autoPrint: false });
    const result = await invoke<{ status: { online: boolean } }>('testPrint', {});
    expect(result).toMatchObject({
      ok: true,
      value: { status: { online: true, paperOut: false } },
    });
    const label = printer.jobs().at(-1)?.toString('latin1') ?? '';
    expect(label).toMatch(/^\^XA/);
    expect(label).toMatch(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/);
  });

  it('prints a label, asks for a reason the second time, and records both in the activity log', async () => {
    const bytes = zpl('^XA^FO40,40^A0N,40,40^FDPB-7^FS^XZ');
    const first = await invoke('printLabel', {
      source: { kind: 'bytes', bytes, fileName: 'pb-7.zpl', order: 'PB-7' },
    });
    expect(first).toMatchObject({ ok: true, value: { status: 'queued' } });
    await core.printing.queue.idle();
    expect(printer.jobs().at(-1)).toEqual(Buffer.from(bytes));
    const again = await invoke('printLabel', {
      source: { kind: 'bytes', bytes, fileName: 'pb-7.zpl' },
    });
    expect(again).toMatchObject({ ok: true, value: { status: 'needs_reason' } });
    await invoke('printLabel', {
      source: { kind: 'bytes', bytes, fileName: 'pb-7.zpl' },
      reprintReason: 'lost',
    });
    await core.printing.queue.idle();
    const state = await invoke<PrintingState>('getPrinting');
    expect(state.ok && state.value.jobs.slice(0, 2).map((j) => [j.state, j.reprintReason])).toEqual(
      [
        ['printed', 'lost'],
        ['printed', null],
      ],
    );
    const audit = await invoke<{ event: string; params: Record<string, unknown> | null }[]>(
      'getAudit',
      { limit: 10 },
    );
    const printing = audit.ok ? audit.value.filter((a) => a.event.startsWith('print.')) : [];
    expect(
      printing.map((a) => [a.event, a.params?.['user'], a.params?.['reason'] ?? null]),
    ).toEqual([
      ['print.reprinted', 'bruna', 'lost'],
      ['print.printed', 'bruna', null],
      // The test label printed before (Settings → Test print) is a print too.
      ['print.test', 'bruna', null],
    ]);
    const csv = await invoke<string>('exportAuditCsv');
    expect(csv.ok && csv.value).toMatch(
      // The sentence the Outbox screen shows, in English, the reason in words (#28, item 2).
      /printed again on tcp:\/\/127\.0\.0\.1:\d+ by bruna: label lost/,
    );
  });

  it('holds a label on paper out with the printer status in the error, and refuses what is not ZPL', async () => {
    printer.configure({ flags: { paperOut: true } });
    await invoke('printLabel', {
      source: { kind: 'bytes', bytes: zpl('^XA^FO1,1^FDheld^FS^XZ'), fileName: 'held.zpl' },
    });
    await core.printing.queue.idle();
    const state = await invoke<PrintingState>('getPrinting');
    expect(state.ok && state.value.jobs[0]).toMatchObject({ state: 'held', fileName: 'held.zpl' });
    expect(state.ok && state.value.status).toMatchObject({ paperOut: true });
    printer.configure({ flags: { paperOut: false } });
    const notZpl = await invoke('printLabel', {
      source: { kind: 'bytes', bytes: zpl('hello printer'), fileName: 'note.txt' },
    });
    expect(notZpl).toMatchObject({ ok: false, error: { code: 'files.noZpl' } });
  });

  it('prints a delivered label by itself when the station asks for it', async () => {
    await invoke('savePrinterSettings', { target: printer.target, dpmm: 8, autoPrint: true });
    const bytes = zpl('^XA^FO10,10^FDauto^FS^XZ');
    await invoke('submitLabel', { order: 'PB-10060', fileName: 'auto.zpl', bytes });
    await core.outbox.idle(core.profiles.active().id);
    await core.printing.queue.idle();
    expect(printer.jobs().some((job) => job.equals(Buffer.from(bytes)))).toBe(true);
  });

  it('reads the printer’s density from its ~HI answer, and refuses to ask a CUPS queue', async () => {
    expect(await invoke('readPrinterDensity', { target: printer.target })).toEqual({
      ok: true,
      value: { model: 'ZD421-203dpi', dpmm: 8 },
    });
    expect(await invoke('readPrinterDensity', { target: 'cups:Zebra1' })).toMatchObject({
      ok: false,
      error: { code: 'print.cannot-ask', messageKey: 'errors.print.cannot-ask' },
    });
  });
});
