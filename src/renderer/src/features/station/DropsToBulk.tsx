import { Alert, Group, Loader, Text } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { AppError } from '@shared/result.ts';
import { useBridge } from '@renderer/app/context.tsx';
import { useOpenScreen } from '@renderer/app/navigation.tsx';
import { readDroppedFiles } from '@renderer/ui/FileDropZone.tsx';
import { LoadState } from '@renderer/ui/LoadState.tsx';

/**
 * Files dropped anywhere on the Station (not on the order's own file target) are a day's labels
 * and invoices: they go to the Bulk board, and the Bulk screen opens on them (issue #39). The
 * keyboard's way to the same is the Bulk screen's own target.
 */
export function DropsToBulk({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const bridge = useBridge();
  const open = useOpenScreen();
  const [reading, setReading] = useState<number | null>(null);
  const [error, setError] = useState<AppError | null>(null);
  return (
    <div
      data-testid="station-drops"
      onDragOver={(event) => event.preventDefault()}
      onDrop={(event) => {
        event.preventDefault();
        void readDroppedFiles(event.dataTransfer.files).then(async (files) => {
          if (files.length === 0) return;
          setError(null);
          setReading(files.length);
          const result = await bridge.bulkDrop({ files });
          setReading(null);
          if (!result.ok) return setError(result.error);
          open?.('bulk');
        });
      }}
    >
      {children}
      {reading !== null && (
        <Group role="status" mt="sm">
          <Loader size="sm" />
          <Text>{t('bulk.board.reading', { count: reading })}</Text>
        </Group>
      )}
      {error && <LoadState error={error} />}
    </div>
  );
}

/** Said under the scan field while no order is on the card. */
export function DropsToBulkHint() {
  const { t } = useTranslation();
  return (
    <Alert color="gray" variant="outline" data-testid="station-drops-hint">
      {t('bulk.station.hint')}
    </Alert>
  );
}
