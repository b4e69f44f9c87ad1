import { Button, Group, NumberInput, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TableHead } from '@renderer/ui/TableHead.tsx';
import { LoadState } from '@renderer/ui/LoadState.tsx';
import { downloadText } from '@renderer/ui/download.ts';
import { inventoryCsv, inventoryView, type ExpiryTone } from './inventory-view.ts';
import { useBridge, useInventory } from '@renderer/app/context.tsx';
import { queryKeys, useAskedRead } from '@renderer/app/queries.ts';

const ROW_COLOR: Record<ExpiryTone, string | undefined> = {
  expired: 'var(--mantine-color-red-1)',
  soon: 'var(--mantine-color-yellow-1)',
  ok: undefined,
  none: undefined,
};

/** Stock by batch and expiry, first-expiry-first-out, with expired and expiring batches marked. */
export function InventoryScreen({
  today = () => new Date().toISOString().slice(0, 10),
}: {
  today?: () => string;
}) {
  const { t, i18n } = useTranslation();
  const { thresholdDays, setThreshold } = useInventory(['thresholdDays', 'setThreshold']);
  const bridge = useBridge();
  const [sku, setSku] = useState('');
  const [warehouse, setWarehouse] = useState('');
  const inventory = useAskedRead(
    (query: { sku?: string; warehouse?: string }) => queryKeys.inventory(query),
    (query) => bridge.queryInventory(query),
  );
  const rows = inventory.data;
  const search = () =>
    inventory.ask({
      ...(sku.trim() ? { sku: sku.trim() } : {}),
      ...(warehouse.trim() ? { warehouse: warehouse.trim() } : {}),
    });
  const view = rows ? inventoryView(rows, today(), thresholdDays) : null;
  const n = (value: number) => value.toLocaleString(i18n.language);

  const exportCsv = () => {
    if (!view) return;
    downloadText(`packbench-inventory-${today()}.csv`, inventoryCsv(view));
  };

  return (
    <Stack>
      <Title order={2}>{t('inventory.title')}</Title>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          search();
        }}
      >
        <Group align="end">
          <TextInput
            size="md"
            label={t('inventory.sku')}
            value={sku}
            onChange={(e) => setSku(e.currentTarget.value)}
          />
          <TextInput
            size="md"
            label={t('inventory.warehouse')}
            value={warehouse}
            onChange={(e) => setWarehouse(e.currentTarget.value)}
          />
          <NumberInput
            size="md"
            label={t('inventory.threshold')}
            value={thresholdDays}
            min={0}
            max={3650}
            onChange={(v) => setThreshold(Number(v) || 0)}
            w={200}
          />
          <Button type="submit" size="md">
            {t('inventory.search')}
          </Button>
          <Button
            size="md"
            variant="light"
            onClick={exportCsv}
            disabled={!view || view.lines.length === 0}
          >
            {t('inventory.exportCsv')}
          </Button>
        </Group>
      </form>
      <LoadState loading={inventory.loading} error={inventory.error} />
      {view && view.lines.length === 0 && <Text c="dimmed">{t('inventory.empty')}</Text>}
      {view && view.lines.length > 0 && (
        <>
          <Table data-testid="inventory">
            <TableHead
              labels={[
                t('inventory.sku'),
                t('inventory.warehouse'),
                t('inventory.batch'),
                t('inventory.expiry'),
                t('inventory.days'),
                t('inventory.available'),
                t('inventory.reserved'),
              ]}
            />
            <Table.Tbody>
              {view.lines.map((line) => (
                <Table.Tr
                  key={`${line.sku}-${line.warehouse}-${line.batch ?? ''}`}
                  data-tone={line.tone}
                  style={{ background: ROW_COLOR[line.tone] }}
                >
                  <Table.Td>{line.sku}</Table.Td>
                  <Table.Td>{line.warehouse}</Table.Td>
                  <Table.Td>{line.batch ?? '—'}</Table.Td>
                  <Table.Td>
                    {line.expiry_date
                      ? new Date(`${line.expiry_date}T12:00:00Z`).toLocaleDateString(i18n.language)
                      : '—'}
                  </Table.Td>
                  <Table.Td>
                    {line.daysToExpiry === null
                      ? '—'
                      : line.tone === 'expired'
                        ? t('inventory.expiredAgo', { count: -line.daysToExpiry })
                        : t('inventory.daysLeft', { count: line.daysToExpiry })}
                  </Table.Td>
                  <Table.Td>{n(line.available)}</Table.Td>
                  <Table.Td>{n(line.reserved ?? 0)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <Title order={4}>{t('inventory.totals')}</Title>
          <Table data-testid="inventory-totals">
            <Table.Tbody>
              {view.totals.map((total) => (
                <Table.Tr key={total.sku}>
                  <Table.Td>{total.sku}</Table.Td>
                  <Table.Td>
                    {t('inventory.available')}: {n(total.available)}
                  </Table.Td>
                  <Table.Td c={total.expiring > 0 ? 'orange.9' : undefined}>
                    {t('inventory.expiring')}: {n(total.expiring)}
                  </Table.Td>
                  <Table.Td c={total.expired > 0 ? 'red.9' : undefined}>
                    {t('inventory.expired')}: {n(total.expired)}
                  </Table.Td>
                  <Table.Td>
                    {t('inventory.reserved')}: {n(total.reserved)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </>
      )}
    </Stack>
  );
}
