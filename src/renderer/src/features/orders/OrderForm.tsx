import {
  ActionIcon,
  Alert,
  Button,
  Fieldset,
  Group,
  NativeSelect,
  NumberInput,
  Stack,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { formErrors } from '@renderer/ui/forms/api-rules.ts';
import { blankItem, orderPayload, ORDER_STATUSES, type OrderDraft } from './order-draft.ts';
import { useOrders } from './orders-store.ts';
import type { OrderEditor } from './orders-store.ts';

type Section = 'customer' | 'address';

/** Create an order, or change one that was opened; checked field by field before queueing. */
export function OrderForm() {
  const editor = useOrders((s) => s.editor);
  // A new form state for each order opened (and for a new one).
  return editor ? (
    <OrderFields key={`${editor.mode}:${editor.original?.id ?? ''}`} editor={editor} />
  ) : null;
}

function OrderFields({ editor }: { editor: OrderEditor }) {
  const { t } = useTranslation();
  const { closeEditor, save } = useOrders(['closeEditor', 'save']);
  const { mode, original } = editor;
  // The form's rules are the generated OrderCreate/OrderUpdate schemas (see order-draft.ts).
  const form = useForm<OrderDraft>({
    mode: 'controlled',
    initialValues: editor.draft,
    validate: (values) => {
      const outcome = original ? orderPayload(values, original) : orderPayload(values);
      return outcome.ok ? {} : formErrors(t, outcome.errors);
    },
  });
  const draft = form.getValues();
  const field = (section: Section, name: string, label: string, required = false) => (
    <TextInput
      key={`${section}.${name}`}
      size="md"
      label={label}
      withAsterisk={required}
      {...form.getInputProps(`${section}.${name}`)}
    />
  );

  return (
    <form data-testid="order-form" onSubmit={form.onSubmit((values) => void save(values))}>
      <Stack gap="sm">
        <Title order={3}>
          {mode === 'create' ? t('orderForm.newTitle') : t('orderForm.editTitle', { id: draft.id })}
        </Title>
        {form.errors.form && <Alert color="yellow">{form.errors.form}</Alert>}
        <Group align="start">
          <TextInput
            size="md"
            label={t('orders.id')}
            withAsterisk
            disabled={mode === 'update'}
            {...form.getInputProps('id')}
          />
          <TextInput
            size="md"
            label={t('inventory.warehouse')}
            withAsterisk
            {...form.getInputProps('warehouse')}
          />
          {mode === 'update' && (
            <NativeSelect
              size="md"
              label={t('orders.status')}
              data={ORDER_STATUSES.map((value) => ({ value, label: t(`orderStatus.${value}`) }))}
              {...form.getInputProps('status')}
            />
          )}
          <TextInput size="md" label={t('orderForm.carrier')} {...form.getInputProps('carrier')} />
        </Group>
        <Fieldset legend={t('station.customer')}>
          <Group align="start">
            {field('customer', 'name', t('orderForm.name'), true)}
            {field('customer', 'document', t('orderForm.document'))}
            {field('customer', 'email', t('orderForm.email'))}
            {field('customer', 'phone', t('orderForm.phone'))}
          </Group>
        </Fieldset>
        <Fieldset legend={t('orderForm.address')}>
          <Group align="start">
            {field('address', 'street', t('orderForm.street'), true)}
            {field('address', 'number', t('orderForm.number'))}
            {field('address', 'complement', t('orderForm.complement'))}
            {field('address', 'district', t('orderForm.district'))}
            {field('address', 'city', t('orderForm.city'), true)}
            {field('address', 'state', t('orderForm.state'), true)}
            {field('address', 'postal_code', t('orderForm.postalCode'), true)}
            {field('address', 'country', t('orderForm.country'), true)}
          </Group>
        </Fieldset>
        <Fieldset legend={t('station.items')}>
          <Stack gap="xs">
            {form.errors.items && <Alert color="red">{form.errors.items}</Alert>}
            {draft.items.map((_item, index) => (
              <Group key={index} align="start" data-testid="order-item">
                <TextInput
                  size="md"
                  label="SKU"
                  withAsterisk
                  {...form.getInputProps(`items.${index}.sku`)}
                />
                <NumberInput
                  size="md"
                  label={t('station.quantity')}
                  withAsterisk
                  min={1}
                  allowDecimal={false}
                  {...form.getInputProps(`items.${index}.quantity`)}
                />
                <NumberInput
                  size="md"
                  label={t('products.price')}
                  min={0}
                  decimalScale={2}
                  {...form.getInputProps(`items.${index}.unit_price`)}
                />
                <ActionIcon
                  size="xl"
                  mt={28}
                  variant="light"
                  color="red"
                  aria-label={t('orderForm.removeItem', { n: index + 1 })}
                  onClick={() => form.removeListItem('items', index)}
                >
                  ×
                </ActionIcon>
              </Group>
            ))}
            <Group>
              <Button variant="light" onClick={() => form.insertListItem('items', blankItem())}>
                {t('inbounds.addItem')}
              </Button>
            </Group>
          </Stack>
        </Fieldset>
        <Textarea
          size="md"
          label={t('orderForm.notes')}
          autosize
          minRows={2}
          {...form.getInputProps('notes')}
        />
        <Group>
          <Button type="submit" size="md">
            {t('products.save')}
          </Button>
          <Button size="md" variant="default" onClick={closeEditor}>
            {t('products.cancel')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
