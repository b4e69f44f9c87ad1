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
import { useTranslation } from 'react-i18next';
import { blankItem, ORDER_STATUSES, type OrderDraft } from './order-draft.ts';
import { useOrders } from '../../app/context.tsx';

type Section = 'customer' | 'address';

/** Create an order, or change one that was opened; checked field by field before queueing. */
export function OrderForm() {
  const { t } = useTranslation();
  const editor = useOrders((s) => s.editor);
  const { changeDraft, closeEditor, save } = useOrders(['changeDraft', 'closeEditor', 'save']);
  if (!editor) return null;
  const { draft, errors, mode } = editor;
  const error = (path: string) => (errors[path] ? t(errors[path]) : undefined);
  const set = (change: Partial<OrderDraft>) => changeDraft({ ...draft, ...change });
  const setIn = (section: Section, field: string, value: string) =>
    changeDraft({ ...draft, [section]: { ...draft[section], [field]: value } });
  const field = (section: Section, name: string, label: string, required = false) => (
    <TextInput
      key={`${section}.${name}`}
      size="md"
      label={label}
      withAsterisk={required}
      value={(draft[section] as Record<string, string>)[name] ?? ''}
      error={error(`${section}.${name}`)}
      onChange={(e) => setIn(section, name, e.currentTarget.value)}
    />
  );
  const setItem = (index: number, change: Partial<OrderDraft['items'][number]>) =>
    set({ items: draft.items.map((item, i) => (i === index ? { ...item, ...change } : item)) });

  return (
    <form
      data-testid="order-form"
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <Stack gap="sm">
        <Title order={3}>
          {mode === 'create' ? t('orderForm.newTitle') : t('orderForm.editTitle', { id: draft.id })}
        </Title>
        {errors.form && <Alert color="yellow">{t(errors.form)}</Alert>}
        <Group align="start">
          <TextInput
            size="md"
            label={t('orders.id')}
            withAsterisk
            value={draft.id}
            disabled={mode === 'update'}
            error={error('id')}
            onChange={(e) => set({ id: e.currentTarget.value })}
          />
          <TextInput
            size="md"
            label={t('inventory.warehouse')}
            withAsterisk
            value={draft.warehouse}
            error={error('warehouse')}
            onChange={(e) => set({ warehouse: e.currentTarget.value })}
          />
          {mode === 'update' && (
            <NativeSelect
              size="md"
              label={t('orders.status')}
              value={draft.status}
              data={ORDER_STATUSES.map((value) => ({ value, label: t(`orderStatus.${value}`) }))}
              onChange={(e) => set({ status: e.currentTarget.value })}
            />
          )}
          <TextInput
            size="md"
            label={t('orderForm.carrier')}
            value={draft.carrier}
            onChange={(e) => set({ carrier: e.currentTarget.value })}
          />
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
            {errors.items && <Alert color="red">{t(errors.items)}</Alert>}
            {draft.items.map((item, index) => (
              <Group key={index} align="start" data-testid="order-item">
                <TextInput
                  size="md"
                  label="SKU"
                  withAsterisk
                  value={item.sku}
                  error={error(`items.${index}.sku`)}
                  onChange={(e) => setItem(index, { sku: e.currentTarget.value })}
                />
                <NumberInput
                  size="md"
                  label={t('station.quantity')}
                  withAsterisk
                  min={1}
                  allowDecimal={false}
                  value={item.quantity}
                  error={error(`items.${index}.quantity`)}
                  onChange={(v) => setItem(index, { quantity: v === '' ? '' : Number(v) })}
                />
                <NumberInput
                  size="md"
                  label={t('products.price')}
                  min={0}
                  decimalScale={2}
                  value={item.unit_price}
                  error={error(`items.${index}.unit_price`)}
                  onChange={(v) => setItem(index, { unit_price: v === '' ? '' : Number(v) })}
                />
                <ActionIcon
                  size="xl"
                  mt={28}
                  variant="light"
                  color="red"
                  aria-label={t('orderForm.removeItem', { n: index + 1 })}
                  onClick={() => set({ items: draft.items.filter((_, i) => i !== index) })}
                >
                  ×
                </ActionIcon>
              </Group>
            ))}
            <Group>
              <Button variant="light" onClick={() => set({ items: [...draft.items, blankItem()] })}>
                {t('inbounds.addItem')}
              </Button>
            </Group>
          </Stack>
        </Fieldset>
        <Textarea
          size="md"
          label={t('orderForm.notes')}
          value={draft.notes}
          autosize
          minRows={2}
          onChange={(e) => set({ notes: e.currentTarget.value })}
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
