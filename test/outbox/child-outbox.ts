import { ApiClient } from '../../src/main/api/client.ts';
import { systemClock } from '../../src/main/platform/clock.ts';
import { CompanyBudget } from '../../src/main/budget/rate-budget.ts';
import { Outbox } from '../../src/main/outbox/outbox.ts';
import { endpointOverridesSchema } from '../../src/shared/profile.ts';

/**
 * The outbox of a child station process in the crash tests: real client, no budget to speak
 * of, quick retries, always online, one profile `p` with the Acme key. `onAnswer` is told of
 * each answer the moment it arrives, before the outbox has seen it.
 */
export function childOutbox(
  file: string,
  baseUrl: string,
  onAnswer: () => void = () => undefined,
): Outbox {
  const api = new ApiClient({
    fetch: async (input, init) => {
      const response = await fetch(input, init);
      onAnswer();
      return response;
    },
    target: { baseUrl, apiVersion: 'v1.1', overrides: endpointOverridesSchema.parse({}) },
    getKey: async () => 'sbx-demo-acme',
    budget: new CompanyBudget({ clock: systemClock, limit: 1_000_000 }),
    clock: systemClock,
    timeoutMs: 2_000,
  });
  return new Outbox({
    file,
    clock: systemClock,
    clientFor: async () => api,
    isOnline: () => true,
    backoffBaseMs: 20,
    backoffCapMs: 200,
  });
}
