import { describe, expect, it } from 'vitest';
import type { PrinterStatusView } from '@shared/printing.ts';
import { createI18n } from '@renderer/i18n/index.ts';
import { describePrinterStatus, isPrinterReady, statusInDetails } from './status-words.ts';

const ready: PrinterStatusView = {
  online: true,
  paperOut: false,
  paused: false,
  headOpen: false,
  ribbonOut: false,
  bufferFull: false,
  labelsRemaining: 0,
};

describe('the printer’s status in words', () => {
  it('says what stops the printer in the order to fix it, then what does not stop it', () => {
    const { t } = createI18n('en');
    expect(describePrinterStatus(t, ready)).toBe('ready');
    expect(describePrinterStatus(t, null)).toBe('not checked yet');
    expect(
      describePrinterStatus(t, { ...ready, paused: true, headOpen: true, labelsRemaining: 3 }),
    ).toBe('head open, paused, 3 labels remaining');
    expect(describePrinterStatus(t, { ...ready, online: false })).toBe('not accepting jobs');
    expect(describePrinterStatus(t, { ...ready, bufferFull: true })).toBe('ready, buffer full');
    expect(isPrinterReady({ ...ready, bufferFull: true, labelsRemaining: 2 })).toBe(true);
    expect(isPrinterReady({ ...ready, ribbonOut: true })).toBe(false);
  });

  it('in the operator’s language', () => {
    expect(describePrinterStatus(createI18n('pt-BR').t, { ...ready, ribbonOut: true })).toBe(
      'sem ribbon',
    );
    expect(describePrinterStatus(createI18n('es').t, { ...ready, labelsRemaining: 1 })).toBe(
      'lista, 1 etiqueta pendiente',
    );
  });

  it('finds a status in a failure’s details only when it has the shape of one', () => {
    expect(statusInDetails({ status: ready })).toEqual(ready);
    expect(statusInDetails({ status: 'paper out' })).toBeNull();
    expect(statusInDetails(null)).toBeNull();
  });
});
