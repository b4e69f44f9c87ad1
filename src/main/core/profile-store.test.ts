import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ProfileError, ProfileStore, SANDBOX_PROFILE_ID } from './profile-store.ts';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'packbench-profiles-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const production = {
  name: 'Loja — produção',
  environment: 'production' as const,
  baseUrl: 'https://api.fulfillment.example.com/',
  apiVersion: 'v1' as const,
};

describe('ProfileStore', () => {
  it('starts with the embedded sandbox profile, active', () => {
    const store = new ProfileStore(dir);
    expect(store.active()).toMatchObject({
      id: SANDBOX_PROFILE_ID,
      environment: 'sandbox',
      baseUrl: null,
      apiVersion: 'v1.1',
      overrides: {
        productsListPath: '/products',
        productGetPath: '/products/{sku}',
        labelsPath: '/labels',
        labelsMethod: 'POST',
        batchExpiryParam: 'batch_expiry',
      },
    });
  });

  it('creates, updates, switches and deletes profiles, and keeps them across restarts', async () => {
    const store = new ProfileStore(dir);
    const created = await store.create(production);
    expect(created.baseUrl).toBe('https://api.fulfillment.example.com');
    await store.setActive(created.id);
    await store.update(created.id, {
      ...production,
      overrides: { labelsPath: '/custom-labels', batchExpiryParam: 'lote_validade' },
    });

    const reopened = new ProfileStore(dir);
    expect(reopened.active()).toMatchObject({
      id: created.id,
      overrides: {
        labelsPath: '/custom-labels',
        batchExpiryParam: 'lote_validade',
        productsListPath: '/products',
      },
    });
    await reopened.remove(created.id);
    expect(reopened.active().id).toBe(SANDBOX_PROFILE_ID);
    await expect(reopened.remove(SANDBOX_PROFILE_ID)).rejects.toMatchObject({
      code: 'last_profile',
    });
  });

  it.each([
    [
      'plain http to another host',
      { baseUrl: 'http://api.example.com' },
      'profiles.errors.base_url_https',
    ],
    [
      'a key in the query string',
      { baseUrl: 'https://api.example.com/?api_key=secret' },
      'profiles.errors.base_url_query',
    ],
    [
      'credentials in the URL',
      { baseUrl: 'https://user:pw@api.example.com' },
      'profiles.errors.base_url_credentials',
    ],
    ['not a URL', { baseUrl: 'api.example.com' }, 'profiles.errors.base_url_invalid'],
    ['no URL outside the sandbox', { baseUrl: null }, 'profiles.errors.base_url_required'],
  ])('refuses %s with a specific message', async (_label, change, messageKey) => {
    const store = new ProfileStore(dir);
    const error = await store.create({ ...production, ...change }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProfileError);
    expect((error as ProfileError).issues).toEqual(
      expect.arrayContaining([expect.objectContaining({ path: 'baseUrl', messageKey })]),
    );
    expect(store.list()).toHaveLength(1);
  });

  it('allows plain http only on this computer', async () => {
    const store = new ProfileStore(dir);
    await expect(
      store.create({ ...production, environment: 'test', baseUrl: 'http://127.0.0.1:4010' }),
    ).resolves.toBeDefined();
    await expect(
      store.create({ ...production, environment: 'test', baseUrl: 'http://localhost:4010' }),
    ).resolves.toBeDefined();
  });

  it.each([
    [{ productGetPath: '/products' }, 'overrides.productGetPath'],
    [{ labelsPath: 'labels' }, 'overrides.labelsPath'],
    [{ labelsPath: '/../admin' }, 'overrides.labelsPath'],
    [{ batchExpiryParam: 'lote validade' }, 'overrides.batchExpiryParam'],
  ])('refuses the override %o', async (overrides, path) => {
    const store = new ProfileStore(dir);
    await expect(store.create({ ...production, overrides })).rejects.toMatchObject({
      code: 'invalid',
      issues: [expect.objectContaining({ path })],
    });
  });

  it('moves a damaged file aside instead of losing it, and starts fresh', () => {
    writeFileSync(join(dir, 'profiles.json'), '{"version": 1, "profiles": "oops"');
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const store = new ProfileStore(dir);
    expect(store.active().id).toBe(SANDBOX_PROFILE_ID);
    expect(store.recoveredFrom).toMatch(/profiles\.json\.damaged-/);
    const aside = readdirSync(dir).find((name) => name.startsWith('profiles.json.damaged-'));
    expect(aside && readFileSync(join(dir, aside), 'utf8')).toBe(
      '{"version": 1, "profiles": "oops"',
    );
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });

  it('reports an unknown id', () => {
    expect(() => new ProfileStore(dir).get('nope')).toThrow(/No profile with id "nope"/);
  });
});
