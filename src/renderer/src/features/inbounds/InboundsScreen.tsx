import {
  Badge,
  Button,
  Group,
  NumberInput,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadState } from '../../ui/LoadState.tsx';
import { LookupForm } from '../../ui/LookupForm.tsx';
import { SubmitNotice } from '../../ui/SubmitNotice.tsx';
import { useBridge, useCatalog } from '../../app/context.tsx';
import { queryKeys, useAskedRead } from '../../app/queries.ts';

interface ItemDraft {
  sku: string;
  quantity: number | '';
  batch: string;
  expiry_date: string;
}

const blankItem: ItemDraft = { sku: '', quantity: '', batch: '', expiry_date: '' };

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
  const [warehouse, setWarehouse] = useState('SP01');
  const [expected, setExpected] = useState('');
  const [items, setItems] = useState<ItemDraft[]>([blankItem]);
  const [confirmDelete, setConfirmDelete] = useState(false);

  const create = async () => {
    const payload = {
      inbound: {
        warehouse: warehouse.trim(),
        ...(expected ? { expected_at: expected } : {}),
        items: items
          .filter((i) => i.sku.trim() && i.quantity !== '')
          .map((i) => ({
            sku: i.sku.trim(),
            quantity: Number(i.quantity),
            ...(i.batch.trim() ? { batch: i.batch.trim() } : {}),
            ...(i.expiry_date ? { expiry_date: i.expiry_date } : {}),
          })),
      },
    };
    if (await submit({ kind: 'inbound.create', payload })) setItems([blankItem]);
  };

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
      <Title order={3}>{t('inbounds.new')}</Title>
      <Group>
        <TextInput
          size="md"
          label={t('inventory.warehouse')}
          value={warehouse}
          onChange={(e) => setWarehouse(e.currentTarget.value)}
        />
        <TextInput
          size="md"
          type="date"
          label={t('inbounds.expected')}
          value={expected}
          onChange={(e) => setExpected(e.currentTarget.value)}
        />
      </Group>
      {items.map((item, index) => (
        <Group key={index} data-testid="inbound-item">
          <TextInput
            label="SKU"
            value={item.sku}
            onChange={(e) =>
              setItems(
                items.map((x, i) => (i === index ? { ...x, sku: e.currentTarget.value } : x)),
              )
            }
          />
          <NumberInput
            label={t('station.quantity')}
            value={item.quantity}
            min={1}
            onChange={(v) =>
              setItems(
                items.map((x, i) =>
                  i === index ? { ...x, quantity: v === '' ? '' : Number(v) } : x,
                ),
              )
            }
          />
          <TextInput
            label={t('inventory.batch')}
            value={item.batch}
            onChange={(e) =>
              setItems(
                items.map((x, i) => (i === index ? { ...x, batch: e.currentTarget.value } : x)),
              )
            }
          />
          <TextInput
            type="date"
            label={t('inventory.expiry')}
            value={item.expiry_date}
            onChange={(e) =>
              setItems(
                items.map((x, i) =>
                  i === index ? { ...x, expiry_date: e.currentTarget.value } : x,
                ),
              )
            }
          />
        </Group>
      ))}
      <Group>
        <Button variant="light" onClick={() => setItems([...items, blankItem])}>
          {t('inbounds.addItem')}
        </Button>
        <Button
          size="md"
          onClick={() => void create()}
          disabled={!warehouse.trim() || !items.some((i) => i.sku.trim() && i.quantity !== '')}
        >
          {t('inbounds.create')}
        </Button>
      </Group>
    </Stack>
  );
}
