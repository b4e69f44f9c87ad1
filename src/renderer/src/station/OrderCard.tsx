import { Badge, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { TableHead } from '../components/TableHead.tsx';
import type { OrderLookup } from '../../../shared/ipc/channels.ts';
import { TrackingTimeline } from '../components/TrackingTimeline.tsx';

/** What the operator needs to pack one order: items, invoice and label state, tracking. */
export function OrderCard({ lookup }: { lookup: OrderLookup }) {
  const { t, i18n } = useTranslation();
  const { order, trackings } = lookup;
  const labels = order.labels ?? [];
  const tracking = trackings[0];
  return (
    <Card withBorder padding="lg" data-testid="order-card">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2}>{order.id}</Title>
          <Badge size="xl">
            {t(`orderStatus.${order.status}`, { defaultValue: order.status })}
          </Badge>
        </Group>
        {order.customer && (
          <Text>
            {t('station.customer')}: {order.customer.name}
          </Text>
        )}
        <Title order={4}>{t('station.items')}</Title>
        <Table striped fz="lg">
          <TableHead labels={[t('station.sku'), t('station.quantity')]} />
          <Table.Tbody>
            {order.items.map((item) => (
              <Table.Tr key={item.sku}>
                <Table.Td>{item.sku}</Table.Td>
                <Table.Td>{item.quantity.toLocaleString(i18n.language)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <Group>
          <Text fw={600}>{t('station.invoice')}:</Text>
          <Badge color={order.invoice ? 'green' : 'gray'} data-testid="invoice-state">
            {order.invoice
              ? t('station.invoiceReceived', { hash: order.invoice.sha256.slice(0, 8) })
              : t('station.invoiceMissing')}
          </Badge>
          <Text fw={600}>{t('station.labels')}:</Text>
          <Badge color={labels.length ? 'green' : 'gray'} data-testid="label-state">
            {labels.length
              ? t('station.labelsCount', { count: labels.length })
              : t('station.labelsNone')}
          </Badge>
        </Group>
        <Title order={4}>{t('station.tracking')}</Title>
        {tracking ? (
          <Stack gap="xs" data-testid="tracking">
            <Text>
              {tracking.carrier} · {tracking.code}
            </Text>
            <TrackingTimeline events={tracking.events} />
          </Stack>
        ) : (
          <Text c="dimmed">{t('station.trackingNone')}</Text>
        )}
      </Stack>
    </Card>
  );
}
