import { createHash } from 'node:crypto';
import { open, rename, rm, stat, type FileHandle } from 'node:fs/promises';
import { basename, join } from 'node:path';
import type { DatabaseSync } from 'node:sqlite';
import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';
import type { MessageKey } from '../../shared/i18n/message-key.ts';
import type { CatalogueLanguage } from '../../shared/i18n/translate.ts';
import { exportPack } from '../pack/pack-export.ts';
import { PackStore } from '../pack/pack-store.ts';
import type { Clock } from '../platform/clock.ts';
import { messageOf } from '../platform/guards.ts';
import { appendProofEvent, deletedFiles, proofEvents, type ClipEvent } from './clip-events.ts';
import { nodeClipFs, type ClipFs } from './clip-fs.ts';
import { cuesOf, webVtt } from './cues.ts';
import { summaryPdf } from './summary-pdf.ts';

// An evidence bundle (issue #41): one ZIP with the pack's clip(s), their cues (.vtt), the pack's
// record as JSON, a PDF summary for a person and manifest.json — {"order", "packId", "files":
// [{"name", "bytes", "sha256"}]} — listing every other file. The manifest's own SHA-256 goes
// into the pack's record (an `evidence` event), so a recipient can tell that nothing in the
// bundle was changed, added or left out (verify.ts). The clip is streamed from its file into
// the ZIP (never whole in memory) and must still hash as its record says, or nothing is written.

export interface ManifestFile {
  name: string;
  bytes: number;
  sha256: string;
}

export interface Manifest {
  order: string;
  packId: string;
  files: ManifestFile[];
}

export interface EvidenceSentence {
  messageKey: MessageKey;
  params: Record<string, string>;
}

/** Why no bundle was written, as one sentence. */
export class EvidenceError extends Error {
  readonly sentence: EvidenceSentence;
  constructor(sentence: EvidenceSentence, cause?: unknown) {
    super(sentence.messageKey, cause === undefined ? undefined : { cause });
    this.name = 'EvidenceError';
    this.sentence = sentence;
  }
}

export interface ExportEvidenceOptions {
  /** The outbox's database: the core's own connection, or a closed station's file. */
  db: DatabaseSync;
  packId: string;
  /** The ZIP to write (written beside as `.part`, then renamed). */
  out: string;
  clock: Clock;
  lang?: CatalogueLanguage;
  /** Folders to look in when a clip is not at its recorded path (a data folder moved). */
  clipDirs?: readonly string[];
  fs?: ClipFs;
}

export interface ExportEvidenceResult {
  file: string;
  bytes: number;
  manifest: Manifest;
  manifestSha256: string;
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const text = (value: string) => new TextEncoder().encode(value);

/** The ZIP's output, written to its file as fflate hands it over. */
class ZipOut {
  private readonly chunks: Uint8Array[] = [];
  private failure: Error | null = null;
  private readonly handle: FileHandle;
  readonly zip: Zip;

  constructor(handle: FileHandle) {
    this.handle = handle;
    this.zip = new Zip((error, chunk) => {
      if (error) this.failure = error;
      else this.chunks.push(chunk);
    });
  }

  async flush(): Promise<void> {
    if (this.failure) throw this.failure;
    while (this.chunks.length > 0) {
      const chunk = this.chunks.shift();
      if (chunk) await this.handle.write(chunk);
    }
  }

  /** Adds one file from its bytes; returns what the manifest says of it. */
  async add(name: string, bytes: Uint8Array, mtime: Date): Promise<ManifestFile> {
    const entry = new ZipDeflate(name, { level: 6 });
    entry.mtime = mtime;
    this.zip.add(entry);
    entry.push(bytes, true);
    await this.flush();
    return { name, bytes: bytes.length, sha256: sha256(bytes) };
  }

