import { describe, expect, it } from 'vitest';
import { ScanDetector } from './scan-detector.ts';

const type = (detector: ScanDetector, keys: string[], start: number, gap: number) =>
  keys.map((key, i) => detector.key(key, start + i * gap));

describe('ScanDetector', () => {
  it('returns the code of a fast burst that ends with Enter', () => {
    const detector = new ScanDetector();
    const results = type(detector, [...'PB-10001', 'Enter'], 1000, 8);
    expect(results.at(-1)).toBe('PB-10001');
    expect(results.slice(0, -1).every((r) => r === null)).toBe(true);
  });

  it('ignores a person typing at human speed', () => {
    const detector = new ScanDetector();
    expect(type(detector, [...'PB-10001', 'Enter'], 1000, 180).at(-1)).toBeNull();
  });

  it('keeps only the burst when slow typing came before it', () => {
    const detector = new ScanDetector();
    type(detector, [...'abc'], 0, 300);
    expect(type(detector, [...'BT-10002', 'Enter'], 5000, 5).at(-1)).toBe('BT-10002');
  });

  it('ignores bursts that are too short, and modifier keys', () => {
    const detector = new ScanDetector({ minLength: 4 });
    expect(type(detector, ['A', 'B', 'Enter'], 0, 5).at(-1)).toBeNull();
    expect(type(detector, ['Shift', 'A', 'Shift', 'B', 'C', 'D', 'Enter'], 100, 5).at(-1)).toBe(
      'ABCD',
    );
  });
});
