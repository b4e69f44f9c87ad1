import { Badge, Table, Text, TextInput } from '@mantine/core';
import { memo, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { BulkBoardRow, BulkPreview, BulkRowStatus } from '@shared/ipc/bulk-types.ts';
import type { Result } from '@shared/result.ts';
import { RowThumbnail } from './RowThumbnail.tsx';

const STATUS_COLOUR: Record<BulkRowStatus, string> = {
  matched: 'green.9',
  ambiguous: 'orange.9',
  unmatched: 'gray.8',
  duplicate: 'grape.9',
  refused: 'red.9',
  other: 'gray.8',
};

/** What the row's state means, in a sentence. */
function statusSentence(row: BulkBoardRow, t: TFunction): string {
  if (row.status === 'duplicate')
    return row.duplicateOf
      ? t('bulk.board.says.duplicateOf', row.duplicateOf)
      : t('bulk.board.says.deliveredAs', { order: row.order ?? '' });
  if (row.error) return t(row.error.messageKey, row.error.params);
  if (row.status === 'matched') return t('bulk.board.says.matched', { order: row.order ?? '' });
  return t(`bulk.board.says.${row.status}`);
}

/** What the operator made of it: typed an order, left it out, or queued it (and where it is). */
function decisionSentence(row: BulkBoardRow, t: TFunction): string | null {
  if (row.job)
    return t('bulk.board.queuedAs', {
      file: row.job.fileName,
      state: t(`outbox.states.${row.job.state}`),
    });
  if (row.leftOut) return t('bulk.board.leftOut');
  if (row.assigned) return t('bulk.board.assignedByYou', { order: row.assigned });
  return null;
}

/** The evidence in words: "order number PB-1042 on the label". */
function evidenceSentences(row: BulkBoardRow, t: TFunction): string[] {
  const where = t(`bulk.board.where.${row.kind}`);
  return row.evidence.map((e) => t(`bulk.board.evidence.${e.key}`, { value: e.value, where }));
}

/** What a row may ask of the board; one object for the screen's life, so rows stay memoised. */
export interface RowActions {
  key: (event: KeyboardEvent<HTMLTableRowElement>, at: number) => void;
  focus: (at: number) => void;
  assign: (seq: number, order: string) => void;
  cancel: (at: number) => void;
  ref: (at: number, element: HTMLTableRowElement | null) => void;
}

interface BoardRowProps {
  row: BulkBoardRow;
  /** Its place on the board. */
  at: number;
  loadPreview: (seq: number) => Promise<Result<BulkPreview | null>>;
  focusable: boolean;
  typing: string | null;
  actions: RowActions;
}

/**
 * One piece of the board. While `typing` holds the first character the operator typed on the
 * row, the order column is a field for the order number: Enter assigns it, Escape gives up.
 * Drawn again only when the row or its place changed: a board read after each outbox change
 * brings new objects for every row, and 400 rows drawn again each time froze the window.
 */
export const BoardRow = memo(
  BoardRowDrawn,
  (before, now) =>
    before.at === now.at &&
    before.focusable === now.focusable &&
    before.typing === now.typing &&
    before.actions === now.actions &&
    before.loadPreview === now.loadPreview &&
    JSON.stringify(before.row) === JSON.stringify(now.row),
);

function BoardRowDrawn({ row, at, focusable, typing, actions, loadPreview }: BoardRowProps) {
  const { t } = useTranslation();
  const evidence = evidenceSentences(row, t);
  const decision = decisionSentence(row, t);
  return (
    <Table.Tr
      ref={(element) => actions.ref(at, element)}
      tabIndex={focusable ? 0 : -1}
      data-testid="bulk-row"
      data-status={row.status}
      data-kind={row.kind}
      data-seq={row.seq}
      aria-selected={focusable}
      data-left-out={row.leftOut}
      // Set apart by its background, not faded: a faded row's words would be hard to read.
      style={row.leftOut ? { background: 'var(--mantine-color-gray-1)' } : undefined}
      onFocus={(event) => event.target === event.currentTarget && actions.focus(at)}
      onKeyDown={(event) => actions.key(event, at)}
    >
      <Table.Td>
        {row.sha256 && row.kind !== 'other' && (
          <RowThumbnail
            seq={row.seq}
            load={loadPreview}
            alt={t('bulk.board.thumbnail', {
              kind: t(`bulk.board.kind.${row.kind}`),
              index: row.index ?? '',
              source: row.source,
            })}
          />
        )}
      </Table.Td>
      <Table.Td>{row.source}</Table.Td>
      <Table.Td>
        {t(`bulk.board.kind.${row.kind}`)}
        {row.index !== null && row.kind !== 'other' ? ` ${row.index}` : ''}
        {row.pages && (
          <Text size="sm">{t('bulk.board.pages', { pages: row.pages.join(', ') })}</Text>
        )}
      </Table.Td>
      <Table.Td data-testid="bulk-order">
        {typing !== null ? (
          <AssignField
            row={row}
            first={typing}
            onAssign={(order) => actions.assign(row.seq, order)}
            onCancel={() => actions.cancel(at)}
          />
        ) : (
          (row.target ??
          (row.candidates.length > 0
            ? t('bulk.board.candidates', { candidates: row.candidates.join(', ') })
            : t('bulk.board.noOrder')))
        )}
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
        <Badge
          color={row.assigned ? 'blue.9' : STATUS_COLOUR[row.status]}
          size="lg"
          variant="filled"
        >
          {t(row.assigned ? 'bulk.board.status.assigned' : `bulk.board.status.${row.status}`)}
        </Badge>
        <Text size="sm" data-testid="bulk-says">
          {statusSentence(row, t)}
        </Text>
        {decision && (
          <Text size="sm" fw={600} data-testid="bulk-decision">
            {decision}
          </Text>
        )}
      </Table.Td>
    </Table.Tr>
  );
}

function AssignField({
  row,
  first,
  onAssign,
  onCancel,
}: {
  row: BulkBoardRow;
  first: string;
  onAssign: (order: string) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [value, setValue] = useState(first);
  return (
    <TextInput
      data-testid="bulk-assign"
      label={t('bulk.board.assignLabel', { source: row.source })}
      description={t('bulk.board.assignHint')}
      value={value}
      // The field takes over from the row the moment the first key was typed.
      autoFocus
      onChange={(event) => setValue(event.currentTarget.value)}
      onKeyDown={(event) => {
        event.stopPropagation();
        if (event.key === 'Enter' && value.trim()) onAssign(value.trim());
        if (event.key === 'Escape') onCancel();
      }}
    />
  );
}
