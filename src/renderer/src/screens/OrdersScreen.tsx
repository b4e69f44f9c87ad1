import {
  Alert,
  Badge,
  Button,
  Group,
  Pagination,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadState } from '../components/LoadState.tsx';
import { useOrders, useStation, useStatus } from '../stores/context.tsx';

/** The order listing (API v1.1 and later), with from / to / updated filters. */
export function OrdersScreen({ onOpen }: { onOpen?: () => void }) {
  const { t, i18n } = useTranslation();
  const { page, loading, error, filters, load } = useOrders((s) => s);
  const apiVersion = useStatus((s) => s.status?.profile.apiVersion);
  const lookup = useStation((s) => s.lookup);
  const [draft, setDraft] = useState(filters);

  useEffect(() => {
    if (apiVersion === 'v1.1') void load(filters);
    // Load once when the screen opens (or the version becomes known); filters apply on submit.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [apiVersion]);

  if (apiVersion === 'v1') {
    return (
      <Stack>
        <Title order={2}>{t('orders.title')}</Title>
        <Alert color="orange" data-testid="orders-need-v11">
          {t('orders.needsV11')}
        </Alert>
      </Stack>
    );
  }

  const pages = page?.total && page.page_size ? Math.ceil(page.total / page.page_size) : 1;
  return (
    <Stack>
      <Title order={2}>{t('orders.title')}</Title>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void load(draft);
        }}
      >
        <Group align="end">
          {(['from', 'to', 'updated'] as const).map((field) => (
            <TextInput
              key={field}
              type="date"
              size="md"
              label={t(`orders.${field}`)}
              value={draft[field] ?? ''}
              onChange={(e) => setDraft({ ...draft, [field]: e.currentTarget.value })}
            />
          ))}
          <Button type="submit" size="md">
            {t('orders.filter')}
          </Button>
        </Group>
      </form>
      <LoadState loading={loading} error={error} />
      {page && page.data.length === 0 && <Text c="dimmed">{t('orders.empty')}</Text>}
      {page && page.data.length > 0 && (
        <Table striped highlightOnHover data-testid="orders">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('orders.id')}</Table.Th>
              <Table.Th>{t('orders.status')}</Table.Th>
              <Table.Th>{t('station.customer')}</Table.Th>
              <Table.Th>{t('orders.created')}</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {page.data.map((order) => (
              <Table.Tr key={order.id}>
                <Table.Td>{order.id}</Table.Td>
                <Table.Td>
                  <Badge>{t(`orderStatus.${order.status}`, { defaultValue: order.status })}</Badge>
                </Table.Td>
                <Table.Td>{order.customer?.name ?? ''}</Table.Td>
                <Table.Td>
                  {order.created_at ? new Date(order.created_at).toLocaleString(i18n.language) : ''}
                </Table.Td>
                <Table.Td>
                  <Button
                    size="sm"
                    variant="light"
                    onClick={() => {
                      void lookup(order.id);
                      onOpen?.();
                    }}
                  >
                    {t('orders.open')}
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {page && pages > 1 && (
        <Pagination total={pages} value={page.page ?? 1} onChange={(n) => void load(filters, n)} />
      )}
    </Stack>
  );
}
