import {
  Button,
  Group,
  NumberInput,
  Radio,
  Select,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AppError } from '@shared/result.ts';
import { ErrorText } from '@renderer/ui/ErrorText.tsx';
import {
  PRINTER_DENSITIES,
  printerSettingsSchema,
  type PrinterSettings,
} from '@shared/printing.ts';
import { useBridge } from '@renderer/app/context.tsx';
import { queryKeys, unwrap } from '@renderer/app/queries.ts';
import {
  DEFAULT_PORT,
  draftOf,
  settingsOf,
  targetOf,
  validatePrinter,
  type PrinterDraft,
  type PrinterKind,
} from './printer-draft.ts';

const KINDS: PrinterKind[] = ['none', 'tcp', 'cups'];
/** Dots per inch for each density, as printers' spec sheets name them. */
const DPI: Record<(typeof PRINTER_DENSITIES)[number], number> = {
  6: 152,
  8: 203,
  12: 300,
  24: 600,
};

/**
 * This station's printer: a network printer (host and port) or a CUPS queue from this
 * computer's list, its density, and whether delivered labels print by themselves. Save keeps
 * it; Test print sends a test label to the printer the form names, saved or not.
 */
export function PrinterForm({
  settings,
  busy,
  onSave,
  onTest,
}: {
  settings: PrinterSettings;
  busy: 'save' | 'test' | null;
  onSave: (settings: PrinterSettings) => void;
  onTest: (target: string) => void;
}) {
  const { t } = useTranslation();
  const bridge = useBridge();
  const form = useForm<PrinterDraft>({
    mode: 'controlled',
    initialValues: draftOf(settings),
    validate: (values) => validatePrinter(t, values),
  });
  const draft = form.getValues();
  // The CUPS queues are asked for only when the operator picks CUPS (lpstat takes a moment).
  const queues = useQuery({
    queryKey: queryKeys.printerQueues(),
    queryFn: () => unwrap(bridge.listPrinterQueues()),
    enabled: draft.kind === 'cups',
  });
  const known = queues.data?.queues ?? [];
  const choices = draft.queue && !known.includes(draft.queue) ? [draft.queue, ...known] : known;
  // The printer's own word on its density (~HI), for a network printer.
  const [identity, setIdentity] = useState<{ model: string; dpmm: number } | null>(null);
  const [identifyError, setIdentifyError] = useState<AppError | null>(null);
  const [identifying, setIdentifying] = useState(false);
  const identify = async () => {
    if (form.validate().hasErrors) return;
    const target = targetOf(form.getValues());
    if (!target) return;
    setIdentifying(true);
    setIdentifyError(null);
    setIdentity(null);
    const result = await bridge.readPrinterDensity({ target });
    setIdentifying(false);
    if (!result.ok) return setIdentifyError(result.error);
    setIdentity(result.value);
    form.setFieldValue('dpmm', String(result.value.dpmm));
  };
  const test = () => {
    if (form.validate().hasErrors) return;
    const target = targetOf(form.getValues());
    if (target) onTest(target);
  };
  return (
    <form
      data-testid="printer-form"
      onSubmit={form.onSubmit((values) => onSave(printerSettingsSchema.parse(settingsOf(values))))}
    >
      <Stack gap="sm">
        <Radio.Group label={t('printing.connection')} {...form.getInputProps('kind')}>
          <Group mt="xs">
            {KINDS.map((kind) => (
              <Radio key={kind} size="md" value={kind} label={t(`printing.kinds.${kind}`)} />
            ))}
          </Group>
        </Radio.Group>
        {draft.kind === 'tcp' && (
          <Group align="start">
            <TextInput
              size="md"
              w={320}
              label={t('printing.host')}
              placeholder="192.168.0.50"
              autoComplete="off"
              spellCheck={false}
              {...form.getInputProps('host')}
            />
            <NumberInput
              size="md"
              w={140}
              label={t('printing.port')}
              min={1}
              max={65535}
              allowDecimal={false}
              allowNegative={false}
              placeholder={String(DEFAULT_PORT)}
              {...form.getInputProps('port')}
            />
          </Group>
        )}
        {draft.kind === 'cups' && (
          <Stack gap={4}>
            <Select
              size="md"
              w={320}
              label={t('printing.cupsQueue')}
              data={choices}
              allowDeselect={false}
              {...form.getInputProps('queue')}
              onChange={(value) => form.setFieldValue('queue', value ?? '')}
            />
            {queues.isSuccess && known.length === 0 && (
              <Text size="sm" c="dimmed">
                {t('printing.noQueues')}
              </Text>
            )}
          </Stack>
        )}
        <Radio.Group label={t('printing.density')} {...form.getInputProps('dpmm')}>
          <Group mt="xs">
            {PRINTER_DENSITIES.map((dpmm) => (
              <Radio
                key={dpmm}
                size="md"
                value={String(dpmm)}
                label={t('printing.dpmm', { dpmm, dpi: DPI[dpmm] })}
              />
            ))}
          </Group>
        </Radio.Group>
        {draft.kind === 'tcp' && (
          <Group gap="sm">
            <Button
              size="sm"
              variant="subtle"
              loading={identifying}
              onClick={() => void identify()}
            >
              {t('printing.readDensity')}
            </Button>
            {identity && (
              <Text size="sm" data-testid="printer-identity">
                {t('printing.identity', { model: identity.model, dpmm: identity.dpmm })}
              </Text>
            )}
            {identifyError && (
              <Text size="sm" c="red" role="alert">
                <ErrorText error={identifyError} />
              </Text>
            )}
          </Group>
        )}
        <Switch
          size="lg"
          label={t('printing.autoPrint')}
          {...form.getInputProps('autoPrint', { type: 'checkbox' })}
        />
        <Group>
          <Button type="submit" size="md" loading={busy === 'save'}>
            {t('printing.save')}
          </Button>
          <Button
            size="md"
            variant="light"
            onClick={test}
            loading={busy === 'test'}
            disabled={draft.kind === 'none'}
          >
            {t('printing.test')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
