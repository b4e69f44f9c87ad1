import { existsSync } from 'node:fs';
import { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { ping, PrivateRedis } from './private-redis.ts';

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('PrivateRedis', () => {
  it('runs a redis-server of its own on loopback, restarts it empty on the same port, and ends it by PID', async () => {
    const redis = await PrivateRedis.start();
    const client = new Redis({ host: '127.0.0.1', port: redis.port, lazyConnect: true });
    client.on('error', () => undefined);
    try {
      const first = redis.pid ?? 0;
      expect(alive(first)).toBe(true);
      expect(redis.url).toBe(`redis://127.0.0.1:${redis.port}`);
      await client.connect();
      // Persistence is off, as the helper promises.
      expect(await client.config('GET', 'save')).toEqual(['save', '']);
      expect(await client.config('GET', 'appendonly')).toEqual(['appendonly', 'no']);
      expect(await client.config('GET', 'dir')).toEqual(['dir', redis.dir]);
      await client.set('k', 'v');

      await redis.restart();
      const second = redis.pid ?? 0;
      expect(alive(first)).toBe(false);
      expect(second).not.toBe(first);
      // Same port, nothing kept.
      expect(await client.get('k')).toBeNull();

      await redis.kill();
      expect(alive(second)).toBe(false);
      expect(await ping(redis.port)).toBe(false);

      await redis.restart();
      expect(await ping(redis.port)).toBe(true);
      const third = redis.pid ?? 0;
      await redis.stop();
      expect(alive(third)).toBe(false);
      expect(existsSync(redis.dir)).toBe(false);
    } finally {
      client.disconnect();
      await redis.stop();
    }
  });
});
