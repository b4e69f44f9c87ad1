/**
 * Tells a keyboard-wedge scanner from a person: a scanner types a whole code in a burst (a few
 * milliseconds between keys) and ends with Enter; people are much slower.
 */
export interface ScanDetectorOptions {
  /** Longest gap between two keys of one burst. */
  maxGapMs?: number;
  /** Shortest code worth treating as a scan. */
  minLength?: number;
}

export class ScanDetector {
  private buffer = '';
  private lastAt = -Infinity;
  private readonly maxGapMs: number;
  private readonly minLength: number;

  constructor(options: ScanDetectorOptions = {}) {
    this.maxGapMs = options.maxGapMs ?? 50;
    this.minLength = options.minLength ?? 3;
  }

  /**
   * Feeds one key; returns the scanned code when this Enter closes a burst, otherwise null.
   * `key` is KeyboardEvent.key: printable characters are one character long.
   */
  key(key: string, at: number): string | null {
    const gap = at - this.lastAt;
    this.lastAt = at;
    if (key === 'Enter') {
      const code = this.buffer;
      this.buffer = '';
      return code.length >= this.minLength && gap <= this.maxGapMs ? code : null;
    }
    if (key.length !== 1) return null;
    this.buffer = gap <= this.maxGapMs ? this.buffer + key : key;
    return null;
  }

  /** True while the keys so far look like a burst in progress. */
  inBurst(at: number): boolean {
    return this.buffer.length >= 2 && at - this.lastAt <= this.maxGapMs;
  }
}
