import { Button, Code, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TableHead } from '@renderer/ui/TableHead.tsx';
import { LoadState } from '@renderer/ui/LoadState.tsx';
import { LookupForm } from '@renderer/ui/LookupForm.tsx';
import { SubmitNotice } from '@renderer/ui/SubmitNotice.tsx';
import { useBridge, useCatalog } from '@renderer/app/context.tsx';
import { queryKeys, useAskedRead } from '@renderer/app/queries.ts';
import type { DataSubmission } from '@shared/outbox.ts';
import { draftFromProduct, emptyProductDraft, type ProductDraft } from './product-draft.ts';
import { ProductForm } from './ProductForm.tsx';

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
  const [editing, setEditing] = useState<{
    mode: 'create' | 'update';
    initial: ProductDraft;
  } | null>(null);

  const queue = async (submission: DataSubmission) => {
    if (await submit(submission)) setEditing(null);
  };

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>{t('products.title')}</Title>
        <Button
          size="md"
          onClick={() => setEditing({ mode: 'create', initial: emptyProductDraft() })}
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
        <ProductForm
          key={`${editing.mode}:${editing.initial.sku}`}
          mode={editing.mode}
          initial={editing.initial}
          onQueue={(submission) => void queue(submission)}
          onCancel={() => setEditing(null)}
        />
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
              onClick={() => setEditing({ mode: 'update', initial: draftFromProduct(product) })}
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
