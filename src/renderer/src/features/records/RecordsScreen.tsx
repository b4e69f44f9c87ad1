import {
  Alert,
  Button,
  Group,
  SegmentedControl,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RecallAnswer, RecallQueryInput } from '@shared/records.ts';
import type { AppError } from '@shared/result.ts';
import { useBridge } from '@renderer/app/context.tsx';
import { downloadText } from '@renderer/ui/download.ts';
import { LoadState } from '@renderer/ui/LoadState.tsx';
import { ClipPlayer } from '@renderer/ui/evidence/ClipPlayer.tsx';
import { SupervisorView } from './SupervisorView.tsx';

type By = RecallQueryInput['by'];
const COLUMNS = [
  'order',
  'sku',
  'gtin',
  'lot',
  'expiry',
  'quantity',
  'customer',
  'city',
  'packedAt',
  'station',
  'packer',
  'label',
  'invoice',
  'clip',
] as const;

/**
 * Records (issue #40): a recall by lot, order or GTIN (a SKU and dates narrow it), from the
 * fleet's PostgreSQL, or from this station's own records when none is set, and said so. The
 * same rows export as a sortable spreadsheet (CSV, UTF-8 with BOM, ISO dates).
 */
export function RecordsScreen() {
  const { t, i18n } = useTranslation();
  const bridge = useBridge();
  const [by, setBy] = useState<By>('lot');
  const [value, setValue] = useState('');
  const [sku, setSku] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [answer, setAnswer] = useState<RecallAnswer | null>(null);
  const [busy, setBusy] = useState(false);
  /** The order whose clip plays (issue #41): this station's own clip of it, if it has one. */
  const [playing, setPlaying] = useState<string | null>(null);
  const [error, setError] = useState<AppError | null>(null);

  const query = (): RecallQueryInput => ({
    by,
    value,
    ...(sku.trim() ? { sku } : {}),
    ...(from ? { from } : {}),
    ...(to ? { to } : {}),
  });
  const search = async () => {
    if (!value.trim()) return;
    setBusy(true);
    setError(null);
    const result = await bridge.recall(query());
    setBusy(false);
    if (result.ok) setAnswer(result.value);
    else setError(result.error);
  };
  const exportCsv = async () => {
    const result = await bridge.recallCsv(query());
    if (!result.ok) return setError(result.error);
    downloadText(
      `packbench-recall-${by}-${value.trim().replace(/[^\w.-]/g, '_')}.csv`,
      result.value.csv,
    );
  };
  const yes = (flag: boolean) => (flag ? t('records.screen.yes') : t('records.screen.no'));

  return (
    <Stack>
      <Title order={2}>{t('records.screen.title')}</Title>
      <Text>{t('records.screen.intro')}</Text>
      <form
        data-testid="recall-form"
        onSubmit={(event) => {
          event.preventDefault();
          void search();
        }}
      >
        <Stack gap="sm" maw={720}>
          <div role="group" aria-label={t('records.screen.by')}>
            <Text size="sm" fw={500}>
              {t('records.screen.by')}
            </Text>
            <SegmentedControl
              value={by}
              onChange={(next) => setBy(next as By)}
              data={[
                { value: 'lot', label: t('records.screen.byLot') },
                { value: 'order', label: t('records.screen.byOrder') },
                { value: 'gtin', label: t('records.screen.byGtin') },
              ]}
            />
          </div>
          <TextInput
            size="md"
            label={t('records.screen.value')}
            value={value}
            onChange={(e) => setValue(e.currentTarget.value)}
            data-testid="recall-value"
            required
            autoComplete="off"
          />
          <Group grow>
            <TextInput
              label={t('records.screen.sku')}
              value={sku}
              onChange={(e) => setSku(e.currentTarget.value)}
            />
            <TextInput
              type="date"
              label={t('records.screen.from')}
              value={from}
              onChange={(e) => setFrom(e.currentTarget.value)}
            />
            <TextInput
              type="date"
              label={t('records.screen.to')}
              value={to}
              onChange={(e) => setTo(e.currentTarget.value)}
            />
          </Group>
          <Group>
            <Button type="submit" size="md" loading={busy} data-testid="recall-search">
              {t('records.screen.search')}
            </Button>
            <Button
              size="md"
              variant="light"
              disabled={!answer || answer.rows.length === 0}
              onClick={() => void exportCsv()}
            >
              {t('records.screen.exportCsv')}
            </Button>
          </Group>
        </Stack>
      </form>
      <LoadState error={error} />
      {answer && (
        <>
          <Alert
            color={answer.source === 'station' ? 'orange' : 'blue'}
            data-testid="recall-source"
            data-source={answer.source}
          >
            {t(answer.source === 'station' ? 'records.screen.stationOnly' : 'records.screen.fleet')}
          </Alert>
          <Text role="status" data-testid="recall-count">
            {answer.rows.length > 0
              ? t('records.screen.found', { count: answer.rows.length })
              : t('records.screen.none')}
          </Text>
          {answer.rows.length > 0 && (
            // A region the keyboard can scroll sideways: thirteen columns do not fit every screen.
            <div
              role="region"
              aria-label={t('records.screen.title')}
              tabIndex={0}
              style={{ overflowX: 'auto' }}
            >
              <Table data-testid="recall-rows" striped miw={1200}>
                <Table.Thead>
                  <Table.Tr>
                    {COLUMNS.map((column) => (
                      <Table.Th key={column} scope="col">
                        {t(`records.screen.columns.${column}`)}
                      </Table.Th>
                    ))}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {answer.rows.map((row) => (
                    <Table.Tr
                      key={`${row.order}#${row.packedAt}#${row.sku}#${row.lot ?? ''}`}
                      data-testid="recall-row"
                    >
                      <Table.Td>{row.order}</Table.Td>
                      <Table.Td>{row.sku}</Table.Td>
                      <Table.Td>{row.gtin ?? ''}</Table.Td>
                      <Table.Td>{row.lot ?? ''}</Table.Td>
                      <Table.Td>{row.expiry ?? ''}</Table.Td>
                      <Table.Td>{row.quantity}</Table.Td>
                      <Table.Td>{row.customer ?? ''}</Table.Td>
                      <Table.Td>{row.city ?? ''}</Table.Td>
                      <Table.Td>{new Date(row.packedAt).toLocaleString(i18n.language)}</Table.Td>
                      <Table.Td>{row.station}</Table.Td>
                      <Table.Td>{row.packer}</Table.Td>
                      <Table.Td>{yes(row.labelDelivered)}</Table.Td>
                      <Table.Td>{yes(row.invoiceDelivered)}</Table.Td>
                      <Table.Td>
                        <Button
                          size="compact-sm"
                          variant="light"
                          onClick={() => setPlaying(row.order)}
                          aria-label={`${t('camera.player.open')} ${row.order}`}
                        >
                          {t('camera.player.open')}
                        </Button>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </div>
          )}
        </>
      )}
      <ClipPlayer orderId={playing} onClose={() => setPlaying(null)} />
      <SupervisorView />
    </Stack>
  );
}
