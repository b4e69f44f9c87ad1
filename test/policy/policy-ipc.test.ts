import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StationCore } from '../../src/main/core/station-core.ts';
import { DEFAULT_PACK_SETTINGS, type PackView } from '../../src/shared/pack/types.ts';
import { PACK_FIXTURES } from '../../src/sandbox/index.ts';
import { POLICY_FILE as FILE, policyStation, type PolicyStation } from './policy-station.ts';

// A machine policy through the real IPC handlers of a real station core (issue #31): what IT
// locks shows in effect and every change to it is refused with the policy's sentence; what IT
// sets without locking is the station's first value, which the station may change.

let station: PolicyStation;
let core: StationCore;
const call: PolicyStation['call'] = (name, input) => station.call(name, input);

beforeAll(async () => {
  station = await policyStation({
    profiles: {
      list: [
        { name: 'Sandbox', environment: 'sandbox' },
        { name: 'Produção', environment: 'production', baseUrl: 'https://api.example.com' },
      ],
      active: 'Sandbox',
      locked: true,
    },
    labelPrinter: { target: 'tcp://10.0.0.5:9100', dpmm: 12, locked: true },
    documentPrinter: { target: 'cups:Office', paper: 'letter' },
    packing: { printLabel: true, printSlip: true, markPacked: false, locked: true },
    language: { value: 'es', locked: true },
    // Ten years: every lot that has not expired is "expiring" by IT's threshold.
    expiryWarningDays: { value: 3650, locked: true },
  });
  core = station.core;
});
afterAll(() => station.close());

describe('a machine policy at the station', () => {
  it('tells the window where it is, what is locked and the values it sets', async () => {
    const view = await call('getPolicy', undefined);
    if (!view.ok) throw new Error(view.error.message);
    expect(view.value).toMatchObject({
      file: FILE,
      language: 'es',
      muted: null,
      expiryWarningDays: 3650,
    });
    expect(Object.entries(view.value.locked).filter(([, locked]) => locked)).toEqual([
      ['profiles', true],
      ['labelPrinter', true],
      ['language', true],
      ['expiryWarningDays', true],
      ['packing', true],
    ]);
  });

  it('puts the locked label printer in effect and refuses every change to it', async () => {
    const printing = await call('getPrinting', undefined);
    if (!printing.ok) throw new Error(printing.error.message);
    expect(printing.value.settings).toMatchObject({ target: 'tcp://10.0.0.5:9100', dpmm: 12 });
    const refused = await call('savePrinterSettings', {
      target: 'tcp://10.0.0.9:9100',
      dpmm: 8,
      autoPrint: false,
    });
    if (refused.ok) throw new Error('a locked printer was changed');
    expect(refused.error).toMatchObject({
      code: 'policy.locked',
      messageKey: 'policy.locked',
      params: { file: FILE },
      message: `Set by your IT department (${FILE}): it cannot be changed at the station.`,
    });
    expect(core.printing.settings.get().target).toBe('tcp://10.0.0.5:9100');
  });

  it('refuses a change to locked packing settings, and keeps them in effect', async () => {
    const settings = await call('getPackSettings', undefined);
    if (!settings.ok) throw new Error(settings.error.message);
    expect(settings.value).toMatchObject({ printLabel: true, printSlip: true, markPacked: false });
    const refused = await call('savePackSettings', { ...DEFAULT_PACK_SETTINGS });
    expect(refused.ok ? null : refused.error.code).toBe('policy.locked');
    expect(core.packing.settings().markPacked).toBe(false);
  });

  it("gives the station IT's profiles, refuses to change them, and still takes a key", async () => {
    const list = await call('listProfiles', undefined);
    if (!list.ok) throw new Error(list.error.message);
    expect(list.value.profiles.map((p) => [p.name, p.environment, p.baseUrl])).toEqual([
      ['Sandbox', 'sandbox', null],
      ['Produção', 'production', 'https://api.example.com'],
    ]);
    const production = list.value.profiles[1];
    if (!production) throw new Error('no production profile');
    expect(list.value.activeId).toBe(list.value.profiles[0]?.id);
    const refusals = await Promise.all([
      call('saveProfile', {
        profile: { name: 'Mine', environment: 'test', baseUrl: 'https://x.example' },
      }),
      call('saveProfile', { id: production.id, profile: { ...production, name: 'Prod' } }),
      call('deleteProfile', { id: production.id }),
      call('switchProfile', { id: production.id }),
    ]);
    expect(refusals.map((r) => (r.ok ? 'ok' : r.error.code))).toEqual([
      'policy.locked',
      'policy.locked',
      'policy.locked',
      'policy.locked',
    ]);
    const key = await call('setKey', { profileId: production.id, key: 'pk_live_policy_test_123' });
    expect(key.ok).toBe(true);
  });

  it('takes an unlocked section as the first value, which the station may change', async () => {
    const first = await call('getDocumentPrinter', undefined);
    if (!first.ok) throw new Error(first.error.message);
    expect(first.value.settings).toEqual({ target: 'cups:Office', paper: 'letter' });
    const saved = await call('saveDocumentPrinter', { target: 'cups:Office', paper: 'a4' });
    expect(saved.ok).toBe(true);
    expect(core.printing.documentPrinter.get().paper).toBe('a4');
  });

  it("speaks IT's language on the papers and refuses another from the window", async () => {
    const refused = await call('setStationLanguage', { language: 'en' });
    expect(refused.ok ? 'ok' : refused.error.code).toBe('policy.locked');
    expect(core.language).toBe('es');
    expect((await call('setStationLanguage', { language: 'es' })).ok).toBe(true);
    expect(core.language).toBe('es');
  });

  it("judges a pack's lots by IT's locked expiry threshold, not the window's", async () => {
    const order = PACK_FIXTURES.orders.gift;
    const sku = order.items.find((i) => PACK_FIXTURES.batches[i.sku])?.sku ?? '';
    const api = await core.api();
    const barcode = (await api.getProduct(sku)).barcode ?? '';
    const open = await call('openPack', { orderId: order.id, expiryWarningDays: 0 });
    if (!open.ok) throw new Error(open.error.message);
    const step = async (result: Awaited<ReturnType<typeof call<'packScan'>>>) => {
      if (!result.ok) throw new Error(result.error.message);
      return result.value;
    };
    let view: PackView = await step(
      await call('packScan', { packId: open.value.id, code: barcode }),
    );
    if (view.verdict?.messageKey === 'packVerdict.notesFirst') {
      view = await step(await call('answerPack', { packId: view.id, answer: { kind: 'notes' } }));
      view = await step(await call('packScan', { packId: view.id, code: barcode }));
    }
    if (view.prompt?.kind !== 'lot')
      throw new Error(`no lot question: ${JSON.stringify(view.prompt)}`);
    // With the window's 0 days no lot would be expiring; by IT's ten years every unexpired one is.
    const states = view.prompt.options.map((option) => option.state);
    expect(states).toContain('expiring');
    expect(states).not.toContain('ok');
  });
});
