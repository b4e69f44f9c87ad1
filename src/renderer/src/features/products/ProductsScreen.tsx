import {
  Button,
  Checkbox,
  Code,
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
import { TableHead } from '../../ui/TableHead.tsx';
import type { Product } from '../../../../shared/api/schemas.ts';
import { LoadState } from '../../ui/LoadState.tsx';
import { LookupForm } from '../../ui/LookupForm.tsx';
import { SubmitNotice } from '../../ui/SubmitNotice.tsx';
import { useBridge, useCatalog } from '../../app/context.tsx';
import { queryKeys, useAskedRead } from '../../app/queries.ts';

interface Draft {
  sku: string;
  name: string;
  barcode: string;
  unit_price: number | '';
  batch_controlled: boolean;
  active: boolean;
}

const empty: Draft = {
  sku: '',
  name: '',
  barcode: '',
  unit_price: '',
  batch_controlled: false,
  active: true,
};
const fromProduct = (p: Product): Draft => ({
  sku: p.sku,
  name: p.name,
  barcode: p.barcode ?? '',
  unit_price: p.unit_price ?? '',
  batch_controlled: p.batch_controlled ?? false,
  active: p.active ?? true,
});

/** Search, view (with every field the service sent), create and update products. */
export function ProductsScreen() {
  const { t, i18n } = useTranslation();
  const { error, lastSubmit, submit, sendAgain } = useCatalog([
    'error',
    'lastSubmit',
    'submit',
    'sendAgain',
  ]);
  const bridge = useBridge();
  const list = useAskedRead(
    (search: string) => queryKeys.products({ search, page: 1 }),
    (search) =>
      bridge.listProducts({ ...(search.trim() ? { search: search.trim() } : {}), page: 1 }),
  );
  const detail = useAskedRead(queryKeys.product, (sku: string) => bridge.getProduct({ sku }));
  const products = list.data;
  const product = detail.data;
  const searchProducts = (text: string) => list.ask(text);
  const openProduct = (sku: string) => detail.ask(sku.trim());
  const [draft, setDraft] = useState<Draft>(empty);
  const [editing, setEditing] = useState<'create' | 'update' | null>(null);

  const save = async () => {
    const payload = {
      sku: draft.sku.trim(),
      name: draft.name.trim(),
      ...(draft.barcode.trim() ? { barcode: draft.barcode.trim() } : {}),
      ...(draft.unit_price === '' ? {} : { unit_price: Number(draft.unit_price) }),
      batch_controlled: draft.batch_controlled,
      active: draft.active,
    };
    const queued = await submit(
      editing === 'update'
        ? { kind: 'product.update', payload: { product: payload } }
        : { kind: 'product.create', payload: { product: payload } },
    );
    if (queued) setEditing(null);
  };

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>{t('products.title')}</Title>
        <Button
          size="md"
          onClick={() => {
            setDraft(empty);
            setEditing('create');
          }}
        >
          {t('products.new')}
        </Button>
      </Group>
      <LookupForm
        label={t('products.search')}
        action={t('products.find')}
        optional
        width={360}
        onSubmit={(text) => searchProducts(text)}
      />
      <LoadState
        loading={list.loading || detail.loading}
        error={error ?? list.error ?? detail.error}
      />
      <SubmitNotice outcome={lastSubmit} onSendAgain={() => void sendAgain()} />
      {editing && (
        <Stack gap="xs" data-testid="product-form">
          <Title order={3}>{t(editing === 'create' ? 'products.new' : 'products.edit')}</Title>
          <Group>
            <TextInput
              size="md"
              label="SKU"
              value={draft.sku}
              disabled={editing === 'update'}
              onChange={(e) => setDraft({ ...draft, sku: e.currentTarget.value })}
            />
            <TextInput
              size="md"
              label={t('products.name')}
              value={draft.name}
              onChange={(e) => setDraft({ ...draft, name: e.currentTarget.value })}
              w={320}
            />
            <TextInput
              size="md"
              label={t('products.barcode')}
              value={draft.barcode}
              onChange={(e) => setDraft({ ...draft, barcode: e.currentTarget.value })}
            />
            <NumberInput
              size="md"
              label={t('products.price')}
              value={draft.unit_price}
              min={0}
              decimalScale={2}
              onChange={(v) => setDraft({ ...draft, unit_price: v === '' ? '' : Number(v) })}
            />
          </Group>
          <Group>
            <Checkbox
              size="md"
              label={t('products.batches')}
              checked={draft.batch_controlled}
              onChange={(e) => setDraft({ ...draft, batch_controlled: e.currentTarget.checked })}
            />
            <Checkbox
              size="md"
              label={t('products.active')}
              checked={draft.active}
              onChange={(e) => setDraft({ ...draft, active: e.currentTarget.checked })}
            />
          </Group>
          <Group>
            <Button
              size="md"
              onClick={() => void save()}
              disabled={!draft.sku.trim() || !draft.name.trim()}
            >
              {t('products.save')}
            </Button>
            <Button size="md" variant="subtle" onClick={() => setEditing(null)}>
              {t('products.cancel')}
            </Button>
          </Group>
        </Stack>
      )}
      {products && products.data.length === 0 && <Text c="dimmed">{t('products.empty')}</Text>}
      {products && products.data.length > 0 && (
        <Table striped highlightOnHover data-testid="products">
          <TableHead labels={['SKU', t('products.name'), t('products.price'), '']} />
          <Table.Tbody>
            {products.data.map((p) => (
              <Table.Tr key={p.sku}>
                <Table.Td>{p.sku}</Table.Td>
                <Table.Td>{p.name}</Table.Td>
                <Table.Td>
                  {p.unit_price === undefined
                    ? ''
                    : p.unit_price.toLocaleString(i18n.language, { minimumFractionDigits: 2 })}
                </Table.Td>
                <Table.Td>
                  <Button size="sm" variant="light" onClick={() => openProduct(p.sku)}>
                    {t('products.view')}
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {product && (
        <Stack gap="xs" data-testid="product-detail">
          <Group justify="space-between">
            <Title order={3}>
              {product.sku} · {product.name}
            </Title>
            <Button
              size="md"
              variant="light"
              onClick={() => {
                setDraft(fromProduct(product));
                setEditing('update');
              }}
            >
              {t('products.edit')}
            </Button>
          </Group>
          <Text size="sm">{t('products.raw')}</Text>
          <Code block>{JSON.stringify(product, null, 2)}</Code>
        </Stack>
      )}
    </Stack>
  );
}