  /** Adds one file from pieces (a clip), stored as it is: video does not compress. */
  async addPieces(
    name: string,
    pieces: AsyncIterable<Uint8Array>,
    mtime: Date,
  ): Promise<ManifestFile> {
    const entry = new ZipPassThrough(name);
    entry.mtime = mtime;
    this.zip.add(entry);
    const hash = createHash('sha256');
    let bytes = 0;
    for await (const piece of pieces) {
      hash.update(piece);
      bytes += piece.length;
      entry.push(piece, false);
      await this.flush();
    }
    entry.push(new Uint8Array(0), true);
    await this.flush();
    return { name, bytes, sha256: hash.digest('hex') };
  }
}

/** The newest finished pack of an order in this database; null when it has none. */
export function finishedPackOf(db: DatabaseSync, orderId: string): string | null {
  const row = db
    .prepare(
      `SELECT id FROM packs WHERE order_id = ? AND status IN ('finished', 'short')
         AND finished_at IS NOT NULL ORDER BY finished_at DESC, id DESC LIMIT 1`,
    )
    .get(orderId);
  return typeof row?.['id'] === 'string' ? row['id'] : null;
}

function locate(clip: ClipEvent, deleted: Set<string>, fs: ClipFs, dirs: readonly string[]) {
  if (deleted.has(clip.file)) return null;
  for (const candidate of [clip.file, ...dirs.map((dir) => join(dir, basename(clip.file)))])
    if (fs.exists(candidate)) return candidate;
  return null;
}

export async function exportEvidence(
  options: ExportEvidenceOptions,
): Promise<ExportEvidenceResult> {
  const { db, packId, out } = options;
  const fs = options.fs ?? nodeClipFs;
  const lang = options.lang ?? 'en';
  const store = new PackStore(db);
  const pack = store.get(packId);
  const record = exportPack(store, packId);
  if (!pack || !record || pack.finishedAt === null)
    throw new EvidenceError({
      messageKey: 'evidence.cli.noPack',
      params: { order: pack?.orderId ?? packId, dir: '' },
    });
  const order = pack.orderId;
  const proof = proofEvents(db, packId);
  const clips = proof.filter((e): e is ClipEvent => e.kind === 'clip');
  if (clips.length === 0)
    throw new EvidenceError({ messageKey: 'evidence.cli.noClip', params: { order } });
  const deleted = deletedFiles(proof);
  const paths = clips.map((clip) => {
    const path = locate(clip, deleted, fs, options.clipDirs ?? []);
    if (!path)
      throw new EvidenceError({
        messageKey: 'evidence.cli.clipMissing',
        params: { order, file: basename(clip.file) },
      });
    return path;
  });
  const events = store.events(packId);
  const mtime = new Date(pack.finishedAt);
  const names = clips.map((_, i) => (clips.length === 1 ? 'clip' : `clip-${i + 1}`));
  const part = `${out}.part`;
  let handle: FileHandle;
  try {
    handle = await open(part, 'w');
  } catch (error) {
    throw new EvidenceError(
      { messageKey: 'evidence.cli.cannotWrite', params: { file: out, message: messageOf(error) } },
      error,
    );
  }
  const files: ManifestFile[] = [];
  let manifestBytes: Uint8Array;
  try {
    const zip = new ZipOut(handle);
    for (const [i, clip] of clips.entries()) {
      const name = `${names[i]}.webm`;
      const entry = await zip.addPieces(name, fs.readPieces(paths[i] ?? clip.file), mtime);
      if (entry.sha256 !== clip.sha256 || entry.bytes !== clip.bytes)
        throw new EvidenceError({
          messageKey: 'evidence.cli.clipChanged',
          params: { order, file: basename(clip.file) },
        });
      files.push(entry);
      const cues = cuesOf(pack, events, clip, lang);
      files.push(await zip.add(`${names[i]}.vtt`, text(webVtt(pack, cues)), mtime));
    }
    const json = { pack: record, events, clips };
    files.push(await zip.add('record.json', text(`${JSON.stringify(json, null, 2)}\n`), mtime));
    const pdf = await summaryPdf({
      record,
      clips,
      files: [...files],
      clipNames: names.map((name) => `${name}.webm`),
      lang,
      at: pack.finishedAt,
    });
    files.push(await zip.add('summary.pdf', pdf, mtime));
    const manifest: Manifest = { order, packId, files };
    manifestBytes = text(`${JSON.stringify(manifest, null, 2)}\n`);
    await zip.add('manifest.json', manifestBytes, mtime);
    zip.zip.end();
    await zip.flush();
    await handle.sync();
    await handle.close();
    await rename(part, out);
  } catch (error) {
    await handle.close().catch(() => undefined);
    await rm(part, { force: true });
    if (error instanceof EvidenceError) throw error;
    throw new EvidenceError(
      { messageKey: 'evidence.cli.cannotWrite', params: { file: out, message: messageOf(error) } },
      error,
    );
  }
  const manifestSha256 = sha256(manifestBytes);
  const bytes = (await stat(out)).size;
  appendProofEvent(db, packId, {
    at: options.clock.now(),
    kind: 'evidence',
    name: basename(out),
    bytes,
    manifestSha256,
  });
  return { file: out, bytes, manifest: { order, packId, files }, manifestSha256 };
}
