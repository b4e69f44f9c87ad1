import { Alert, Button, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
} from 'react';
import { useTranslation } from 'react-i18next';
import type { BulkBoard } from '@shared/ipc/bulk-types.ts';
import type { AppError, Result } from '@shared/result.ts';
import { useBridge, useStores } from '@renderer/app/context.tsx';
import { FileDropZone, type DroppedFile } from '@renderer/ui/FileDropZone.tsx';
import { LoadState } from '@renderer/ui/LoadState.tsx';
import { BoardRow, type RowActions } from './BoardRow.tsx';
import { boardKey } from './board-keys.ts';

/** A row can be queued: it has an order, is not left out and has not gone yet. */
const isReady = (row: BulkBoard['rows'][number]) => row.target !== null && !row.leftOut && !row.job;

/**
 * Bulk (issue #39): a day's labels and invoices dropped at once, one row per piece with the
 * order it belongs to, why, and its state. The board lives in main (it survives a restart);
 * this screen shows it and sends the operator's keys: see board-keys.ts.
 */
export function BulkScreen() {
  const { t } = useTranslation();
  const bridge = useBridge();
  const [board, setBoard] = useState<BulkBoard | null>(null);
  const [reading, setReading] = useState<number | null>(null);
  const [error, setError] = useState<AppError | null>(null);
  const [said, setSaid] = useState<string | null>(null);
  const [focused, setFocused] = useState(0);
  const [typing, setTyping] = useState<{ seq: number; first: string } | null>(null);
  const [confirmClear, setConfirmClear] = useState(false);
  const rows = useRef<(HTMLTableRowElement | null)[]>([]);
  const stores = useStores();

  /** A board the main process answered with, or its refusal as a sentence. */
  const take = useCallback((result: Result<BulkBoard>): boolean => {
    if (!result.ok) {
      setError(result.error);
      return false;
    }
    setError(null);
    setBoard(result.value);
    return true;
  }, []);

  // The outbox moves a queued row along (sending, delivered): the board follows it. A day
  // queued at once moves the outbox hundreds of times in seconds, so the board is read at most
  // once at a time, and once more after that if the outbox moved meanwhile; the screen itself
  // does not re-render for the outbox, only for a board that changed (400 renders of a 400-row
  // board kept the window busy for half a minute).
  useEffect(() => {
    const state = { busy: false, again: false, gone: false };
    const read = () => {
      if (state.busy) {
        state.again = true;
        return;
      }
      state.busy = true;
      void bridge.bulkBoard().then((result) => {
        if (result.ok && !state.gone) setBoard(result.value);
        state.busy = false;
        if (state.again && !state.gone) {
          state.again = false;
          read();
        }
      });
    };
    read();
    const stop = stores.outbox.subscribe((now, before) => {
      if (now.snapshot !== before.snapshot) read();
    });
    return () => {
      state.gone = true;
      stop();
    };
  }, [bridge, stores]);

  const focusRow = (at: number) => {
    setFocused(at);
    rows.current[at]?.focus();
  };

  const drop = async (dropped: DroppedFile[]) => {
    if (dropped.length === 0) return;
    setReading(dropped.length);
    setSaid(null);
    setError(null);
    const result = await bridge.bulkDrop({ files: dropped });
    setReading(null);
    take(result);
  };

  const queue = async (seqs?: number[]) => {
    const result = await bridge.bulkQueue(seqs ? { seqs } : {});
    if (!result.ok) return setError(result.error);
    setError(null);
    setBoard(result.value.board);
    setSaid(
      t('bulk.board.queuedSummary', { queued: result.value.queued, already: result.value.already }),
    );
  };

  const onRowKey = (event: KeyboardEvent<HTMLTableRowElement>, at: number) => {
    if (!board) return;
    const row = board.rows[at];
    const action = boardKey(event, at, board.rows.length);
    if (!row || !action) return;
    event.preventDefault();
    setSaid(null);
    if (action.kind === 'move') focusRow(action.to);
    else if (action.kind === 'queueRow') void queue([row.seq]);
    else if (action.kind === 'queueAll') void queue();
    else if (action.kind === 'leaveOut')
      void bridge.bulkLeaveOut({ seq: row.seq, leftOut: !row.leftOut }).then(take);
    else setTyping({ seq: row.seq, first: action.text });
  };

  const assign = async (seq: number, order: string) => {
    if (take(await bridge.bulkAssign({ seq, order }))) {
      setTyping(null);
      focusRow(focused);
    }
  };

  const clear = async () => {
    setConfirmClear(false);
    setSaid(null);
    if (take(await bridge.bulkClear())) setFocused(0);
  };

  const loadPreview = useCallback((seq: number) => bridge.bulkPreview({ seq }), [bridge]);
  // One set of row actions for the screen's life: a row re-renders only when it changed.
  const latest = useRef({ onRowKey, assign, focusRow });
  useLayoutEffect(() => {
    latest.current = { onRowKey, assign, focusRow };
  });
  const actions = useMemo<RowActions>(
    () => ({
      key: (event, at) => latest.current.onRowKey(event, at),
      focus: (at) => setFocused(at),
      assign: (seq, order) => void latest.current.assign(seq, order),
      cancel: (at) => {
        setTyping(null);
        latest.current.focusRow(at);
      },
      ref: (at, element) => {
        rows.current[at] = element;
      },
    }),
    [],
  );
  const ready = board?.rows.filter(isReady).length ?? 0;
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
      {board?.notices.map((notice) => (
        <Alert key={notice.messageKey} color="orange" role="alert" data-testid="bulk-notice">
          {t(notice.messageKey, notice.params)}
        </Alert>
      ))}
      <Text role="status" data-testid="bulk-said">
        {said}
      </Text>
      {board && board.rows.length > 0 && (
        <>
          <Text data-testid="bulk-summary">
            {t('bulk.board.summary', { rows: board.rows.length, orders: board.orders })}
          </Text>
          <Text size="sm" id="bulk-keys">
            {t('bulk.board.keys')}
          </Text>
          <Group>
            <Button
              data-testid="bulk-queue-all"
              disabled={ready === 0}
              onClick={() => void queue()}
            >
              {t('bulk.board.queueAll', { count: ready })}
            </Button>
            {confirmClear ? (
              <Alert color="orange" data-testid="bulk-clear-confirm">
                <Text>{t('bulk.board.clearConfirm')}</Text>
                <Group mt="xs">
                  <Button color="red" onClick={() => void clear()}>
                    {t('bulk.board.clear')}
                  </Button>
                  <Button variant="default" onClick={() => setConfirmClear(false)}>
                    {t('products.cancel')}
                  </Button>
                </Group>
              </Alert>
            ) : (
              <Button variant="default" onClick={() => setConfirmClear(true)}>
                {t('bulk.board.clear')}
              </Button>
            )}
          </Group>
          <Table data-testid="bulk-board" aria-describedby="bulk-keys" highlightOnHover>
            <caption style={{ position: 'absolute', left: -10000 }}>{t('bulk.board.rows')}</caption>
            <Table.Thead>
              <Table.Tr>
                {(['picture', 'source', 'kind', 'order', 'evidence', 'status'] as const).map(
                  (column) => (
                    <Table.Th key={column} scope="col">
                      {t(`bulk.board.columns.${column}`)}
                    </Table.Th>
                  ),
                )}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {board.rows.map((row, i) => (
                <BoardRow
                  key={row.seq}
                  row={row}
                  at={i}
                  loadPreview={loadPreview}
                  focusable={i === focused}
                  typing={typing?.seq === row.seq ? typing.first : null}
                  actions={actions}
                />
              ))}
            </Table.Tbody>
          </Table>
        </>
      )}
    </Stack>
  );
}
