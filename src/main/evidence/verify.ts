import { createHash } from 'node:crypto';
import { open, type FileHandle } from 'node:fs/promises';
import { z } from 'zod';
import type { ManifestFile } from './bundle.ts';
import { hashEntry, listZip, NotZipError, type ZipListing } from './zip-read.ts';

// Checks an evidence bundle against its own manifest.json (issue #41): every file the manifest
// lists is in the ZIP with its size and SHA-256, and nothing else is. The manifest's own SHA-256
// is returned so it can be compared with the one in the pack's record (the station keeps it);
// a changed manifest shows there.

export type VerifyProblem = { file: string; problem: 'changed' | 'missing' | 'added' };

export interface VerifyResult {
  ok: boolean;
  problems: VerifyProblem[];
  /** The SHA-256 of manifest.json as it is in the ZIP; null when it is missing or unreadable. */
  manifestSha256: string | null;
}

const MANIFEST = 'manifest.json';
/** manifest.json is small; one that inflates past this is no manifest of ours. */
const MANIFEST_LIMIT = 16 * 1024 * 1024;

const manifestSchema = z.object({
  files: z.array(z.object({ name: z.string(), bytes: z.number(), sha256: z.string() })),
});

function parseManifest(bytes: Uint8Array): ManifestFile[] | null {
  try {
    const value: unknown = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
    const parsed = manifestSchema.safeParse(value);
    return parsed.success ? parsed.data.files : null;
  } catch {
    return null;
  }
}

/** Verifies the bundle at `file`; throws NotZipError when it is no ZIP. */
export async function verifyEvidence(file: string): Promise<VerifyResult> {
  const handle = await open(file, 'r');
  try {
    const entries = await listZip(handle);
    const byName = new Map<string, ZipListing>();
    const problems: VerifyProblem[] = [];
    for (const entry of entries) {
      // A second entry of the same name is one the manifest does not account for.
      if (byName.has(entry.name)) problems.push({ file: entry.name, problem: 'added' });
      else byName.set(entry.name, entry);
    }
    const manifestEntry = byName.get(MANIFEST);
    if (!manifestEntry)
      return {
        ok: false,
        problems: [{ file: MANIFEST, problem: 'missing' }],
        manifestSha256: null,
      };
    const manifestBytes = await readWhole(handle, manifestEntry);
    const listed = manifestBytes ? parseManifest(manifestBytes) : null;
    if (!manifestBytes || !listed)
      return {
        ok: false,
        problems: [{ file: MANIFEST, problem: 'changed' }],
        manifestSha256: null,
      };
    const manifestSha256 = createHash('sha256').update(manifestBytes).digest('hex');
    const names = new Set<string>([MANIFEST]);
    for (const expected of listed) {
      names.add(expected.name);
      const entry = byName.get(expected.name);
      if (!entry) {
        problems.push({ file: expected.name, problem: 'missing' });
        continue;
      }
      const found = await hashEntry(handle, entry, expected.bytes);
      if (!found || found.bytes !== expected.bytes || found.sha256 !== expected.sha256)
        problems.push({ file: expected.name, problem: 'changed' });
    }
    for (const name of byName.keys())
      if (!names.has(name)) problems.push({ file: name, problem: 'added' });
    return { ok: problems.length === 0, problems, manifestSha256 };
  } finally {
    await handle.close();
  }
}

/** A small entry's bytes (the manifest), or null when it cannot be read. */
async function readWhole(handle: FileHandle, entry: ZipListing): Promise<Uint8Array | null> {
  const chunks: Uint8Array[] = [];
  const found = await hashEntry(handle, entry, MANIFEST_LIMIT, (chunk) => chunks.push(chunk));
  return found ? Buffer.concat(chunks) : null;
}

export { NotZipError };
