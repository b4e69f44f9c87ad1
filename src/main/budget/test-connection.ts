import { systemElapsed } from '../platform/clock.ts';
import type { CoordinationTestResult } from '../../shared/coordination.ts';
import { CoordinationError, classifyRedisError } from './coordination-error.ts';
import { newRedis } from './redis-connection.ts';

export interface TestConnectionInput {
  url: string;
  password?: string;
  ca?: string;
  /** The stations' key of the active profile's company (see budgetKeyPrefix). */
  stationsKey: string;
  /** Stations heard of within this long count as active. */
  activeMs: number;
  timeoutMs?: number;
  /** A monotonic clock in ms (performance.now by default). */
  now?: () => number;
}

const ACTIVE = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + tonumber(t[2]) / 1000
return redis.call('ZCOUNT', KEYS[1], now - tonumber(ARGV[1]), '+inf')
`;

/**
 * Settings' Test button: connects as the station would (TLS, password), times a few PINGs, reads
 * the server's name and version, checks that Lua scripts may run (the shared budget is one script
 * per grant), and counts the stations active on the key. Nothing is written.
 */
export async function testConnection(input: TestConnectionInput): Promise<CoordinationTestResult> {
  const now = input.now ?? systemElapsed;
  const timeout = input.timeoutMs ?? 3000;
  const redis = newRedis(
    { url: input.url, password: input.password, ca: input.ca },
    {
      lazyConnect: true,
      connectTimeout: timeout,
      commandTimeout: timeout,
      maxRetriesPerRequest: 0,
      enableOfflineQueue: false,
      retryStrategy: () => null,
    },
  );
  let lastError: unknown = null;
  let noMaster = false;
  redis.on('error', (error) => (lastError = error));
  // A Sentinel that answers but names no master of that name: the name is wrong, not the network.
  redis.on('sentinelError', (error: unknown) => {
    // Sentinel refuses to list the Sentinels of an unknown master, or names none.
    if (/invalid reply|no such master/i.test(String(error))) noMaster = true;
    else lastError ??= error;
  });
  try {
    try {
      await redis.connect();
    } catch (error) {
      if (noMaster)
        throw new CoordinationError('no-master', 'no Sentinel knows a master of that name', error);
      // ioredis reports "Connection is closed." once it gave up; the reason came as an event.
      throw classifyRedisError(lastError ?? error);
    }
    const latencies: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      const started = now();
      const pong = await redis.ping();
      latencies.push(now() - started);
      if (pong !== 'PONG') throw new CoordinationError('not-redis', `PING answered ${pong}`);
    }
    latencies.sort((a, b) => a - b);
    const info = await redis.info('server');
    const server = serverName(info);
    if (server.major < 5)
      throw new CoordinationError('too-old', `${server.name} ${server.version} has no script TIME`);
    const stations = Number(await redis.eval(ACTIVE, 1, input.stationsKey, String(input.activeMs)));
    return {
      latencyMs: Math.round((latencies[2] ?? 0) * 10) / 10,
      stations,
      server: `${server.name} ${server.version}`,
    };
  } catch (error) {
    throw classifyRedisError(error);
  } finally {
    redis.disconnect();
  }
}

/** "redis 7.0.15" or "valkey 8.0.1" from INFO server (Valkey also reports a redis_version). */
export function serverName(info: string): { name: string; version: string; major: number } {
  const field = (name: string) => new RegExp(`^${name}:(.+)$`, 'm').exec(info)?.[1]?.trim();
  const valkey = field('valkey_version');
  const name = valkey ? 'valkey' : (field('server_name') ?? 'redis');
  const version = valkey ?? field('redis_version') ?? '?';
  if (version === '?') throw new CoordinationError('not-redis', 'INFO has no version');
  return { name, version, major: Number.parseInt(version, 10) };
}
