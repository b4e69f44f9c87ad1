import { describe, expect, it } from 'vitest';
import { coordinationUrlSchema } from './coordination.ts';
import { parseSentinelAddress } from './sentinel-address.ts';

/** The sentence key the settings' schema refuses `url` with, or null when it takes it. */
const refusal = (url: string) => {
  const result = coordinationUrlSchema.safeParse(url);
  if (result.success) return null;
  const issue = result.error.issues[0] as { params?: { messageKey?: string } } | undefined;
  return issue?.params?.messageKey ?? 'zod';
};

describe('a Sentinel address', () => {
  it('names the Sentinels, the master, the database, TLS and the user', () => {
    expect(
      parseSentinelAddress('rediss+sentinel://packbench@s1.lan:26380,10.0.0.2,s3/wh-1.redis/3'),
    ).toEqual({
      ok: true,
      address: {
        tls: true,
        username: 'packbench',
        sentinels: [
          { host: 's1.lan', port: 26380 },
          { host: '10.0.0.2', port: 26379 },
          { host: 's3', port: 26379 },
        ],
        name: 'wh-1.redis',
        db: 3,
      },
    });
    expect(refusal(' redis+sentinel://10.0.0.1:26379,10.0.0.2:26379/mymaster ')).toBeNull();
  });

  it('refuses each mistake with its own sentence', () => {
    expect(refusal('redis+sentinel://10.0.0.1:26379,/mymaster')).toBe(
      'coordination.errors.sentinelHost',
    );
    expect(refusal('redis+sentinel://10.0.0.999/mymaster')).toBe(
      'coordination.errors.sentinelHost',
    );
    expect(refusal('redis+sentinel://s1:0/mymaster')).toBe('coordination.errors.sentinelPort');
    expect(refusal('redis+sentinel://s1:65536/mymaster')).toBe('coordination.errors.sentinelPort');
    expect(refusal('redis+sentinel://s1:26379')).toBe('coordination.errors.sentinelName');
    expect(refusal('redis+sentinel://s1:26379/my master')).toBe('coordination.errors.sentinelName');
    expect(refusal('redis+sentinel://s1/mymaster/db1')).toBe(
      'coordination.errors.sentinelDatabase',
    );
    expect(refusal('redis+sentinel://u:secret@s1/mymaster')).toBe(
      'coordination.errors.passwordInUrl',
    );
    expect(refusal('redis+sentinel://s1/mymaster?tls=1')).toBe('coordination.errors.url');
    // A plain address is still read as before.
    expect(refusal('redis://redis.lan:6379/0')).toBeNull();
  });
});
