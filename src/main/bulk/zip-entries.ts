// The files inside a dropped ZIP (issue #39), read with fflate's streaming Unzip and our own
// limits applied while the bytes come out, never by expanding first: a ZIP bomb is stopped at
// the byte that crosses a limit, with the rest of the archive left unread or the entry left out.
import { Inflate, Unzip, UnzipPassThrough, type UnzipDecoder } from 'fflate';
import type { BulkRefusal } from './refusals.ts';

export interface ZipLimits {
  /** More entries than this and the whole archive is refused. */
  maxEntries: number;
  /** More bytes than this unpacked, all entries together, and the whole archive is refused. */
  maxTotalBytes: number;
  /** An entry that unpacks to more than this many times its packed size is left out. */
  maxRatio: number;
}

/** The limits: 10,000 entries, 1 GiB in all, 200:1 per entry. */
export const ZIP_LIMITS: ZipLimits = {
  maxEntries: 10_000,
  maxTotalBytes: 1024 ** 3,
  maxRatio: 200,
};

export interface ZipEntry {
  name: string;
  bytes: Uint8Array;
}

export interface ZipContents {
  entries: ZipEntry[];
  /** Entries left out, each with why (a bomb, a method we cannot read, a damaged stream). */
  refused: { name: string; refusal: BulkRefusal }[];
  /** Set when the archive as a whole is refused: then `entries` is empty. */
  refusal: BulkRefusal | null;
}

/** How much of the archive is handed to the reader at a time: the limits are checked between. */
const CHUNK = 64 * 1024;
/** How much compressed data the inflater takes at a time, so a bomb stops within one step. */
const INFLATE_STEP = 16 * 1024;

class Stop extends Error {
  readonly refusal: BulkRefusal;
  constructor(refusal: BulkRefusal) {
    super(refusal.code);
    this.refusal = refusal;
  }
}

export function readZipEntries(
  archive: Uint8Array,
  source: string,
  limits: ZipLimits = ZIP_LIMITS,
): ZipContents {
  const entries: ZipEntry[] = [];
  const refused: ZipContents['refused'] = [];
  let total = 0;
  let count = 0;

  /** Inflates an entry in small steps, counting what comes out against the limits. */
  class LimitedInflate implements UnzipDecoder {
    static compression = 8;
    ondata: UnzipDecoder['ondata'] = () => undefined;
    private readonly inflate = new Inflate();
    private consumed = 0;
    private produced = 0;
    private stopped = false;
    private readonly name: string;
    private readonly packedSize: number | undefined;

    constructor(name: string, packedSize?: number) {
      this.name = name;
      this.packedSize = packedSize;
      this.inflate.ondata = (data, final) => {
        this.produced += data.length;
        total += data.length;
        if (total > limits.maxTotalBytes)
          throw new Stop({
            code: 'zipTooLarge',
            params: { source, max: `${Math.round(limits.maxTotalBytes / 1024 ** 2)} MB` },
          });
        const packed = Math.max(1, this.packedSize ?? this.consumed);
        if (this.produced > limits.maxRatio * packed) {
          this.stopped = true;
          this.ondata(
            Object.assign(new Error('ratio'), {
              refusal: {
                code: 'zipRatio',
                params: { source: `${source}!${this.name}`, ratio: limits.maxRatio },
              } satisfies BulkRefusal,
              code: 0,
            }),
            new Uint8Array(0),
            true,
          );
          return;
        }
        this.ondata(null, data, final);
      };
    }

    push(chunk: Uint8Array, final: boolean): void {
      if (this.stopped) return;
      for (let at = 0; at < chunk.length || (final && at === 0); at += INFLATE_STEP) {
        const step = chunk.subarray(at, at + INFLATE_STEP);
        this.consumed += step.length;
        const last = final && at + INFLATE_STEP >= chunk.length;
        this.inflate.push(step, last);
        if (this.stopped || step.length === 0) return;
      }
    }
  }

  const unzip = new Unzip((file) => {
    count += 1;
    if (count > limits.maxEntries)
      throw new Stop({ code: 'zipTooManyEntries', params: { source, max: limits.maxEntries } });
    // A folder's own entry holds nothing.
    if (file.name.endsWith('/')) return;
    const parts: Uint8Array[] = [];
    let failed = false;
    file.ondata = (error, data, final) => {
      if (failed) return;
      if (error) {
        failed = true;
        const refusal = (error as { refusal?: BulkRefusal }).refusal ?? {
          code: 'zipEntryUnreadable' as const,
          params: { source: `${source}!${file.name}` },
        };
        refused.push({ name: file.name, refusal });
        return;
      }
      if (data.length > 0) parts.push(data);
      if (final) entries.push({ name: file.name, bytes: concat(parts) });
    };
    file.start();
  });
  unzip.register(UnzipPassThrough);
  unzip.register(LimitedInflate);

  try {
    for (let at = 0; at < archive.length; at += CHUNK)
      unzip.push(archive.subarray(at, at + CHUNK), at + CHUNK >= archive.length);
  } catch (error) {
    if (error instanceof Stop) return { entries: [], refused: [], refusal: error.refusal };
    // fflate's own words ("invalid zip data") are not the reader's language: the sentence says it.
    return { entries: [], refused: [], refusal: { code: 'zipDamaged', params: { source } } };
  }
  if (count === 0 && entries.length === 0)
    return {
      entries: [],
      refused,
      refusal: { code: 'zipDamaged', params: { source } },
    };
  return { entries, refused, refusal: null };
}

function concat(parts: readonly Uint8Array[]): Uint8Array {
  if (parts.length === 1) return parts[0] ?? new Uint8Array(0);
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}
