import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POLICY_FILE as FILE, policyStation, type PolicyStation } from './policy-station.ts';

// A locked document printer through the real IPC handlers of a real core (issue #31): IT's
// queue and paper are in effect, and a change from the window is refused with the policy's
// error.

let station: PolicyStation;
beforeAll(async () => {
  station = await policyStation({
    documentPrinter: { target: 'cups:Office', paper: 'letter', locked: true },
  });
});
afterAll(() => station.close());
const call: PolicyStation['call'] = (name, input) => station.call(name, input);

describe('a locked document printer', () => {
  it("is IT's queue and paper, and another from the window is refused", async () => {
    const view = await call('getDocumentPrinter', undefined);
    if (!view.ok) throw new Error(view.error.message);
    expect(view.value.settings).toEqual({ target: 'cups:Office', paper: 'letter' });
    const refusals = await Promise.all([
      call('saveDocumentPrinter', { target: 'cups:Office', paper: 'a4' }),
      call('saveDocumentPrinter', { target: 'cups:Elsewhere', paper: 'letter' }),
    ]);
    expect(refusals.map((r) => (r.ok ? 'saved' : r.error.code))).toEqual([
      'policy.locked',
      'policy.locked',
    ]);
    const refused = refusals[0];
    expect(refused?.ok ? null : refused?.error.message).toContain(FILE);
    expect(station.core.printing.documentPrinter.get()).toEqual({
      target: 'cups:Office',
      paper: 'letter',
    });
  });
});
