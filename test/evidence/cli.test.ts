import { runProcess, type ProcessRun } from '../support/run-process.ts';
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { strToU8, unzipSync, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runEvidenceCli } from '../../src/main/evidence/cli.ts';
import { ClipStore } from '../../src/main/evidence/clip-store.ts';
import { EvidenceRecorder } from '../../src/main/evidence/recorder.ts';
import { systemClock } from '../../src/main/platform/clock.ts';
import { ORDERS, packOrder, startStation, type TestStation } from '../records/stations.ts';
import { fragments, liveWebm, recording } from './webm.ts';

// `npm run -s evidence -- export | verify` as a user runs it (issue #41): a closed station's
// folder with a pack recorded on a real WebM, the bundle it exports, and the bundle changed,
// cut short or added to, each with its exit code and its sentence.

const ROOT = join(import.meta.dirname, '../..');
const NAMES = ['clip.webm', 'clip.vtt', 'record.json', 'summary.pdf'];

type Run = ProcessRun;

/** The CLI as a user starts it: npm in the project folder. */
function npm(args: string[]): Promise<Run> {
  return runProcess('npm', ['run', '-s', 'evidence', '--', ...args], { cwd: ROOT });
}

/** The same CLI in this process, for the variations a real process already proved. */
async function here(args: string[]): Promise<Run> {
  let stdout = '';
  let stderr = '';
  const code = await runEvidenceCli(args, {
    out: (text) => (stdout += text),
    err: (line) => (stderr += `${line}\n`),
    cwd: ROOT,
  });
  return { code, stdout, stderr };
}

let station: TestStation;
let packId = '';
let inUse: Run;
let dir: string;
let bundle: string;
let exported: Run;
let closed = false;

beforeAll(async () => {
  let webm: Buffer;
  [station, webm] = await Promise.all([startStation(), liveWebm(3, '320x240')]);
  dir = station.dir.path;
  bundle = join(dir, 'evidence.zip');
  const recorder = new EvidenceRecorder({
    db: station.core.outbox.database,
    clips: new ClipStore({ dir: join(dir, 'clips'), clock: systemClock }),
    clock: systemClock,
  });
  const rec = recording(station, recorder, fragments(webm, 8 * 1024));
  await packOrder(rec.station, ORDERS.plain);
  await rec.rest();
  await recorder.finish(rec.packId());
  packId = rec.packId();
  await packOrder(station, ORDERS.case); // packed without a camera
  inUse = await here(['export', ORDERS.plain.id, '--data-dir', dir, '--out', bundle]);
  // The station closes; its folder stays for --data-dir.
  await station.core.close();
  closed = true;
  exported = await npm(['export', ORDERS.plain.id, '--data-dir', dir, '--out', bundle, '--json']);
}, 45_000);

afterAll(async () => {
  if (station && !closed) await station.core.close();
  station?.dir.remove();
});

/** The bundle with `change` applied to its files, written beside it. */
function tampered(name: string, change: (files: Record<string, Uint8Array>) => void): string {
  const files = unzipSync(readFileSync(bundle));
  change(files);
  const file = join(dir, name);
  writeFileSync(file, zipSync(files));
  return file;
}

