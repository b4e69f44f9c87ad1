import { Button, Group } from '@mantine/core';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { usePrint } from '../../app/context.tsx';

/**
 * Print slip and Print invoice on the order card (issue #30): the packing slip made now (with
 * the lots of the order's finished pack) and the invoice this station delivered, on the
 * document printer; what came of it shows in the card's print notice, a reprint asks why.
 */
export const PaperButtons = memo(function PaperButtons({ orderId }: { orderId: string }) {
  const { t } = useTranslation();
  const print = usePrint((s) => s.print);
  return (
    <Group gap="xs" data-testid="paper-buttons">
      <Button
        size="sm"
        variant="light"
        onClick={() =>
          void print(
            'station',
            { kind: 'paper', orderId, document: 'slip' },
            t('paperwork.document.slip'),
          )
        }
        data-testid="print-slip"
      >
        {t('paperwork.card.printSlip')}
      </Button>
      <Button
        size="sm"
        variant="light"
        onClick={() =>
          void print(
            'station',
            { kind: 'paper', orderId, document: 'invoice' },
            t('paperwork.document.invoice'),
          )
        }
        data-testid="print-invoice"
      >
        {t('paperwork.card.printInvoice')}
      </Button>
    </Group>
  );
});
