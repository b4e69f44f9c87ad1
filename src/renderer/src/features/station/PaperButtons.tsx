import { Button, FileButton, Group } from '@mantine/core';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { PACK_DOCUMENTS } from '@shared/documents.ts';
import { usePrint } from '@renderer/app/context.tsx';

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
      {PACK_DOCUMENTS.map((document) => (
        <Button
          key={document}
          size="sm"
          variant="light"
          onClick={() =>
            void print(
              'station',
              { kind: 'paper', orderId, document },
              t(`paperwork.document.${document}`),
            )
          }
          data-testid={`print-${document}`}
        >
          {t(document === 'slip' ? 'paperwork.card.printSlip' : 'paperwork.card.printInvoice')}
        </Button>
      ))}
      {/* An invoice PDF from elsewhere, printed only: it is not uploaded to the service. */}
      <FileButton
        accept="application/pdf,.pdf"
        onChange={(file) => {
          if (!file) return;
          void file.arrayBuffer().then((buffer) =>
            print(
              'station',
              {
                kind: 'paper',
                orderId,
                document: 'invoice',
                file: { bytes: new Uint8Array(buffer), fileName: file.name },
              },
              file.name,
            ),
          );
        }}
      >
        {(props) => (
          <Button size="sm" variant="subtle" {...props} data-testid="print-pdf-only">
            {t('paperwork.card.printPdfOnly')}
          </Button>
        )}
      </FileButton>
    </Group>
  );
});
