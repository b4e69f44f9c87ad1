// A serial port hands over bytes as they come: a reply may arrive in pieces, or two in one
// chunk. These put the pieces back into whole replies. Bytes that never end a reply (a scale
// sending noise, a wrong baud rate) are dropped past a bound instead of growing without end.

const MAX_PENDING = 1024;

/** MT-SICS: lines ended by CR LF (or CR or LF alone, as a balance may be set up). */
export class LineSplitter {
  private pending = '';

  push(chunk: Uint8Array): string[] {
    this.pending += String.fromCharCode(...chunk.map((byte) => byte & 0x7f));
    const parts = this.pending.split(/\r\n|\r|\n/);
    this.pending = parts.pop() ?? '';
    if (this.pending.length > MAX_PENDING) this.pending = '';
    return parts.filter((line) => line.trim().length > 0);
  }
}

/** NCI: frames ended by ETX (0x03). */
export class EtxSplitter {
  private pending: number[] = [];

  push(chunk: Uint8Array): Uint8Array[] {
    const frames: Uint8Array[] = [];
    for (const byte of chunk) {
      if ((byte & 0x7f) === 0x03) {
        frames.push(Uint8Array.from(this.pending));
        this.pending = [];
      } else if (this.pending.length < MAX_PENDING) {
        this.pending.push(byte);
      } else {
        this.pending = [];
      }
    }
    return frames;
  }
}
