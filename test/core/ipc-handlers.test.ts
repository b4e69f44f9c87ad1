import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NativeKeychain } from '../../src/main/core/keychain.ts';
import { createStationCore, type StationCore } from '../../src/main/core/station-core.ts';
import type { IpcEventLike } from '../../src/main/ipc-manager.ts';
import { registerTestHandlers } from '../support/test-handlers.ts';
import { channelOf, type InvokeName } from '../../src/shared/ipc/channels.ts';
import type { Result } from '../../src/shared/result.ts';

let core: StationCore;
let dir: string;
const registered = new Map<string, (event: IpcEventLike, input: unknown) => unknown>();
const own: IpcEventLike = { sender: { id: 1 }, senderFrame: { url: 'app://packbench/index.html' } };
const invoke = (name: InvokeName, input?: unknown) =>
  registered.get(channelOf(name))?.(own, input) as Promise<Result<unknown>>;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'packbench-ipc-'));
  core = await createStationCore({
    dataDir: dir,
    keychain: new NativeKeychain({ service: `Packbench-test-${randomUUID()}` }),
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
