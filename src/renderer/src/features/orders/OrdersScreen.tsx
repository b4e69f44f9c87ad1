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
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TableHead } from '@renderer/ui/TableHead.tsx';
import { LoadState } from '@renderer/ui/LoadState.tsx';
import { LookupForm } from '@renderer/ui/LookupForm.tsx';
import { SubmitNotice } from '@renderer/ui/SubmitNotice.tsx';
import { useQuery } from '@tanstack/react-query';
import { useBridge, useStation, useStatus } from '@renderer/app/context.tsx';
import { useOrders } from './orders-store.ts';
import { queryKeys, readError, unwrap } from '@renderer/app/queries.ts';
import type { OrderFilters } from './orders-store.ts';
import { OrderForm } from './OrderForm.tsx';

/**
 * Orders: create one, change one by its number (any API version), and the listing with from /
 * to / updated filters (v1.1 and later).
 */
export function OrdersScreen({ onOpen }: { onOpen?: () => void }) {
  const { t } = useTranslation();
  const { error, lastSubmit, editor, startNew, openForEdit, sendAgain } = useOrders([
    'error',
    'lastSubmit',
    'editor',
    'startNew',
    'openForEdit',
    'sendAgain',
  ]);
  const apiVersion = useStatus((s) => s.status?.profile.apiVersion);

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>{t('orders.title')}</Title>
        <Button size="md" onClick={() => startNew()}>
          {t('orderForm.new')}
        </Button>
      </Group>
      <LookupForm
        label={t('orderForm.editById')}
        action={t('products.edit')}
        variant="light"
        onSubmit={(id) => void openForEdit(id)}
      />
      <SubmitNotice outcome={lastSubmit} onSendAgain={() => void sendAgain()} />
      {editor ? (
        <>
          <LoadState error={error} />
          <OrderForm />
        </>
      ) : apiVersion === 'v1' ? (
        <>
          <LoadState error={error} />
          <Alert color="orange" data-testid="orders-need-v11">
            {t('orders.needsV11')}
          </Alert>
        </>
      ) : (
        <OrderList onOpen={onOpen} ready={apiVersion === 'v1.1'} />
      )}
    </Stack>
  );
}

function OrderList({ onOpen, ready }: { onOpen?: () => void; ready: boolean }) {
  const { t, i18n } = useTranslation();
  const { loading, error, filters, pageNumber, setFilters, openForEdit } = useOrders([
    'loading',
    'error',
    'filters',
    'pageNumber',
    'setFilters',
    'openForEdit',
  ]);
  const bridge = useBridge();
  // One cached read per filters and page; asked once the API version allows the listing.
  const list = useQuery({
    queryKey: queryKeys.orders({ ...filters, page: pageNumber }),
    queryFn: () => unwrap(bridge.listOrders({ ...filters, page: pageNumber })),
    enabled: ready,
  });
  const page = list.data ?? null;
  const load = (next: OrderFilters, n = 1) => {
    if (JSON.stringify(next) === JSON.stringify(filters) && n === pageNumber) void list.refetch();
    else setFilters(next, n);
  };
  const lookup = useStation((s) => s.lookup);
  const [draft, setDraft] = useState(filters);

  const pages = page?.total && page.page_size ? Math.ceil(page.total / page.page_size) : 1;
  return (
    <Stack>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          load(draft);
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
      <LoadState loading={loading || list.isFetching} error={error ?? readError(list.error)} />
      {page && page.data.length === 0 && <Text c="dimmed">{t('orders.empty')}</Text>}
      {page && page.data.length > 0 && (
        <Table striped highlightOnHover data-testid="orders">
          <TableHead
            labels={[
              t('orders.id'),
              t('orders.status'),
              t('station.customer'),
              t('orders.created'),
              '',
            ]}
          />
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
                  <Group gap="xs" wrap="nowrap">
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
                    <Button
                      size="sm"
                      variant="default"
                      aria-label={`${t('products.edit')} ${order.id}`}
                      onClick={() => void openForEdit(order.id)}
                    >
                      {t('products.edit')}
                    </Button>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {page && pages > 1 && (
        <Pagination
          total={pages}
          value={page.page ?? 1}
          onChange={(n) => load(filters, n)}
          getItemProps={(n) => ({ 'aria-label': t('orders.page', { page: n }) })}
          getControlProps={(control) => ({ 'aria-label': t(`orders.${control}Page`) })}
        />
      )}
    </Stack>
  );
}
