import { Alert, Button, Group, NumberInput, Stack, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import type { DataSubmission } from '@shared/outbox.ts';
import { formErrors } from '@renderer/ui/forms/api-rules.ts';
import {
  blankInboundItem,
  emptyInboundDraft,
  inboundSubmission,
  type InboundDraft,
} from './inbound-draft.ts';

/** A new inbound (items with batch and expiry); the rules are the generated InboundCreate schema. */
export function InboundForm({
  onQueue,
}: {
  onQueue: (submission: DataSubmission) => Promise<boolean>;
}) {
  const { t } = useTranslation();
  const form = useForm<InboundDraft>({
    mode: 'controlled',
    initialValues: emptyInboundDraft(),
    validate: (values) => {
      const outcome = inboundSubmission(values);
      return outcome.ok ? {} : formErrors(t, outcome.errors);
    },
  });
  const values = form.getValues();
  const queue = async (draft: InboundDraft) => {
    const outcome = inboundSubmission(draft);
    if (outcome.ok && (await onQueue(outcome.value)))
      form.setFieldValue('items', [blankInboundItem()]);
  };
  return (
    <form data-testid="inbound-form" onSubmit={form.onSubmit((draft) => void queue(draft))}>
      <Stack gap="xs">
        <Title order={3}>{t('inbounds.new')}</Title>
        <Group align="start">
          <TextInput
            size="md"
            label={t('inventory.warehouse')}
            {...form.getInputProps('warehouse')}
          />
          <TextInput
            size="md"
            type="date"
            label={t('inbounds.expected')}
            {...form.getInputProps('expected_at')}
          />
        </Group>
        {form.errors.items && <Alert color="red">{form.errors.items}</Alert>}
        {values.items.map((_item, index) => (
          <Group key={index} align="start" data-testid="inbound-item">
            <TextInput label="SKU" {...form.getInputProps(`items.${index}.sku`)} />
            <NumberInput
              label={t('station.quantity')}
              min={1}
              {...form.getInputProps(`items.${index}.quantity`)}
            />
            <TextInput
              label={t('inventory.batch')}
              {...form.getInputProps(`items.${index}.batch`)}
            />
            <TextInput
              type="date"
              label={t('inventory.expiry')}
              {...form.getInputProps(`items.${index}.expiry_date`)}
            />
          </Group>
        ))}
        <Group>
          <Button variant="light" onClick={() => form.insertListItem('items', blankInboundItem())}>
            {t('inbounds.addItem')}
          </Button>
          <Button
            type="submit"
            size="md"
            disabled={
              !values.warehouse.trim() ||
              !values.items.some((i) => i.sku.trim() && i.quantity !== '')
            }
          >
            {t('inbounds.create')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
