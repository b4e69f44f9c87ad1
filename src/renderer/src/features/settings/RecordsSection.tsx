import { Alert, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { recordsInputSchema, type RecordsTestResult } from '@shared/records.ts';
import type { AppError } from '@shared/result.ts';
import { useBridge, useStatus } from '@renderer/app/context.tsx';
import { queryKeys, unwrap } from '@renderer/app/queries.ts';
import { ErrorAlert } from '@renderer/ui/ErrorText.tsx';
import { ServerForm } from './ServerForm.tsx';
import type { ServerInput } from './server-draft.ts';
import { SettingsSection } from './SettingsSection.tsx';

/**
 * Settings → Pack records (issue #40): the warehouse's PostgreSQL each finished pack is sent to,
 * saved and tested, and where the sending stands now. Empty: the records stay on this station.
 */
export function RecordsSection() {
  const { t } = useTranslation();
  const bridge = useBridge();
  const queryClient = useQueryClient();
  const read = useQuery({
    queryKey: queryKeys.records(),
    queryFn: () => unwrap(bridge.getRecords()),
  });
  // The replication moves on by itself: the status bar's feed keeps this line current.
  const state = useStatus((s) => s.status?.records ?? null);
  const [busy, setBusy] = useState<'save' | 'test' | null>(null);
  const [saved, setSaved] = useState(false);
  const [tested, setTested] = useState<RecordsTestResult | null>(null);
  const [error, setError] = useState<AppError | null>(null);
  const start = (what: 'save' | 'test') => {
    setBusy(what);
    setSaved(false);
    setTested(null);
    setError(null);
  };
  const save = async (input: ServerInput) => {
    start('save');
    const result = await bridge.saveRecords(input);
    setBusy(null);
    if (!result.ok) return (setError(result.error), false);
    queryClient.setQueryData(queryKeys.records(), result.value);
    setSaved(true);
    return true;
  };
  const test = async (input: ServerInput) => {
    start('test');
    const result = await bridge.testRecords(input);
    setBusy(null);
    if (result.ok) setTested(result.value);
    else setError(result.error);
  };
  const recoveredFrom = read.data?.recoveredFrom ?? null;
  return (
    <SettingsSection
      testId="records"
      anchor="records"
      title={t('records.settings.title')}
      intro={t('records.settings.intro')}
      read={read}
      recovered={
        recoveredFrom
          ? {
              text: t('records.settings.recovered', { file: recoveredFrom }),
              testId: 'records-recovered',
            }
          : null
      }
      policed="records"
      form={(view) => (
        <ServerForm
          words="records.settings"
          schema={recordsInputSchema}
          placeholder="postgres://packbench@db.warehouse.lan:5432/packs"
          testId="records-form"
          settings={view.settings}
          passwordSet={view.passwordSet}
          busy={busy}
          onSave={save}
          onTest={(input) => void test(input)}
        />
      )}
    >
      {state && (
        <Text role="status" data-testid="records-state" data-phase={state.phase}>
          {t(state.sentence.messageKey, state.sentence.params)}
        </Text>
      )}
      {saved && (
        <Alert color="green" role="status" data-testid="records-saved">
          {t('records.settings.saved')}
        </Alert>
      )}
      {tested && (
        <Alert
          color={tested.ok ? 'green' : 'red'}
          role={tested.ok ? 'status' : 'alert'}
          data-testid="records-test-result"
        >
          {tested.ok
            ? t('records.settings.testOk', { server: tested.server, target: tested.target })
            : t(tested.error.messageKey, tested.error.params)}
        </Alert>
      )}
      <ErrorAlert error={error} testId="records-error" />
    </SettingsSection>
  );
}
