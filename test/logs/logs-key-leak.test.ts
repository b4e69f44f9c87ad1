import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStationCore, type StationCore } from '../../src/main/core/station-core.ts';
import { memoryKeychain, tempDir, useTestProfile } from '../outbox/helpers.ts';
import { startHostileApi, type HostileApi, type HostileMode } from '../security/hostile-api.ts';
import { HOSTILE_KEY, keyForms } from '../security/key-forms.ts';
import { OPERATIONS, outcome } from '../security/operations.ts';
import { until } from '../support/until.ts';

// The hostile-server scenarios of test/security, through the real StationCore, with the logs as
// the place under test: whatever the server echoes (the key plain, URL-encoded, base64, hex, as
// a request id, as a property name), no line of <data>/logs holds any form of it, and no line
// holds a body.

const MODES: HostileMode[] = [
  'error:400',
  'error:401',
  'error:403',
  'error:404',
  'error:409',
  'error:422',
  'error:500',
  'error:503',
  'text-error:502',
  'wrong-shape',
  'not-json',
  'extra-fields',
  'same-origin:2',
  'garbage',
  'reset',
];

let hostile: HostileApi;
let core: StationCore;
let profileId: string;
let dataDir: string;
let removeDir: () => void;

beforeAll(async () => {
  hostile = await startHostileApi(HOSTILE_KEY, 'extra-fields');
  const dir = tempDir('packbench-logs-hostile-');
  dataDir = dir.path;
  removeDir = dir.remove;
  core = await createStationCore({
    dataDir,
    keychain: memoryKeychain(),
    budget: { limit: 100_000 },
    health: { intervalMs: 60_000, retryMs: 100 },
    outbox: { backoffBaseMs: 50, backoffCapMs: 200 },
    timeoutMs: 5_000,
  });
  profileId = (await useTestProfile(core, hostile.url, HOSTILE_KEY)).id;
});
afterAll(async () => {
  await core.close();
  await hostile.close();
  removeDir();
});

interface Line {
  event: string;
  [field: string]: unknown;
}
const logText = () =>
  readdirSync(join(dataDir, 'logs'))
    .filter((name) => name.startsWith('station'))
    .map((name) => readFileSync(join(dataDir, 'logs', name), 'utf8'))
    .join('');
const logLines = (): Line[] =>
  logText()
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Line);

const requestLines = () => logLines().filter((line) => line.event === 'api.request');

describe('the station log under a hostile server', () => {
  it.each(MODES)(
    '%s: every request logged, no form of the key, no body',
    async (mode) => {
      hostile.mode = mode;
      // Lines already written (the embedded sandbox's requests at start count too) and requests seen.
      const logged = requestLines().length;
      const seen = hostile.seen.length;
      const api = await core.api();
      // A read, a list, a submission with a body and an upload: each way a request is made.
      for (const name of ['getOrder', 'createProduct', 'uploadInvoice'])
        await outcome(async () => OPERATIONS[name]?.(api));
      // The server's own count is the judge: each request it saw is one line (a broken answer
      // may also be an attempt the server never finished reading, so there it is at least).
      const written = () => requestLines().length - logged;
      const received = () => hostile.seen.length - seen;
      if (mode === 'garbage' || mode === 'reset')
        expect(written()).toBeGreaterThanOrEqual(received());
      else await until(() => written() === received(), `as many lines as requests (${mode})`);

      const text = logText();
      const leaks = keyForms(HOSTILE_KEY).filter((form) => text.includes(form));
      expect(leaks).toEqual([]);
      // The server's echo words and bodies never reach a line.
      for (const word of ['plain=', 'b64=', 'proxy login', 'Rejected', 'Hostile', 'SKU-1 '])
        expect(text).not.toContain(word);
      for (const line of requestLines()) {
        expect(Object.keys(line)).toEqual(
          expect.arrayContaining(['method', 'path', 'status', 'ms', 'requestId']),
        );
        expect(Object.keys(line).filter((k) => /body|header|key|url/i.test(k))).toEqual([]);
        expect(String(line['path'])).not.toContain('?');
      }
    },
    90_000,
  );

  it('a job delivered and a job refused: their state changes are lines, still no key', async () => {
    hostile.mode = 'extra-fields';
    await core.setKey(profileId, HOSTILE_KEY);
    await core.testConnection();
    const answered = async (mode: HostileMode, sku: string) => {
      hostile.mode = mode;
      const submitted = core.work.submit({
        kind: 'product.create',
        payload: { product: { sku, name: 'n' } },
      });
      expect(submitted.status).not.toBe('needs_confirmation');
      if (submitted.status === 'needs_confirmation') return;
      const id = submitted.job.id;
      await until(() => {
        const job = core.outbox.store.get(id);
        return job.attempts > 0 && job.state !== 'sending' && job.state !== 'queued';
      }, `the answer to ${id}`);
    };
    await answered('extra-fields', 'L-DONE');
    await answered('error:422', 'L-REFUSED');
    const lines = logLines();
    const jobs = lines.filter((line) => line.event === 'job.state');
    expect(jobs.map((line) => line.state)).toEqual(expect.arrayContaining(['done', 'failed']));
    expect(jobs.every((line) => line.profile === profileId)).toBe(true);
    expect(lines.some((line) => line.event === 'health.state')).toBe(true);
    // The request ids the server sent (req-<key>) are there, masked.
    expect(requestLines().some((line) => String(line.requestId).startsWith('req-••••'))).toBe(true);
    expect(keyForms(HOSTILE_KEY).filter((form) => logText().includes(form))).toEqual([]);
    expect(core.log.dropped).toBe(0);
  });
});
