import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PackDocumentView } from '@shared/documents.ts';
import { DEFAULT_PRINTER_SETTINGS } from '@shared/printing.ts';
import { ok } from '@shared/result.ts';
import { fakeBridge, printJobView, renderWithStores } from '@renderer/test-utils.tsx';
import { FinishedPapers } from './FinishedPapers.tsx';

// The papers of a finished pack on the card: a failure the transport named is said in its own
// sentence, and a paper whose job was discarded in the Outbox offers to print it again instead
// of "Preparing…" for ever.

const failedSlip = printJobView({
  id: 'job-slip',
  kind: 'slip',
  fileName: 'packing-slip-PB-1.pdf',
  state: 'failed',
  lastError: 'Office is a raw queue',
  lastErrorCode: 'not-a-document-printer',
});
const documents: PackDocumentView[] = [
  {
    document: 'slip',
    jobId: 'job-slip',
    state: 'failed',
    problem: 'paperwork.problem.failed',
    detail: 'Office is a raw queue',
  },
  {
    document: 'invoice',
    jobId: null,
    state: null,
    problem: 'paperwork.problem.discarded',
    detail: null,
  },
];

describe('FinishedPapers', () => {
  it.each([
    [
      'en',
      'This printer takes labels only (a label printer’s network port, or a CUPS queue without a driver): send slips and invoices to a document printer.',
      'Its print job was discarded in the Outbox: print it again to make a new one.',
    ],
    [
      'pt-BR',
      'Esta impressora só imprime etiquetas',
      'O trabalho de impressão foi descartado na Fila de envio: imprima de novo para criar outro.',
    ],
  ] as const)(
    'in %s, says why each paper did not print and offers to print it again',
    async (language, slipSentence, invoiceSentence) => {
      renderWithStores(
        <FinishedPapers orderId="PB-1" documents={documents} />,
        fakeBridge({
          getPrinting: async () =>
            ok({
              settings: DEFAULT_PRINTER_SETTINGS,
              status: null,
              jobs: [failedSlip],
              recoveredFrom: null,
            }),
        }),
        { language },
      );
      const [slip, invoice] = screen.getAllByTestId('pack-paper') as [HTMLElement, HTMLElement];
      await waitFor(() => expect(slip.textContent).toContain(slipSentence));
      expect(slip.getAttribute('data-state')).toBe('failed');
      expect(invoice.textContent).toContain(invoiceSentence);
      expect(invoice.getAttribute('data-state')).toBe('problem');
      expect(screen.getAllByTestId('pack-paper-retry')).toHaveLength(2);
    },
  );
});