describe('npm run -s evidence -- export', () => {
  it('refuses a station that is running, in a sentence', () => {
    expect(inUse.code).toBe(1);
    expect(inUse.stderr).toBe(
      `The station in ${dir} is running: export from its window, or close it first.\n`,
    );
  });

  it("writes the order's bundle and notes its manifest's SHA-256 in the pack record", () => {
    expect(exported.stderr).toBe('');
    expect(exported.code).toBe(0);
    const answer = JSON.parse(exported.stdout);
    expect(Object.keys(answer)).toEqual([
      'order',
      'packId',
      'file',
      'bytes',
      'manifestSha256',
      'files',
    ]);
    expect(answer).toMatchObject({ order: ORDERS.plain.id, packId, file: bundle });
    const files = unzipSync(readFileSync(bundle));
    expect(Object.keys(files).sort()).toEqual([...NAMES, 'manifest.json'].sort());
    const manifest = JSON.parse(new TextDecoder().decode(files['manifest.json']));
    expect(manifest).toEqual({ order: ORDERS.plain.id, packId, files: answer.files });
    for (const entry of manifest.files) {
      const bytes = files[entry.name] ?? new Uint8Array();
      expect(entry).toEqual({
        name: entry.name,
        bytes: bytes.length,
        sha256: createHash('sha256').update(bytes).digest('hex'),
      });
    }
    const sha = createHash('sha256')
      .update(files['manifest.json'] ?? '')
      .digest('hex');
    expect(answer.manifestSha256).toBe(sha);

    // The record keeps the manifest's hash; the record in the bundle keeps the clip's.
    const db = new DatabaseSync(join(dir, 'outbox.sqlite'), { readOnly: true });
    const rows = db
      .prepare(
        `SELECT kind, data FROM pack_events WHERE pack_id = ? AND kind IN ('clip', 'evidence')`,
      )
      .all(packId);
    db.close();
    const evidence = rows.find((r) => r['kind'] === 'evidence');
    expect(JSON.parse(String(evidence?.['data'])).manifestSha256).toBe(sha);
    const clipRow = JSON.parse(String(rows.find((r) => r['kind'] === 'clip')?.['data']));
    const clip = manifest.files.find((f: { name: string }) => f.name === 'clip.webm');
    expect({ bytes: clipRow.bytes, sha256: clipRow.sha256 }).toEqual({
      bytes: clip.bytes,
      sha256: clip.sha256,
    });
    const record = JSON.parse(new TextDecoder().decode(files['record.json']));
    expect(record.pack.id).toBe(packId);
    expect(record.clips[0].sha256).toBe(clip.sha256);

    // The cues are the record's scans; the PDF is a PDF a person reads the order and hash in.
    const vtt = new TextDecoder().decode(files['clip.vtt']);
    expect(vtt.startsWith('WEBVTT')).toBe(true);
    expect(vtt.match(/^unit-\d+$/gm)).toHaveLength(record.pack.units.length);
    const text = spawnSync('pdftotext', ['-', '-'], { input: files['summary.pdf'] });
    expect(text.status).toBe(0);
    const words = text.stdout.toString().replace(/\s+/g, '');
    expect(words).toContain(ORDERS.plain.id);
    expect(words).toContain(clip.sha256);
  });

  it('says why in one sentence when there is nothing to export', async () => {
    expect(await here(['export', ORDERS.case.id, '--data-dir', dir, '--out', bundle])).toEqual({
      code: 1,
      stdout: '',
      stderr: `The pack of order ${ORDERS.case.id} has no clip.\n`,
    });
    expect(await here(['export', 'NO-SUCH', '--data-dir', dir, '--out', bundle])).toMatchObject({
      code: 1,
      stderr: `Order NO-SUCH has no finished pack in ${dir}.\n`,
    });
  });
});

describe('npm run -s evidence -- verify', () => {
  it('answers 0 for the bundle as exported', async () => {
    const result = await npm(['verify', bundle, '--json']);
    expect(result.code).toBe(0);
    expect(result.stderr).toBe('');
    expect(JSON.parse(result.stdout)).toEqual({
      ok: true,
      problems: [],
      manifestSha256: JSON.parse(exported.stdout).manifestSha256,
    });
  });

  it('answers 1 for a changed file, naming it', async () => {
    const file = tampered('changed.zip', (files) => {
      files['clip.vtt'] = strToU8('WEBVTT\n\n');
    });
    const result = await npm(['verify', file]);
    expect(result).toEqual({
      code: 1,
      stdout: '',
      stderr: `clip.vtt in ${file} is not the file the manifest lists: it was changed.\n`,
    });
  });

  it('answers 1 for a missing file, naming it', async () => {
    const file = tampered('missing.zip', (files) => delete files['record.json']);
    const result = await npm(['verify', file, '--json']);
    expect(result.code).toBe(1);
    expect(JSON.parse(result.stdout)).toMatchObject({
      ok: false,
      problems: [{ file: 'record.json', problem: 'missing' }],
    });
    expect(result.stderr).toBe(`record.json is missing from ${file}.\n`);
  });

  it('answers 1 for an added file, naming it', async () => {
    const file = tampered('added.zip', (files) => {
      files['note.txt'] = strToU8('the box was fine');
    });
    const result = await npm(['verify', file]);
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(`note.txt was added to ${file}: the manifest does not list it.\n`);
  });

  it('answers 2 for bad usage and for a file that is no ZIP', async () => {
    const usage = await npm(['verify']);
    expect(usage.code).toBe(2);
    expect(usage.stderr.split('\n')[0]).toBe('Name exactly one ZIP to verify.');
    const notZip = join(dir, 'not.zip');
    writeFileSync(notZip, 'PK but not really a zip');
    const refused = await npm(['verify', notZip]);
    expect(refused).toMatchObject({ code: 2, stderr: `${notZip} is not a ZIP file.\n` });
    expect((await here(['export', ORDERS.plain.id, '--out', bundle])).code).toBe(2);
    expect((await here(['shred', bundle])).stderr.split('\n')[0]).toBe(
      'Unknown command "shred": use export or verify.',
    );
  });
});
