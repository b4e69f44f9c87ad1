import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import type * as StandIn from '../../test/support/electron-stand-in.ts';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { memoryKeychain, tempDir } from '../../test/outbox/helpers.ts';
import type * as DataDir from './platform/data-dir.ts';
import type * as StationCoreModule from './core/station-core.ts';
import { createStationCore } from './core/station-core.ts';

// The Electron glue's start, stop and refusal paths, each on a fresh import of index.ts against
// the stand-in `electron` module (see test/support/electron-stand-in.ts).

vi.mock('electron', async () => (await import('../../test/support/electron-stand-in.ts')).electron);
vi.mock('./platform/keychain.ts', async () => {
  const { memoryKeychain } = await import('../../test/outbox/helpers.ts');
  return { NativeKeychain: memoryKeychain };
});

type Stand = typeof StandIn.stand;
const scratch = tempDir('packbench-glue-start-');
let running: Stand | null = null;

afterEach(async () => {
  await running?.emit('will-quit');
  running = null;
  delete process.env['ELECTRON_RENDERER_URL'];
});
afterAll(() => scratch.remove());

/** Imports the glue afresh with the given stand-in settings and lets Electron become ready. */
async function launch(settings: Partial<Stand>): Promise<Stand> {
  vi.resetModules();
  const { resetStand } = await import('../../test/support/electron-stand-in.ts');
  const stand = Object.assign(resetStand(), settings);
  running = stand;
  await import('./index.ts');
  stand.ready();
  await vi.waitFor(
    () => expect(stand.windows.length + stand.exitCodes.length + stand.quits).toBeGreaterThan(0),
    { timeout: 10_000 },
  );
  return stand;
}

const hashOf = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');

async function usedDataDir(name: string): Promise<string> {
  const dir = join(scratch.path, name);
  const core = await createStationCore({ dataDir: dir, keychain: memoryKeychain() });
  await core.close();
  return dir;
}

describe('a start that fails', () => {
  it("IT's policy broken: the dialog names the file, line, column and rule; exit 1, no window", async () => {
    const dataDir = await usedDataDir('policy');
    const policy = join(scratch.path, 'policy.json');
    writeFileSync(policy, '{\n  "language": { "value": "fr", "locked": true }\n}\n');
    process.env['PACKBENCH_POLICY'] = policy;
    try {
      const stand = await launch({ dataDir, languages: ['es-ES'] });
      await vi.waitFor(() => expect(stand.exitCodes).toEqual([1]));
      expect(stand.errorBoxes).toHaveLength(1);
      const content = stand.errorBoxes[0]?.content ?? '';
      expect(content).toContain(`La política de TI ${policy} no es válida`);
      expect(content).toContain('Línea 2, columna 26 (/language/value): is en, pt-BR or es.');
      expect(stand.windows).toEqual([]);
    } finally {
      delete process.env['PACKBENCH_POLICY'];
    }
  });

  it('an outbox from a newer Packbench: one dialog in the system language naming the cause, a log, exit 1, no window', async () => {
    const dataDir = await usedDataDir('newer');
    const outbox = join(dataDir, 'outbox.sqlite');
    const db = new DatabaseSync(outbox);
    db.exec('PRAGMA user_version = 97');
    db.close();
    const before = hashOf(outbox);

    const stand = await launch({ dataDir, languages: ['pt-BR', 'en-US'] });
    await vi.waitFor(() => expect(stand.exitCodes).toEqual([1]));
    expect(stand.errorBoxes).toHaveLength(1);
    const [box] = stand.errorBoxes;
    expect(box?.title).toBe('O Packbench não pôde iniciar');
    expect(box?.content).toContain(`A fila de envio em ${dataDir} foi gravada por um Packbench`);
    expect(box?.content).toContain('versão de dados 97');
    const log = join(dataDir, 'logs', 'startup.log');
    expect(box?.content).toContain(log);
    expect(readFileSync(log, 'utf8')).toMatch(/start failed \(newer_schema\)/);
    expect(stand.windows).toEqual([]);
    expect(stand.handlers.size).toBe(0);
    expect(hashOf(outbox)).toBe(before);
    expect(existsSync(`${outbox}-wal`)).toBe(false);
  });

  it('a failure after the outbox opened (damaged sandbox data): the cause in words, the outbox closed again and unchanged', async () => {
    const dataDir = await usedDataDir('damaged-sandbox');
    const outbox = join(dataDir, 'outbox.sqlite');
    // Rows the outbox's housekeeping would change on a start that goes through: an audit row
    // past its retention and a job caught mid-send.
    const db = new DatabaseSync(outbox);
    db.exec(
      `INSERT INTO audit (at, event, message_key, message) VALUES (1, 'old', 'outbox.done', 'old');
       INSERT INTO jobs (id, profile_id, kind, sequence_key, idempotency_key, payload, state,
         next_attempt_at, created_at, updated_at)
       VALUES ('j1', 'sandbox', 'inbound.delete', 'inbound:7', 'k1', '{"id":"7"}', 'sending', 1, 1, 1);`,
    );
    db.close();
    const before = hashOf(outbox);
    writeFileSync(join(dataDir, 'sandbox.json'), 'not json at all');

    const stand = await launch({ dataDir, languages: ['es-MX'] });
    await vi.waitFor(() => expect(stand.exitCodes).toEqual([1]));
    const [box] = stand.errorBoxes;
    expect(box?.title).toBe('Packbench no pudo iniciarse');
    expect(box?.content).toMatch(
      new RegExp(
        `Packbench no pudo abrir sus datos en ${dataDir}: --data .*sandbox\\.json: not valid JSON`,
      ),
    );
    expect(stand.windows).toEqual([]);
    // A closed SQLite database checkpoints and removes its WAL: nothing holds the outbox.
    expect(existsSync(`${outbox}-wal`)).toBe(false);
    expect(hashOf(outbox)).toBe(before);
  });
});

