import { rootCertificates } from 'node:tls';
import { Redis, type RedisOptions } from 'ioredis';
import { isSentinelAddress, parseSentinelAddress } from '../../shared/sentinel-address.ts';
import type { Clock } from '../platform/clock.ts';
import { fieldOf } from '../platform/guards.ts';

/**
 * The URL ioredis connects with: the password (from the keychain) goes in here, in memory only.
 * ioredis lets a URL's fields win over its options, so a user name in the URL would otherwise
 * blank a password given as an option.
 */
export function redisUrlWithPassword(url: string, password: string | undefined): string {
  if (!password) return url;
  const withPassword = new URL(url);
  // ioredis decodes the URL's password: encoded whole, a "%" in it survives (and cannot throw).
  withPassword.password = encodeURIComponent(password);
  return withPassword.toString();
}

/** rediss:// turns TLS on; a warehouse's own CA is trusted besides the system's, checks stay on. */
export function tlsOptions(url: string, ca: string | undefined): { tls?: { ca: string[] } } {
  if (!ca || !url.startsWith('rediss:')) return {};
  return { tls: { ca: [...rootCertificates, ca] } };
}

/**
 * A client for the warehouse's Redis: one node (redis://, rediss://), or the master the
 * Sentinels name (redis+sentinel://), through ioredis' own Sentinel support. With Sentinel the
 * client asks a Sentinel for the master before each connection and checks that what it reached
 * is a master, so a station follows a promoted replica at its next retry of the connection.
 */
export function newRedis(
  a: { url: string; password: string | undefined; ca: string | undefined },
  options: RedisOptions,
): Redis {
  if (!isSentinelAddress(a.url)) {
    return new Redis(redisUrlWithPassword(a.url, a.password), {
      ...options,
      ...tlsOptions(a.url, a.ca),
    });
  }
  const parsed = parseSentinelAddress(a.url);
  // The settings were checked on the way in; a file edited by hand is checked again on reading.
  if (!parsed.ok) throw new TypeError(`the Sentinel address ${parsed.problem.message}`);
  const { address } = parsed;
  const tls = address.tls ? { ca: [...rootCertificates, ...(a.ca ? [a.ca] : [])] } : undefined;
  return new Redis({
    ...options,
    sentinels: address.sentinels,
    name: address.name,
    db: address.db,
    ...(address.username ? { username: address.username } : {}),
    // One password for the Redis and the Sentinels: IT sets the same requirepass on both (a
    // Sentinel without one takes the AUTH and goes on).
    ...(a.password ? { password: a.password, sentinelPassword: a.password } : {}),
    ...(tls ? { tls, sentinelTLS: tls, enableTLSForSentinelMode: true } : {}),
    // Not ioredis' failoverDetector: its +switch-master disconnects a client that is between two
    // tries (the primary died) and ioredis then ends that client for good. A dead primary's
    // connection drops by itself and each retry asks a Sentinel anew; a primary demoted alive
    // answers READONLY, and reconnectOnError below moves the station on.
    failoverDetector: false,
    reconnectOnError: (error: Error) => error.message.startsWith('READONLY'),
    // A round over the Sentinels that found no master answering (the Sentinels still name the
    // one that died) starts again as soon as a lost connection is tried again: ioredis ends the
    // client for good when this says null, so only a client that never retries (Test) says it.
    sentinelRetryStrategy: options.retryStrategy ?? (() => null),
    sentinelCommandTimeout: options.commandTimeout ?? 1000,
    sentinelReconnectStrategy: () => 1000,
    // Sentinel's own addresses for the others it knows: a station given one Sentinel finds all.
    updateSentinels: true,
  });
}

/**
 * The shared budget's connection: it fails at once while disconnected (the station falls back
 * instead of queueing behind a Redis that is gone, and no command is replayed later behind its
 * back). `connected` settles when the first connection is ready, or after the connect timeout.
 */
export function openBudgetRedis(a: {
  url: string;
  password: string | undefined;
  ca: string | undefined;
  commandTimeoutMs: number;
  clock: Clock;
  /** How soon to reconnect after a connection is lost. */
  retryMs: () => number;
}): { redis: Redis; connected: Promise<void> } {
  const connectTimeout = Math.max(a.commandTimeoutMs, 1000);
  const redis = newRedis(a, {
    commandTimeout: a.commandTimeoutMs,
    connectTimeout,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    retryStrategy: a.retryMs,
    lazyConnect: false,
  });
  const connected = new Promise<void>((resolve) => {
    // Until the first connection is made, a command would fail at once (no offline queue):
    // give it the connect timeout before calling Redis unreachable.
    const timer = a.clock.setTimeout(resolve, connectTimeout);
    redis.once('ready', () => {
      a.clock.clearTimeout(timer);
      resolve();
    });
  });
  // Connection errors surface as failed commands (and the fallback); the event is only noise.
  redis.on('error', () => undefined);
  return { redis, connected };
}

/** Runs `reconnected` each time the connection is ready again (not the first time). */
export function onReconnect(redis: Redis, reconnected: () => void): void {
  let readyBefore = false;
  redis.on('ready', () => {
    if (!readyBefore) {
      readyBefore = true;
      return;
    }
    reconnected();
  });
}

/**
 * Runs `gone` when a connection attempt is refused: the host answers but nothing listens on the
 * port, so the server process is gone (crashed, restarting, or the primary Sentinel is
 * replacing), for every station alike, not a path cut between this station and Redis.
 */
export function onServerGone(redis: Redis, gone: () => void): void {
  redis.on('error', (error: unknown) => {
    if (fieldOf(error, 'code') === 'ECONNREFUSED') gone();
  });
}
