import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NativeKeychain } from '../../src/main/platform/keychain.ts';
import { createStationCore, type StationCore } from '../../src/main/core/station-core.ts';
import type { IpcEventLike } from '../../src/main/ipc-manager.ts';
import {
  emptyFile,
  garbageAfterHeaderPdf,
  pngRenamedAsPdf,
  truncatedPdf,
} from '../support/pdf-variants.ts';
import { registerTestHandlers } from '../support/test-handlers.ts';
import { channelOf, type InvokeName, type OrderLookup } from '../../src/shared/ipc/channels.ts';
import type { Result } from '../../src/shared/result.ts';

let core: StationCore;
let dir: string;
const registered = new Map<string, (event: IpcEventLike, input: unknown) => unknown>();
const own: IpcEventLike = { sender: { id: 1 }, senderFrame: { url: 'app://packbench/index.html' } };
const invoke = (name: InvokeName, input?: unknown) =>
  registered.get(channelOf(name))?.(own, input) as Promise<Result<unknown>>;
/** Every request the station sent, as "METHOD /path", in the order they went. */
const sent: string[] = [];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'packbench-ipc-'));
  core = await createStationCore({
    dataDir: dir,
    keychain: new NativeKeychain({ service: `Packbench-test-${randomUUID()}` }),
    fetch: (input, init) => {
      const url = new URL(input instanceof Request ? input.url : String(input));
      sent.push(`${init?.method ?? 'GET'} ${url.pathname}`);
      return fetch(input, init);
    },
  });
  registerTestHandlers({
    core,
    registered,
    isTrustedSender: (event) => event.sender.id === 1,
    thirdPartyNotices: () => 'Packbench: third-party software notices\n',
  });
});
afterAll(async () => {
  await core.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('IPC handlers on the real core', () => {
  it('looks up a scanned order with its trackings', async () => {
    const result = await invoke('lookupOrder', { id: 'PB-10055' });
    expect(result).toMatchObject({
      ok: true,
      value: { order: { id: 'PB-10055' }, trackings: expect.any(Array) },
    });
  });

  it('refuses files the screens refuse, with the same code and sentence key, and stores nothing', async () => {
    const before = core.outbox.store.counts().queued;
    const pdf = truncatedPdf('NF-e', 0.5);
    const cases: [InvokeName, Record<string, unknown>, string][] = [
      ['submitInvoice', { fileName: 'cut.pdf', bytes: truncatedPdf('NF-e', 0.5) }, 'damaged'],
      ['submitInvoice', { fileName: 'junk.pdf', bytes: garbageAfterHeaderPdf(7) }, 'damaged'],
      ['submitInvoice', { fileName: 'scan.pdf', bytes: pngRenamedAsPdf() }, 'notPdf'],
      ['submitInvoice', { fileName: 'empty.pdf', bytes: emptyFile() }, 'empty'],
      ['submitLabel', { fileName: 'cut.zpl', bytes: new TextEncoder().encode('^XA^FDx') }, 'noZpl'],
      ['submitLabel', { fileName: 'l.pdf', format: 'pdf', bytes: pdf }, 'damaged'],
    ];
    for (const [channel, file, reason] of cases) {
      expect(await invoke(channel, { order: 'PB-10055', ...file })).toMatchObject({
        ok: false,
        error: {
          code: `files.${reason}`,
          messageKey: `files.${reason}`,
          params: { file: file['fileName'] },
        },
      });
    }
    expect(core.outbox.store.counts().queued).toBe(before);
  });

  it('gives the order card its file jobs, and product names at one budgeted request per SKU', async () => {
    const label = new TextEncoder().encode('^XA^FO50,50^FDcard^FS^XZ');
    await invoke('submitLabel', { order: 'PB-10056', fileName: 'card.zpl', bytes: label });
    const found = (await invoke('lookupOrder', { id: 'PB-10056' })) as Result<OrderLookup>;
    if (!found.ok) throw new Error(found.error.message);
    expect(found.value.jobs.map((j) => [j.kind, j.subject])).toEqual([
      ['label.upload', 'PB-10056'],
    ]);
    const skus = [...new Set(found.value.order.items.map((i) => i.sku)), 'NO-SUCH-SKU'];
    // The label just queued goes to the service in the background, through the same budget: it
    // is delivered first, or its slot may be granted while the names are asked for (under load
    // it was: 5 slots for 4 SKUs).
    await core.outbox.idle(core.profiles.active().id, 10_000);
    const used = () => core.status().budget?.used ?? 0;
    const first = used();
    const before = sent.length;
    const named = (await invoke('getProductNames', { skus })) as Result<{
      names: Record<string, string | null>;
    }>;
    if (!named.ok) throw new Error(named.error.message);
    expect(named.value.names['NO-SUCH-SKU']).toBeNull();
    for (const sku of skus.slice(0, -1)) expect(named.value.names[sku]).toEqual(expect.any(String));
    // One request per SKU on the wire, each through the budget, and nothing else meanwhile.
    const asked = sent.slice(before);
    expect(asked.map((r) => r.replace(/^GET .*\/products\//, 'GET products/')).sort()).toEqual(
      skus.map((sku) => `GET products/${encodeURIComponent(sku)}`).sort(),
    );
    expect(used() - first).toBe(asked.length);
    // Asked again: the names are kept, nothing is sent and no slot is taken.
    await invoke('getProductNames', { skus });
    expect(sent.slice(before)).toEqual(asked);
    expect(used() - first).toBe(skus.length);
  });

  it('records lookups and key changes in the audit log, never the key', async () => {
    await invoke('lookupOrder', { id: 'PB-10002' });
    await invoke('setKey', { profileId: 'sandbox', key: 'sbx-demo-acme' });
    await invoke('removeKey', { profileId: 'sandbox' });
    const events = core.outbox.audit.list().map((e) => e.event);
    expect(events).toEqual(expect.arrayContaining(['lookup', 'key.set', 'key.removed']));
    expect(JSON.stringify(core.outbox.audit.list())).not.toContain('sbx-demo-acme');
  });

  it('turns API failures into Results with the family code and message key', async () => {
    expect(await invoke('lookupOrder', { id: 'NOPE-404' })).toMatchObject({
      ok: false,
      error: { code: 'api.not_found.not_found', messageKey: 'errors.api.not_found', status: 404 },
    });
  });

  it('validates input before the core sees it', async () => {
    expect(await invoke('lookupOrder', { id: '' })).toMatchObject({
      ok: false,
      error: { code: 'ipc.invalid_input' },
    });
    const spaced = await invoke('setKey', { profileId: 'sandbox', key: 'has spaces in it' });
    expect(spaced).toMatchObject({
      ok: false,
      error: { code: 'ipc.invalid_input', message: expect.stringContaining('no spaces') },
    });
    expect(await invoke('switchProfile', { id: '../etc' })).toMatchObject({
      ok: false,
      error: { code: 'ipc.invalid_input' },
    });
  });

  it('sets, reports and removes a key without ever returning it', async () => {
    const set = await invoke('setKey', { profileId: 'sandbox', key: 'sbx-demo-acme' });
    expect(set).toMatchObject({ ok: true, value: { set: true, masked: '••••acme' } });
    expect(JSON.stringify(set)).not.toContain('sbx-demo-acme');
    const status = await invoke('getKeyStatus', {});
    expect(JSON.stringify(status)).not.toContain('sbx-demo-acme');
    expect(await invoke('removeKey', { profileId: 'sandbox' })).toMatchObject({
      ok: true,
      value: { set: false, usingDemoKey: true },
    });
  });

  it('saves, switches and deletes profiles, with specific errors for bad ones', async () => {
    const bad = await invoke('saveProfile', {
      profile: { name: 'X', environment: 'production', baseUrl: 'http://api.example.com' },
    });
    expect(bad).toMatchObject({
      ok: false,
      error: { code: 'ipc.invalid_input', message: expect.stringContaining('https://') },
    });
    const saved = (await invoke('saveProfile', {
      profile: { name: 'Homologação', environment: 'test', baseUrl: 'https://api.example.test' },
    })) as Result<{ id: string }>;
    expect(saved.ok).toBe(true);
    const id = saved.ok ? saved.value.id : '';
    expect(await invoke('listProfiles')).toMatchObject({
      ok: true,
      value: { profiles: [{ id: 'sandbox' }, { id }], activeId: 'sandbox' },
    });
    expect(await invoke('deleteProfile', { id })).toMatchObject({
      ok: true,
      value: { profiles: [{ id: 'sandbox' }] },
    });
    expect(await invoke('deleteProfile', { id: 'sandbox' })).toMatchObject({
      ok: false,
      error: { code: 'profiles.last_profile' },
    });
  });

  it('reports status with health and budget', async () => {
    expect(await invoke('testConnection')).toMatchObject({ ok: true, value: { state: 'up' } });
    expect(await invoke('getStatus')).toMatchObject({
      ok: true,
      value: { profile: { id: 'sandbox' }, health: { state: 'up' }, budget: { limit: 100 } },
    });
  });
});
