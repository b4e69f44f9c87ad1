import { describe, expect, it } from 'vitest';
import {
  describeStatus,
  isReady,
  refusalSentence,
  stopConditions,
  type PrinterStatus,
} from './status.ts';

const ready: PrinterStatus = {
  online: true,
  paperOut: false,
  paused: false,
  headOpen: false,
  ribbonOut: false,
  bufferFull: false,
  labelsRemaining: 0,
};

describe('printer status words', () => {
  it('is ready with nothing set, and says so', () => {
    expect(isReady(ready)).toBe(true);
    expect(describeStatus(ready)).toBe('ready');
  });

  it('names each condition that stops printing; buffer full and labels remaining do not stop', () => {
    expect(describeStatus({ ...ready, paperOut: true })).toBe('paper out');
    expect(describeStatus({ ...ready, headOpen: true })).toBe('head open');
    expect(describeStatus({ ...ready, paused: true })).toBe('paused');
    expect(describeStatus({ ...ready, ribbonOut: true })).toBe('ribbon out');
    expect(describeStatus({ ...ready, online: false })).toBe('not accepting jobs');
    expect(describeStatus({ ...ready, bufferFull: true, labelsRemaining: 1 })).toBe(
      'ready, buffer full, 1 label remaining',
    );
    expect(isReady({ ...ready, bufferFull: true, labelsRemaining: 5 })).toBe(true);
    expect(
      describeStatus({
        ...ready,
        paperOut: true,
        paused: true,
        headOpen: true,
        labelsRemaining: 12,
      }),
    ).toBe('head open, paper out, paused, 12 labels remaining');
  });

  it('lists stop conditions for each flag and refuses in one sentence', () => {
    expect(stopConditions({ ...ready, ribbonOut: true, paused: true })).toEqual([
      'ribbonOut',
      'paused',
    ]);
    const sentence = refusalSentence('The printer at p:9100', { ...ready, paperOut: true });
    expect(sentence).toBe(
      'The printer at p:9100 reports paper out: nothing was sent (fix the printer, or send anyway with --force).',
    );
  });
});
