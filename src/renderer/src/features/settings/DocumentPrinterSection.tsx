import { Autocomplete, Button, Group, Select } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  documentPrinterSettingsSchema,
  PAPER_SIZES,
  type DocumentPrinterSettings,
  type PaperSize,
} from '@shared/documents.ts';
import type { AppError } from '@shared/result.ts';
import { useBridge } from '@renderer/app/context.tsx';
import { queryKeys, unwrap } from '@renderer/app/queries.ts';
import { SettingsForm } from './SettingsForm.tsx';
import { SettingsSection } from './SettingsSection.tsx';

type Outcome =
  | { kind: 'saved' }
  | { kind: 'tested'; printer: string }
  | { kind: 'error'; error: AppError }
  | null;

/** The queue as the form holds it: `cups:QUEUE`, or a bare queue name the operator typed. */
const targetOf = (text: string): string | null => {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  return trimmed.includes(':') ? trimmed : `cups:${trimmed}`;
};

function DocumentPrinterForm({ settings }: { settings: DocumentPrinterSettings }) {
  const { t } = useTranslation();
  const bridge = useBridge();
  const queryClient = useQueryClient();
  const [target, setTarget] = useState(settings.target ?? '');
  const [paper, setPaper] = useState<PaperSize>(settings.paper);
  const [busy, setBusy] = useState<'save' | 'test' | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [invalid, setInvalid] = useState(false);
  const queues = useQuery({
    queryKey: queryKeys.printerQueues(),
    queryFn: () => unwrap(bridge.listPrinterQueues()),
  });
  const checked = () => {
    const parsed = documentPrinterSettingsSchema.safeParse({ target: targetOf(target), paper });
    setInvalid(!parsed.success);
    return parsed.success ? parsed.data : null;
  };
  const save = async () => {
    const input = checked();
    if (!input) return;
    setBusy('save');
    const result = await bridge.saveDocumentPrinter(input);
    setBusy(null);
    if (!result.ok) return setOutcome({ kind: 'error', error: result.error });
    queryClient.setQueryData(queryKeys.documentPrinter(), {
      settings: result.value,
      recoveredFrom: null,
    });
    setOutcome({ kind: 'saved' });
  };
  const test = async () => {
    const input = checked();
    if (!input?.target) return;
    setBusy('test');
    const result = await bridge.testDocumentPrinter({ target: input.target, paper: input.paper });
    setBusy(null);
    setOutcome(
      result.ok
        ? { kind: 'tested', printer: result.value.printer }
        : { kind: 'error', error: result.error },
    );
  };
  // Queues with a driver: a raw (label) queue cannot print a PDF.
  const known = (queues.data?.documentQueues ?? []).map((queue) => `cups:${queue}`);
  return (
    <SettingsForm
      testId="document-printer-form"
      onSave={save}
      errorTestId="document-printer-error"
      outcome={
        outcome?.kind === 'saved'
          ? { ok: true, text: t('paperwork.settings.saved'), testId: 'document-printer-saved' }
          : outcome?.kind === 'tested'
            ? {
                ok: true,
                text: t('paperwork.settings.testSent', { printer: outcome.printer }),
                testId: 'document-printer-tested',
              }
            : outcome
              ? { ok: false, error: outcome.error }
              : null
      }
    >
      <Group align="flex-end">
        <Autocomplete
          size="md"
          w={420}
          label={t('paperwork.settings.target')}
          description={
            queues.data && known.length === 0
              ? t('paperwork.settings.noQueues')
              : t('paperwork.settings.targetHint')
          }
          value={target}
          data={known}
          onChange={(value) => {
            setTarget(value);
            setInvalid(false);
          }}
          error={invalid ? t('paperwork.settings.targetHint') : undefined}
          autoComplete="off"
          spellCheck={false}
          data-testid="document-printer-target"
        />
        <Select
          size="md"
          w={160}
          label={t('paperwork.settings.paper')}
          data={PAPER_SIZES.map((size) => ({
            value: size,
            label: t(`paperwork.settings.${size}`),
          }))}
          value={paper}
          onChange={(value) => value && setPaper(value as PaperSize)}
          allowDeselect={false}
          data-testid="document-printer-paper"
        />
      </Group>
      <Group>
        <Button type="submit" size="md" loading={busy === 'save'}>
          {t('paperwork.settings.save')}
        </Button>
        <Button
          size="md"
          variant="light"
          onClick={() => void test()}
          loading={busy === 'test'}
          disabled={targetOf(target) === null}
          data-testid="document-printer-test"
        >
          {t('paperwork.settings.test')}
        </Button>
      </Group>
    </SettingsForm>
  );
}

/** Settings → Printers → Document printer: the slip's and the invoice's printer, and its paper. */
export function DocumentPrinterSection() {
  const { t } = useTranslation();
  const bridge = useBridge();
  const state = useQuery({
    queryKey: queryKeys.documentPrinter(),
    queryFn: () => unwrap(bridge.getDocumentPrinter()),
  });
  const recoveredFrom = state.data?.recoveredFrom ?? null;
  return (
    <SettingsSection
      testId="document-printer"
      order={4}
      title={t('paperwork.settings.title')}
      intro={t('paperwork.settings.intro')}
      read={state}
      recovered={
        recoveredFrom ? { text: t('paperwork.settings.recovered', { file: recoveredFrom }) } : null
      }
      policed="documentPrinter"
      form={({ settings }) => <DocumentPrinterForm settings={settings} />}
    />
  );
}
