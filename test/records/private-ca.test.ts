import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '../outbox/helpers.ts';
import { PrivatePostgres } from '../support/private-postgres.ts';
import { until } from '../support/until.ts';
import { closeStation, ORDERS, packOrder, startStation, type TestStation } from './stations.ts';

// TLS with a private certificate authority (issue #40): a warehouse's PostgreSQL whose
// certificate an in-house CA signed, made here with openssl. The station, given that CA in
// Settings → Pack records, connects and checks the server against it (verify-full: the CA and
// the address 127.0.0.1); given another CA, it refuses the server in a sentence and packing goes
// on; and a name the certificate does not carry is refused as well.

const certs = tempDir('packbench-records-ca-');
let cluster: PrivatePostgres;
let station: TestStation;
let url: string;
let caPem: string;
let strangerPem: string;

const openssl = (...args: string[]) =>
  execFileSync('openssl', args, { cwd: certs.path, stdio: ['ignore', 'ignore', 'pipe'] });

/** A CA (key and self-signed certificate) named `name`. */
function makeCa(name: string): string {
  openssl(
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-days',
    '2',
    '-subj',
    `/CN=${name}`,
    '-keyout',
    `${name}.key`,
    '-out',
    `${name}.crt`,
  );
  return readFileSync(join(certs.path, `${name}.crt`), 'utf8');
}

beforeAll(async () => {
  caPem = makeCa('warehouse-ca');
  strangerPem = makeCa('stranger-ca');
  // The server's key and a certificate for 127.0.0.1, signed by the warehouse's CA.
  writeFileSync(join(certs.path, 'san.ext'), 'subjectAltName = IP:127.0.0.1\n');
  openssl(
    'req',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-subj',
    '/CN=127.0.0.1',
    '-keyout',
    'server.key',
    '-out',
    'server.csr',
  );
  openssl(
    'x509',
    '-req',
    '-in',
    'server.csr',
    '-CA',
    'warehouse-ca.crt',
    '-CAkey',
    'warehouse-ca.key',
    '-CAcreateserial',
    '-days',
    '2',
    '-extfile',
    'san.ext',
    '-out',
    'server.crt',
  );
  const tls = {
    certPem: readFileSync(join(certs.path, 'server.crt'), 'utf8'),
    keyPem: readFileSync(join(certs.path, 'server.key'), 'utf8'),
  };
  [cluster, station] = await Promise.all([PrivatePostgres.start({ tls }), startStation()]);
  await cluster.createDatabase('records');
  url = cluster.url('records').replace(/\/\/[^@]*@/, `//${cluster.user}@`);
}, 60_000);

afterAll(async () => {
  await closeStation(station);
  await cluster?.stop();
  certs.remove();
});

describe('PostgreSQL over TLS with a private certificate authority', () => {
  it('refuses a server its CA did not sign, in a sentence, and packing goes on', async () => {
    const tested = await station.call('testRecords', {
      url,
      ca: strangerPem,
      password: cluster.password,
    });
    expect(tested).toMatchObject({ ok: false, error: { messageKey: 'records.error.tls' } });
    // A pack waits to be sent; the station is told the stranger's CA.
    const pack = await packOrder(station, ORDERS.plain);
    expect(pack.status).toBe('finished');
    await station.call('saveRecords', { url, ca: strangerPem, password: cluster.password });
    await until(
      () => station.core.status().records.error?.messageKey === 'records.error.tls',
      'the TLS refusal in the status',
      20_000,
    );
    expect(station.core.status().records.pending).toBe(1);
    // Packing goes on meanwhile.
    expect((await packOrder(station, ORDERS.gift)).status).toBe('finished');
  }, 60_000);

  it('connects with the warehouse CA, checks the server, and sends what was packed', async () => {
    const tested = await station.call('testRecords', {
      url,
      ca: caPem,
      password: cluster.password,
    });
    expect(tested).toMatchObject({ ok: true });
    await station.call('saveRecords', { url, ca: caPem, password: cluster.password });
    await until(
      () => station.core.status().records.phase === 'upToDate',
      'the pack sent over TLS',
      20_000,
    );
    const answer = await station.call('recall', { by: 'order', value: ORDERS.plain.id });
    expect(answer.source).toBe('postgres');
    expect(
      (await station.call('recall', { by: 'order', value: ORDERS.gift.id })).rows.length,
    ).toBeGreaterThan(0);
    expect(answer.rows.length).toBeGreaterThan(0);
    // verify-full: the same CA for a name the certificate does not carry is refused too.
    const renamed = await station.call('testRecords', {
      url: url.replace('127.0.0.1', 'localhost'),
      ca: caPem,
      password: cluster.password,
    });
    expect(renamed).toMatchObject({ ok: false, error: { messageKey: 'records.error.tls' } });
  }, 60_000);
});
