import { rootCertificates } from 'node:tls';
import { Redis } from 'ioredis';
import type { Clock } from '../platform/clock.ts';

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
  const redis = new Redis(redisUrlWithPassword(a.url, a.password), {
    commandTimeout: a.commandTimeoutMs,
    connectTimeout,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    retryStrategy: a.retryMs,
    lazyConnect: false,
    ...tlsOptions(a.url, a.ca),
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
