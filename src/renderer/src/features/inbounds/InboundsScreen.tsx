import { Badge, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadState } from '@renderer/ui/LoadState.tsx';
import { LookupForm } from '@renderer/ui/LookupForm.tsx';
import { SubmitNotice } from '@renderer/ui/SubmitNotice.tsx';
import { useBridge, useCatalog } from '@renderer/app/context.tsx';
import { queryKeys, useAskedRead } from '@renderer/app/queries.ts';
import { InboundForm } from './InboundForm.tsx';

/** Look up an inbound, create one (items with batch and expiry), delete one with confirmation. */
export function InboundsScreen() {
  const { t } = useTranslation();
  const { error, lastSubmit, submit, sendAgain } = useCatalog([
    'error',
    'lastSubmit',
    'submit',
    'sendAgain',
  ]);
  const bridge = useBridge();
  const read = useAskedRead(queryKeys.inbound, (id: string) => bridge.getInbound({ id }));
  const inbound = read.data;
  const openInbound = (id: string) => read.ask(id.trim());
  const [confirmDelete, setConfirmDelete] = useState(false);

  return (
    <Stack>
      <Title order={2}>{t('inbounds.title')}</Title>
      <LookupForm
        label={t('inbounds.id')}
        action={t('inbounds.open')}
        onSubmit={(id) => {
          setConfirmDelete(false);
          openInbound(id);
        }}
      />
      <LoadState loading={read.loading} error={error ?? read.error} />
      <SubmitNotice outcome={lastSubmit} onSendAgain={() => void sendAgain()} />
      {inbound && (
        <Stack gap="xs" data-testid="inbound">
          <Group>
            <Title order={3}>{inbound.id}</Title>
            <Badge>{inbound.status}</Badge>
            <Text>{inbound.warehouse}</Text>
            <Button
              color="red"
              variant={confirmDelete ? 'filled' : 'outline'}
              onClick={() => {
                if (!confirmDelete) return setConfirmDelete(true);
                setConfirmDelete(false);
                void submit({ kind: 'inbound.delete', payload: { id: inbound.id } });
              }}
            >
              {confirmDelete ? t('inbounds.confirmDelete') : t('inbounds.delete')}
            </Button>
          </Group>
          <Table>
            <Table.Tbody>
              {inbound.items.map((item, i) => (
                <Table.Tr key={`${item.sku}-${i}`}>
                  <Table.Td>{item.sku}</Table.Td>
                  <Table.Td>{item.quantity}</Table.Td>
                  <Table.Td>{item.batch ?? ''}</Table.Td>
                  <Table.Td>{item.expiry_date ?? ''}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Stack>
      )}
      <InboundForm onQueue={submit} />
    </Stack>
  );
}
