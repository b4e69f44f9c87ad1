import { nothingSecret } from '../../shared/details.ts';
import { describe, expect, it } from 'vitest';
import { FakeClock } from '@test/support/fake-clock.ts';
import { AuthenticationError, NetworkError, ServerError } from '../api/errors.ts';
import { HealthMonitor } from './health-monitor.ts';

function setup(answers: (() => Promise<{ status: string }>)[]) {
  const clock = new FakeClock(0);
  let calls = 0;
  const monitor = new HealthMonitor({
    redact: nothingSecret,
    clock,
    intervalMs: 30_000,
    retryMs: 2_000,
    check: () => {
      calls += 1;
      return (answers.shift() ?? (() => Promise.resolve({ status: 'ok' })))();
    },
  });
  const states: string[] = [];
  monitor.subscribe((s) => states.push(s.state));
  return { clock, monitor, states, calls: () => calls };
}

const ok = () => Promise.resolve({ status: 'ok' });
const offline = () => Promise.reject(new NetworkError({ message: 'ECONNREFUSED' }));

describe('HealthMonitor', () => {
  it('goes up after a good check and checks again every interval', async () => {
    const { clock, monitor, states, calls } = setup([ok]);
    monitor.start();
    await clock.advance(0);
    expect(monitor.current()).toMatchObject({
      state: 'up',
      online: true,
      latencyMs: 0,
      lastError: null,
    });
    await clock.advance(30_000);
    expect(calls()).toBe(2);
    expect(states).toEqual(['up', 'up']);
    monitor.stop();
  });

  it('skips checks while other traffic proves the service is up', async () => {
    const { clock, monitor, calls } = setup([]);
    monitor.start();
    await clock.advance(0);
    for (let t = 0; t < 6; t += 1) {
      await clock.advance(10_000);
      monitor.reportSuccess(40);
    }
    expect(calls()).toBe(1);
    await clock.advance(30_000);
    expect(calls()).toBe(2);
    monitor.stop();
  });

  it('goes down when unreachable, retries sooner with backoff, and comes back up', async () => {
    const { clock, monitor, states, calls } = setup([offline, offline, offline, ok]);
    monitor.start();
    await clock.advance(0);
    expect(monitor.current()).toMatchObject({
      state: 'down',
      online: false,
      lastError: { code: 'api.network.offline' },
    });
    await clock.advance(2_000);
    expect(calls()).toBe(2);
    await clock.advance(4_000);
    expect(calls()).toBe(3);
    await clock.advance(8_000);
    expect(states).toEqual(['down', 'down', 'down', 'up']);
    monitor.stop();
  });

  it('says unauthorized for a rejected key and degraded for a 5xx or a slow answer', async () => {
    const slow = (clock: FakeClock) => () => clock.advance(5_000).then(() => ({ status: 'ok' }));
    const auth = setup([
      () => Promise.reject(new AuthenticationError({ status: 401, message: 'bad key' })),
    ]);
    await auth.monitor.checkNow();
    expect(auth.monitor.current()).toMatchObject({ state: 'unauthorized', online: false });
    const server = setup([() => Promise.reject(new ServerError({ status: 500, message: 'boom' }))]);
    await server.monitor.checkNow();
    expect(server.monitor.current().state).toBe('degraded');
    const slowOne = setup([]);
    const slowMonitor = new HealthMonitor({
      redact: nothingSecret,
      clock: slowOne.clock,
      check: slow(slowOne.clock),
      degradedLatencyMs: 3_000,
    });
    await slowMonitor.checkNow();
    expect(slowMonitor.current()).toMatchObject({
      state: 'degraded',
      online: true,
      latencyMs: 5_000,
    });
  });

  it('checks at once after a network failure elsewhere', async () => {
    const { clock, monitor, calls } = setup([ok, offline]);
    monitor.start();
    await clock.advance(1_000);
    monitor.reportFailure(new NetworkError({ message: 'reset' }));
    await clock.advance(0);
    expect(calls()).toBe(2);
    expect(monitor.current().state).toBe('down');
    monitor.stop();
  });

  it('drops the answer of a check for the old target when the target changes', async () => {
    let answerOld: (value: { status: string }) => void = () => undefined;
    const slowOld = () => new Promise<{ status: string }>((resolve) => (answerOld = resolve));
    const noKey = () => Promise.reject(new AuthenticationError({ message: 'no key' }));
    const { clock, monitor, states, calls } = setup([slowOld, noKey]);
    monitor.start();
    await clock.advance(0);
    const fresh = await monitor.recheck();
    expect(fresh.state).toBe('unauthorized');
    answerOld({ status: 'ok' });
    await clock.advance(0);
    expect(monitor.current().state).toBe('unauthorized');
    expect(states).toEqual(['unauthorized']);
    expect(calls()).toBe(2);
    monitor.stop();
  });
});
