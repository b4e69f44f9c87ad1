import { Alert, Badge, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { BulkBoard, BulkRow, BulkRowStatus } from '@shared/ipc/channels.ts';
import type { AppError } from '@shared/result.ts';
import { useBridge } from '@renderer/app/context.tsx';
import { FileDropZone, type DroppedFile } from '@renderer/ui/FileDropZone.tsx';
import { LoadState } from '@renderer/ui/LoadState.tsx';

const STATUS_COLOUR: Record<BulkRowStatus, string> = {
  matched: 'green.9',
  ambiguous: 'orange.9',
  unmatched: 'gray.8',
  duplicate: 'grape.9',
  refused: 'red.9',
  other: 'gray.8',
};

/** What the row's state means, in a sentence. */
function statusSentence(row: BulkRow, t: TFunction): string {
  if (row.status === 'duplicate')
    return row.duplicateOf
      ? t('bulk.board.says.duplicateOf', row.duplicateOf)
      : t('bulk.board.says.deliveredAs', { order: row.order ?? '' });
  if (row.error) return t(row.error.messageKey, row.error.params);
  if (row.status === 'matched') return t('bulk.board.says.matched', { order: row.order ?? '' });
  return t(`bulk.board.says.${row.status}`);
}

/** The evidence in words: "order number PB-1042 on the label". */
function evidenceSentences(row: BulkRow, t: TFunction): string[] {
  const where = t(`bulk.board.where.${row.kind}`);
  return row.evidence.map((e) => t(`bulk.board.evidence.${e.key}`, { value: e.value, where }));
}

/**
 * Bulk (issue #39): a day's labels and invoices dropped at once, one row per piece with the
 * order it belongs to, why, and its state. Up/Down move between rows (one row in the tab order).
 */
export function BulkScreen() {
  const { t } = useTranslation();
  const bridge = useBridge();
  const [board, setBoard] = useState<BulkBoard | null>(null);
  const [files, setFiles] = useState(0);
  const [reading, setReading] = useState<number | null>(null);
  const [error, setError] = useState<AppError | null>(null);
  const [focused, setFocused] = useState(0);
  const rows = useRef<(HTMLTableRowElement | null)[]>([]);

  const drop = async (dropped: DroppedFile[]) => {
    if (dropped.length === 0) return;
    setReading(dropped.length);
    setError(null);
    const result = await bridge.bulkBoard({ files: dropped });
    setReading(null);
    if (!result.ok) return setError(result.error);
    setFiles(dropped.length);
    setBoard(result.value);
    setFocused(0);
  };

  const move = (event: KeyboardEvent, at: number) => {
    const last = (board?.rows.length ?? 1) - 1;
    const next =
      event.key === 'ArrowDown'
        ? Math.min(at + 1, last)
        : event.key === 'ArrowUp'
          ? Math.max(at - 1, 0)
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    if (next === null) return;
    event.preventDefault();
    setFocused(next);
    rows.current[next]?.focus();
  };

  return (
    <Stack>
      <Title order={2}>{t('bulk.board.title')}</Title>
      <Text>{t('bulk.board.intro')}</Text>
      <FileDropZone
        label={t('bulk.board.drop')}
        testId="bulk-drop"
        accept=".zpl,.prn,.txt,.pdf,.zip"
        onFiles={(dropped) => void drop(dropped)}
      />
      {reading !== null && (
        <Group role="status">
          <Loader size="sm" />
          <Text>{t('bulk.board.reading', { count: reading })}</Text>
        </Group>
      )}
      <LoadState error={error} />
      {board?.notice && (
        <Alert color="orange" role="alert" data-testid="bulk-notice">
          {t(board.notice.messageKey, board.notice.params)}
        </Alert>
      )}
      {board && (
        <>
          <Text data-testid="bulk-summary">
            {t('bulk.board.summary', { rows: board.rows.length, files, orders: board.orders })}
          </Text>
          <Text size="sm" id="bulk-keys">
            {t('bulk.board.keys')}
          </Text>
          <Table data-testid="bulk-board" aria-describedby="bulk-keys" highlightOnHover>
            <caption style={{ position: 'absolute', left: -10000 }}>{t('bulk.board.rows')}</caption>
            <Table.Thead>
              <Table.Tr>
                {(['source', 'kind', 'order', 'evidence', 'status'] as const).map((column) => (
                  <Table.Th key={column} scope="col">
                    {t(`bulk.board.columns.${column}`)}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {board.rows.map((row, i) => {
                const evidence = evidenceSentences(row, t);
                return (
                  <Table.Tr
                    key={`${row.source}#${row.kind}#${row.index ?? i}#${i}`}
                    ref={(element) => {
                      rows.current[i] = element;
                    }}
                    tabIndex={i === focused ? 0 : -1}
                    data-testid="bulk-row"
                    data-status={row.status}
                    onFocus={() => setFocused(i)}
                    onKeyDown={(event) => move(event, i)}
                  >
                    <Table.Td>{row.source}</Table.Td>
                    <Table.Td>
                      {t(`bulk.board.kind.${row.kind}`)}
                      {row.index !== null && row.kind !== 'other' ? ` ${row.index}` : ''}
                      {row.pages && (
                        <Text size="sm">
                          {t('bulk.board.pages', { pages: row.pages.join(', ') })}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td data-testid="bulk-order">
                      {row.order ??
                        (row.candidates.length > 0
                          ? t('bulk.board.candidates', { candidates: row.candidates.join(', ') })
                          : t('bulk.board.noOrder'))}
                    </Table.Td>
                    <Table.Td data-testid="bulk-evidence">
                      {evidence.length > 0
                        ? evidence.map((sentence) => (
                            <Text key={sentence} size="sm">
                              {sentence}
                            </Text>
                          ))
                        : row.kind !== 'other' && row.status !== 'refused'
                          ? t('bulk.board.noEvidence')
                          : null}
                    </Table.Td>
                    <Table.Td>
                      <Badge color={STATUS_COLOUR[row.status]} size="lg" variant="filled">
                        {t(`bulk.board.status.${row.status}`)}
                      </Badge>
                      <Text size="sm" data-testid="bulk-says">
                        {statusSentence(row, t)}
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </>
      )}
    </Stack>
  );
}
