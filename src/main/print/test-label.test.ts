import { hostname } from 'node:os';
import { describe, expect, it } from 'vitest';
import { decodeFieldData, splitLabels, tokenize } from '../../zpl/parse/index.ts';
import { describeStatus, type PrinterStatus } from './status.ts';
import { fieldHex, stationTime, testLabelZpl } from './test-label.ts';

const status: PrinterStatus = {
  online: true,
  paperOut: true,
  paused: false,
  headOpen: false,
  ribbonOut: false,
  bufferFull: false,
  labelsRemaining: 4,
};

/** The text of each ^FD of the one label, as a printer would print it (^FH, ^CI28). */
function fieldTexts(zpl: string): string[] {
  const { labels } = splitLabels(tokenize(new TextEncoder().encode(zpl)).commands);
  expect(labels).toHaveLength(1);
  const texts: string[] = [];
  let hex: string | null = null;
  for (const command of labels[0]?.commands ?? []) {
    if (command.name === 'FH') hex = command.params;
    if (command.name === 'FD') {
      texts.push(decodeFieldData(command.params, { hexIndicator: hex, encoding: 28 }).text);
      hex = null;
    }
  }
  return texts;
}

describe('the test label', () => {
  it('states the station, the date and time, the printer and its reported status', () => {
    const at = new Date(2025, 2, 14, 9, 26, 53);
    const zpl = testLabelZpl({ station: 'Dock 3', target: 'tcp://zebra:9100', status, at });
    const texts = fieldTexts(zpl);
    expect(texts).toContain('Station: Dock 3');
    expect(texts).toContain(`Printed: ${stationTime(at)}`);
    expect(texts).toContain('Printer: tcp://zebra:9100');
    expect(texts).toContain(`Status: ${describeStatus(status)}`);
    expect(stationTime(at)).toMatch(/^2025-03-14 09:26:53 [+-]\d\d:\d\d$/);
  });

  it('names this computer when no station is given', () => {
    const texts = fieldTexts(testLabelZpl({ target: 'cups:Q', status, at: new Date(0) }));
    expect(texts).toContain(`Station: ${hostname()}`);
  });

  it('cannot be broken by a station name with ZPL prefixes or non-ASCII letters', () => {
    const station = 'Pack^XZ~JA_1 Bühne';
    expect(fieldHex(station)).not.toMatch(/[\^~]/);
    const texts = fieldTexts(testLabelZpl({ station, target: 'cups:Q', status, at: new Date(0) }));
    expect(texts).toContain(`Station: ${station}`);
  });
});
