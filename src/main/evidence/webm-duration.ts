// How long a WebM clip plays, read from its bytes as they come. MediaRecorder (and ffmpeg writing
// to a pipe) writes a live WebM: the Segment and its Clusters have an unknown size and there is
// no Duration, so nothing in the header says how long it is. The frames' own timestamps do:
// each Cluster carries a Timecode, each (Simple)Block a 16-bit offset from it. This scanner
// walks the EBML elements across fragment boundaries, keeps only a few bytes between pushes
// (never the clip), and answers the last frame's time plus one frame. A clip cut mid-way (a
// crash) answers the time of the last frame that began before the cut.

const ID = {
  segment: 0x18538067,
  info: 0x1549a966,
  timecodeScale: 0x2ad7b1,
  cluster: 0x1f43b675,
  timecode: 0xe7,
  simpleBlock: 0xa3,
  blockGroup: 0xa0,
  block: 0xa1,
} as const;

/** Elements whose children follow inline (their size may be unknown in a live WebM). */
const MASTERS = new Set<number>([ID.segment, ID.info, ID.cluster, ID.blockGroup]);
const UNSIGNED = new Set<number>([ID.timecodeScale, ID.timecode]);
const BLOCKS = new Set<number>([ID.simpleBlock, ID.block]);
/** A block's head: its track number (a vint, at most 8 bytes) and its 16-bit time offset. */
const BLOCK_HEAD = 10;

interface Header {
  id: number;
  /** null: unknown size (all value bits set). */
  size: number | null;
  length: number;
}

/** The EBML length of a variable-size integer from its first byte; 0 when invalid. */
function vintLength(first: number): number {
  for (let length = 1, mask = 0x80; length <= 8; length += 1, mask >>= 1)
    if (first & mask) return length;
  return 0;
}

function readHeader(buf: Uint8Array, at: number): Header | 'short' | 'invalid' {
  if (at >= buf.length) return 'short';
  const idLength = vintLength(buf[at] ?? 0);
  if (idLength === 0 || idLength > 4) return 'invalid';
  if (at + idLength >= buf.length) return 'short';
  let id = 0;
  for (let i = 0; i < idLength; i += 1) id = id * 256 + (buf[at + i] ?? 0);
  const sizeAt = at + idLength;
  const sizeLength = vintLength(buf[sizeAt] ?? 0);
  if (sizeLength === 0) return 'invalid';
  if (sizeAt + sizeLength > buf.length) return 'short';
  let size = (buf[sizeAt] ?? 0) & (0xff >> sizeLength);
  let allOnes = size === 0xff >> sizeLength;
  for (let i = 1; i < sizeLength; i += 1) {
    const byte = buf[sizeAt + i] ?? 0;
    size = size * 256 + byte;
    allOnes &&= byte === 0xff;
  }
  return { id, size: allOnes ? null : size, length: idLength + sizeLength };
}

function unsigned(buf: Uint8Array, at: number, length: number): number {
  let value = 0;
  for (let i = 0; i < length; i += 1) value = value * 256 + (buf[at + i] ?? 0);
  return value;
}

export class WebmDuration {
  private pending: Uint8Array = new Uint8Array(0);
  private skip = 0;
  private broken = false;
  /** Nanoseconds per timecode tick (the WebM default: 1 ms). */
  private scale = 1_000_000;
  private clusterTime = 0;
  private last: number | null = null;
  private beforeLast: number | null = null;

  /** Reads one more fragment of the clip. */
  push(chunk: Uint8Array): void {
    if (this.broken) return;
    let buf = chunk;
    if (this.pending.length > 0) {
      buf = new Uint8Array(this.pending.length + chunk.length);
      buf.set(this.pending);
      buf.set(chunk, this.pending.length);
    }
    let at = 0;
    while (at < buf.length) {
      if (this.skip > 0) {
        const n = Math.min(this.skip, buf.length - at);
        at += n;
        this.skip -= n;
        continue;
      }
      const header = readHeader(buf, at);
      if (header === 'short') break;
      if (header === 'invalid') {
        this.broken = true;
        return;
      }
      if (MASTERS.has(header.id)) {
        at += header.length;
        continue;
      }
      if (header.size === null) {
        this.broken = true;
        return;
      }
      const want = UNSIGNED.has(header.id)
        ? header.size
        : BLOCKS.has(header.id)
          ? Math.min(header.size, BLOCK_HEAD)
          : 0;
      if (at + header.length + want > buf.length) break;
      this.read(header, buf, at + header.length, want);
      at += header.length + want;
      this.skip = header.size - want;
    }
    this.pending = buf.slice(at);
  }

  private read(header: Header, buf: Uint8Array, at: number, length: number): void {
    if (header.id === ID.timecodeScale) this.scale = unsigned(buf, at, length) || 1_000_000;
    else if (header.id === ID.timecode) this.clusterTime = unsigned(buf, at, length);
    else if (BLOCKS.has(header.id)) {
      const track = vintLength(buf[at] ?? 0);
      if (track === 0 || track + 2 > length) return;
      const high = buf[at + track] ?? 0;
      const offset = ((high & 0x7f) << 8) - (high & 0x80 ? 0x8000 : 0) + (buf[at + track + 1] ?? 0);
      const ms = ((this.clusterTime + offset) * this.scale) / 1_000_000;
      if (this.last === null || ms > this.last) {
        this.beforeLast = this.last;
        this.last = ms;
      }
    }
  }

  /** The clip's playing time in ms (last frame's time plus one frame); null before any frame. */
  durationMs(): number | null {
    if (this.last === null) return null;
    const frame = this.beforeLast === null ? 0 : this.last - this.beforeLast;
    return Math.round(this.last + frame);
  }
}