describe('a data folder that cannot be written', () => {
  it('is reported by the dialog, not taken for a second instance (Chromium keeps its lock there)', async () => {
    const dataDir = join(scratch.path, 'read-only', 'Packbench');
    vi.doMock('./platform/data-dir.ts', async (importOriginal) => {
      const real = await importOriginal<typeof DataDir>();
      return {
        ...real,
        checkDataDir: (dir: string) => {
          throw new real.DataDirError('read_only', dir, 'EROFS');
        },
      };
    });
    try {
      // What Chromium answers when it cannot create its lock file in a read-only folder.
      const stand = await launch({ dataDir, singleInstance: false });
      await vi.waitFor(() => expect(stand.exitCodes).toEqual([1]));
      expect(stand.quits).toBe(0);
      expect(stand.errorBoxes).toHaveLength(1);
      expect(stand.errorBoxes[0]?.content).toContain(
        `The folder ${dataDir} is read-only, so Packbench cannot keep its outbox there.`,
      );
      expect(stand.windows).toEqual([]);
    } finally {
      vi.doUnmock('./platform/data-dir.ts');
    }
  });
});

describe('one instance per data directory', () => {
  it('a second launch quits before touching anything', async () => {
    const dataDir = join(scratch.path, 'second');
    // Touching anything starts with the core: a start would call this the moment Electron is
    // ready, before launch() returns (its ready callback runs ahead of launch's own wait).
    const cores = vi.fn();
    vi.doMock('./core/station-core.ts', async (importOriginal) => {
      const real = await importOriginal<typeof StationCoreModule>();
      return {
        ...real,
        createStationCore: (...args: Parameters<typeof real.createStationCore>) => {
          cores();
          return real.createStationCore(...args);
        },
      };
    });
    try {
      const stand = await launch({ dataDir, singleInstance: false });
      await stand.whenReady;
      expect(stand.quits).toBe(1);
      expect(cores).not.toHaveBeenCalled();
      expect(stand.windows).toEqual([]);
      expect(stand.handlers.size).toBe(0);
      expect(existsSync(dataDir)).toBe(false);
    } finally {
      vi.doUnmock('./core/station-core.ts');
    }
  });

  it('the first instance, told of a second launch, brings its window back', async () => {
    const stand = await launch({ dataDir: join(scratch.path, 'first') });
    const [win] = stand.windows;
    if (!win) throw new Error('no window');
    win.minimized = true;
    await stand.emit('second-instance', {}, ['packbench'], '/');
    expect(win).toMatchObject({ minimized: false, restored: 1, shown: 1, focused: 1 });
    expect(stand.windows).toHaveLength(1);
  });

  it('a second launch while the first is still starting opens no extra window', async () => {
    vi.resetModules();
    const { resetStand } = await import('../../test/support/electron-stand-in.ts');
    const stand = Object.assign(resetStand(), { dataDir: join(scratch.path, 'starting') });
    running = stand;
    await import('./index.ts');
    stand.ready();
    await stand.emit('second-instance', {}, ['packbench'], '/'); // before the core is up
    // Until the start has ended: registering 'activate' is its last step, after its window.
    await vi.waitFor(() => expect(stand.appListeners.has('activate')).toBe(true), {
      timeout: 10_000,
    });
    expect(stand.windows).toHaveLength(1);
  });
});

describe('the dev server address', () => {
  it('is ignored by a packaged app', async () => {
    process.env['ELECTRON_RENDERER_URL'] = 'http://127.0.0.1:5173/';
    const stand = await launch({ dataDir: join(scratch.path, 'packaged'), packaged: true });
    expect(stand.windows[0]?.loadedUrl).toBe('app://packbench/index.html');
  });

  it('is used only while developing (not packaged)', async () => {
    process.env['ELECTRON_RENDERER_URL'] = 'http://127.0.0.1:5173/';
    const stand = await launch({ dataDir: join(scratch.path, 'dev'), packaged: false });
    expect(stand.windows[0]?.loadedUrl).toBe('http://127.0.0.1:5173/');
  });
});
