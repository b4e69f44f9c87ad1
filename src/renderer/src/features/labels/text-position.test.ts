import { describe, expect, it } from 'vitest';
import { offsetOf } from './text-position.ts';

describe('offsetOf', () => {
  it('finds a line and column across LF, CRLF and CR line breaks', () => {
    const text = '^XA\r\n^FO1,1\n  ^ZZ\r^XZ';
    expect(text.slice(offsetOf(text, 1, 1), offsetOf(text, 1, 1) + 3)).toBe('^XA');
    expect(text.slice(offsetOf(text, 2, 1), offsetOf(text, 2, 1) + 3)).toBe('^FO');
    expect(text.slice(offsetOf(text, 3, 3), offsetOf(text, 3, 3) + 3)).toBe('^ZZ');
    expect(text.slice(offsetOf(text, 4, 1))).toBe('^XZ');
  });

  it('stays inside the text for a position past its end', () => {
    expect(offsetOf('^XA', 9, 9)).toBe(3);
  });
});
