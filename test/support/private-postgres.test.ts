import { existsSync, statSync } from 'node:fs';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { PrivatePostgres } from './private-postgres.ts';
import { until } from './until.ts';

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};
/** pg_ctl returns once postmaster.pid is gone, a moment before the process itself ends. */
const ended = (pid: number) => until(() => !alive(pid), `process ${pid} ended`, 5_000);

describe('PrivatePostgres', () => {
  it('runs a cluster of its own on loopback with SCRAM passwords, keeps its data over a restart and ends it', async () => {
    const cluster = await PrivatePostgres.start();
    try {
      const first = cluster.pid ?? 0;
      expect(alive(first)).toBe(true);
      // Root cannot run postgres: the cluster belongs to the unprivileged postgres user.
      if (process.getuid?.() === 0) expect(statSync(cluster.dataDir).uid).not.toBe(0);
      const show = async (name: string) =>
        (await cluster.admin(`SHOW ${name}`)).rows[0]?.[name] as string;
      expect(await show('listen_addresses')).toBe('127.0.0.1');
      expect(await show('unix_socket_directories')).toBe(cluster.dir);
      expect(await show('password_encryption')).toBe('scram-sha-256');

      const url = await cluster.createDatabase('kept');
      const wrong = new pg.Client({
        connectionString: cluster.url('kept', { user: cluster.user, password: 'wrong' }),
      });
      await expect(wrong.connect()).rejects.toMatchObject({ code: '28P01' });
      await cluster.admin('CREATE TABLE t (n int); INSERT INTO t VALUES (7)', 'kept');

      await cluster.halt();
      expect(cluster.pid).toBeNull();
      await ended(first);
      const refused = new pg.Client({ connectionString: url });
      await expect(refused.connect()).rejects.toMatchObject({ code: 'ECONNREFUSED' });

      await cluster.restart();
      expect(cluster.pid).not.toBe(first);
      expect((await cluster.admin('SELECT n FROM t', 'kept')).rows).toEqual([{ n: 7 }]);
      const second = cluster.pid ?? 0;
      await cluster.stop();
      await ended(second);
      expect(existsSync(cluster.dir)).toBe(false);
    } finally {
      await cluster.stop();
    }
  });
});
