import { BarChart } from '@mantine/charts';
import { Button, Group, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SupervisorAnswer, SupervisorQuery } from '@shared/records.ts';
import type { AppError } from '@shared/result.ts';
import { useBridge } from '@renderer/app/context.tsx';
import { downloadText } from '@renderer/ui/download.ts';
import { LoadState } from '@renderer/ui/LoadState.tsx';

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const COLUMNS = [
  'day',
  'station',
  'packer',
  'packs',
  'units',
  'unitsPerHour',
  'errorsPer100',
  'fefoOverrides',
  'shortPacks',
  'weightOverrides',
] as const;

/**
 * The supervisor's days (issue #40): per day, station and packer, packs and units, units per
 * packing hour, refused scans per hundred units, FEFO overrides and why, short packs and weight
 * holds let go; a bar chart of units per packer beside the table, and the same rows as CSV.
 */
export function SupervisorView() {
  const { t } = useTranslation();
  const bridge = useBridge();
  // The last seven days, today included, as the screen opens.
  const [query, setQuery] = useState<SupervisorQuery>(() => {
    const now = Date.now();
    return { from: isoDay(now - 6 * 86_400_000), to: isoDay(now) };
  });
  const [answer, setAnswer] = useState<SupervisorAnswer | null>(null);
  const [error, setError] = useState<AppError | null>(null);
  const [busy, setBusy] = useState(false);

  const show = async () => {
    setBusy(true);
    setError(null);
    const result = await bridge.supervisor(query);
    setBusy(false);
    if (result.ok) setAnswer(result.value);
    else setError(result.error);
  };
  const exportCsv = async () => {
    const result = await bridge.supervisorCsv(query);
    if (!result.ok) return setError(result.error);
    downloadText(`packbench-supervisor-${query.from}-${query.to}.csv`, result.value.csv);
  };
  const reasons = (row: SupervisorAnswer['rows'][number]) =>
    Object.entries(row.fefoReasons)
      .map(([reason, n]) => `${t(`pack.reasons.${reason}`, { defaultValue: reason })} ${n}`)
      .join(', ');
  const perPacker = new Map<string, number>();
  for (const row of answer?.rows ?? [])
    perPacker.set(
      `${row.packer} · ${row.station}`,
      (perPacker.get(`${row.packer} · ${row.station}`) ?? 0) + row.units,
    );

  return (
    <Stack data-testid="supervisor">
      <Title order={3}>{t('records.supervisor.title')}</Title>
      <Text>{t('records.supervisor.intro')}</Text>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void show();
        }}
      >
        <Group align="end">
          <TextInput
            type="date"
            label={t('records.supervisor.from')}
            value={query.from}
            onChange={(e) => setQuery({ ...query, from: e.currentTarget.value })}
            required
          />
          <TextInput
            type="date"
            label={t('records.supervisor.to')}
            value={query.to}
            onChange={(e) => setQuery({ ...query, to: e.currentTarget.value })}
            required
          />
          <Button type="submit" loading={busy} data-testid="supervisor-show">
            {t('records.supervisor.show')}
          </Button>
          <Button
            variant="light"
            disabled={!answer || answer.rows.length === 0}
            onClick={() => void exportCsv()}
          >
            {t('records.screen.exportCsv')}
          </Button>
        </Group>
      </form>
      <LoadState error={error} />
      {answer && (
        <>
          <Text data-testid="supervisor-source" data-source={answer.source}>
            {t(answer.source === 'station' ? 'records.screen.stationOnly' : 'records.screen.fleet')}
          </Text>
          {answer.rows.length === 0 ? (
            <Text role="status">{t('records.supervisor.none')}</Text>
          ) : (
            <>
              <BarChart
                h={220}
                data={[...perPacker].map(([who, units]) => ({ who, units }))}
                dataKey="who"
                series={[
                  { name: 'units', label: t('records.supervisor.columns.units'), color: 'blue.7' },
                ]}
                aria-label={t('records.supervisor.chart')}
                role="img"
              />
              <div
                role="region"
                aria-label={t('records.supervisor.title')}
                tabIndex={0}
                style={{ overflowX: 'auto' }}
              >
                <Table data-testid="supervisor-rows" striped miw={1000}>
                  <Table.Thead>
                    <Table.Tr>
                      {COLUMNS.map((column) => (
                        <Table.Th key={column} scope="col">
                          {t(`records.supervisor.columns.${column}`)}
                        </Table.Th>
                      ))}
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {answer.rows.map((row) => (
                      <Table.Tr
                        key={`${row.day}#${row.station}#${row.packer}`}
                        data-testid="supervisor-row"
                      >
                        <Table.Td>{row.day}</Table.Td>
                        <Table.Td>{row.station}</Table.Td>
                        <Table.Td>{row.packer}</Table.Td>
                        <Table.Td>{row.packs}</Table.Td>
                        <Table.Td>{row.units}</Table.Td>
                        <Table.Td>{row.unitsPerHour ?? '—'}</Table.Td>
                        <Table.Td>{row.errorsPer100 ?? '—'}</Table.Td>
                        <Table.Td>
                          {row.fefoOverrides}
                          {row.fefoOverrides > 0 && <Text size="sm">{reasons(row)}</Text>}
                        </Table.Td>
                        <Table.Td>{row.shortPacks}</Table.Td>
                        <Table.Td>{row.weightOverrides}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </div>
            </>
          )}
        </>
      )}
    </Stack>
  );
}
