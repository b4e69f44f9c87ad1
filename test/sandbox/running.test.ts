import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseSandboxArgs } from '../../src/sandbox/cli.ts';
import { startSandbox } from '../../src/sandbox/index.ts';
import { ACME, call, errorOf, withSandbox } from './helpers.ts';

const scratch = mkdtempSync(join(tmpdir(), 'packbench-sandbox-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('--data persistence', () => {
  it('keeps state and receipts across restarts, written atomically', async () => {
    const dataFile = join(scratch, 'state.json');
    const first = await withSandbox({ dataFile });
    expect(
      (await call(first, 'POST', '/products', { json: { sku: 'KEEP-1', name: 'Persistido' } }))
        .status,
    ).toBe(201);
    await first.close();
    expect(JSON.parse(readFileSync(dataFile, 'utf8'))).toMatchObject({ version: 1 });
    expect(readdirSync(scratch).filter((name) => name.endsWith('.tmp'))).toEqual([]);

    const second = await withSandbox({ dataFile });
    expect((await call(second, 'GET', '/products/KEEP-1')).body).toMatchObject({
      name: 'Persistido',
    });
    expect(second.receipts('acme')).toEqual([
      expect.objectContaining({ kind: 'product.create', ref: 'KEEP-1' }),
    ]);
    await second.close();
  });

  it('refuses a file that is not a sandbox state, with a clear message, and leaves it alone', async () => {
    const broken = join(scratch, 'broken.json');
    writeFileSync(broken, '{ not json');
    await expect(startSandbox({ port: 0, dataFile: broken })).rejects.toThrow(
      /--data .*not valid JSON/,
    );
    const other = join(scratch, 'other.json');
    writeFileSync(other, '{"hello": "world"}');
    await expect(startSandbox({ port: 0, dataFile: other })).rejects.toThrow(
      /not a Packbench sandbox state file/,
    );
    expect(readFileSync(other, 'utf8')).toBe('{"hello": "world"}');
  });

  it('reseeds in memory without --data', async () => {
    const a = await withSandbox();
    await call(a, 'POST', '/products', { json: { sku: 'GONE-1', name: 'Temporário' } });
    await a.close();
    const b = await withSandbox();
    expect((await call(b, 'GET', '/products/GONE-1')).status).toBe(404);
    await b.close();
  });
});

describe('chaos and latency', () => {
  /** A `random` that replays the given values, then always 0.99 (no failure). */
  const replay =
    (...values: number[]) =>
    () =>
      values.shift() ?? 0.99;

  it('--fail-rate answers 503 or drops the connection, before or after doing the work', async () => {
    const sandbox = await withSandbox({
      failRate: 0.5,
      random: replay(0.1, 0.2, 0.1, 0.7, 0.1, 0.1, 0.7, 0.7),
    });
    const outage = await call(sandbox, 'GET', '/health-check');
    expect(outage.status).toBe(503);
    expect(errorOf(outage).code).toBe('service_unavailable');

    await expect(
      call(sandbox, 'POST', '/products', { json: { sku: 'DROP-1', name: 'never' } }),
    ).rejects.toThrow();
    await expect(
      call(sandbox, 'POST', '/products', { json: { sku: 'DROP-2', name: 'done, unseen' } }),
    ).rejects.toThrow();
    expect((await call(sandbox, 'GET', '/products/DROP-1')).status).toBe(404);
    expect((await call(sandbox, 'GET', '/products/DROP-2')).status).toBe(200);
    expect(sandbox.receipts().map((r) => r.ref)).toEqual(['DROP-2']);
    await sandbox.close();
  });

  it('--latency-ms delays every answer', async () => {
    const sandbox = await withSandbox({ latencyMs: 150 });
    const started = performance.now();
    await call(sandbox, 'GET', '/health-check');
    expect(performance.now() - started).toBeGreaterThanOrEqual(140);
    await sandbox.close();
  });
});

describe('options and command line', () => {
  it('binds to loopback only', async () => {
    await expect(startSandbox({ port: 0, host: '0.0.0.0' })).rejects.toThrow(/loopback only/);
    await expect(startSandbox({ port: 0, host: '192.168.1.10' })).rejects.toThrow(/loopback only/);
  });

  it('parses every flag and explains bad ones', () => {
    expect(
      parseSandboxArgs([
        '--port',
        '0',
        '--host',
        '::1',
        '--rate-limit',
        '5',
        '--window-ms',
        '1000',
        '--latency-ms',
        '20',
        '--fail-rate',
        '0.1',
        '--data',
        'x.json',
        '--max-file-mb',
        '2',
      ]),
    ).toEqual({
      options: {
        port: 0,
        host: '::1',
        rateLimit: 5,
        windowMs: 1000,
        latencyMs: 20,
        failRate: 0.1,
        dataFile: 'x.json',
        maxFileBytes: 2 * 1024 * 1024,
      },
    });
    expect(parseSandboxArgs(['--port', 'abc'])).toEqual({
      error: '--port needs a number, got "abc"',
    });
    expect(parseSandboxArgs(['--colour', 'red'])).toEqual({
      error: expect.stringContaining('--colour'),
    });
  });

  it('npm run sandbox prints its URL and the demo keys, serves, and stops on SIGTERM', async () => {
    const child = spawn(process.execPath, ['src/sandbox/cli.ts', '--port', '0'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    try {
      let output = '';
      const url = await new Promise<string>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no URL printed: ${output}`)), 15_000);
        child.stdout.on('data', (chunk: Buffer) => {
          output += chunk.toString();
          const match = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
          if (match?.[1] && output.includes('sbx-demo-bolt')) {
            clearTimeout(timer);
            resolve(match[1]);
          }
        });
        child.on('exit', (code) => reject(new Error(`exited ${code}: ${output}`)));
      });
      expect(output).toContain('sbx-demo-acme');
      const response = await fetch(`${url}/health-check`, {
        headers: { 'X-Api-Key': ACME, 'X-Api-Version': 'v1' },
      });
      expect(response.status).toBe(200);
      const exited = new Promise<number | null>((resolve) =>
        child.on('exit', (code) => resolve(code)),
      );
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  });
});
