import { Button, Checkbox, Group, NumberInput, Stack, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { formErrors } from '@renderer/ui/forms/api-rules.ts';
import { productSubmission, type ProductDraft } from './product-draft.ts';
import type { DataSubmission } from '@shared/outbox.ts';

/** Creates or updates a product; the rules are the generated ProductCreate/ProductUpdate schemas. */
export function ProductForm({
  mode,
  initial,
  onQueue,
  onCancel,
}: {
  mode: 'create' | 'update';
  initial: ProductDraft;
  onQueue: (submission: DataSubmission) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const form = useForm<ProductDraft>({
    mode: 'controlled',
    initialValues: initial,
    validate: (values) => {
      const outcome = productSubmission(values, mode);
      return outcome.ok ? {} : formErrors(t, outcome.errors);
    },
  });
  const values = form.getValues();
  const queue = (draft: ProductDraft) => {
    const outcome = productSubmission(draft, mode);
    if (outcome.ok) onQueue(outcome.value);
  };
  return (
    <form data-testid="product-form" onSubmit={form.onSubmit(queue)}>
      <Stack gap="xs">
        <Title order={3}>{t(mode === 'create' ? 'products.new' : 'products.edit')}</Title>
        <Group align="start">
          <TextInput
            size="md"
            label="SKU"
            disabled={mode === 'update'}
            {...form.getInputProps('sku')}
          />
          <TextInput size="md" label={t('products.name')} w={320} {...form.getInputProps('name')} />
          <TextInput size="md" label={t('products.barcode')} {...form.getInputProps('barcode')} />
          <NumberInput
            size="md"
            label={t('products.price')}
            min={0}
            decimalScale={2}
            {...form.getInputProps('unit_price')}
          />
        </Group>
        <Group>
          <Checkbox
            size="md"
            label={t('products.batches')}
            {...form.getInputProps('batch_controlled', { type: 'checkbox' })}
          />
          <Checkbox
            size="md"
            label={t('products.active')}
            {...form.getInputProps('active', { type: 'checkbox' })}
          />
        </Group>
        <Group>
          <Button type="submit" size="md" disabled={!values.sku.trim() || !values.name.trim()}>
            {t('products.save')}
          </Button>
          <Button size="md" variant="subtle" onClick={onCancel}>
            {t('products.cancel')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
