import { Alert } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useBridge } from '@renderer/app/context.tsx';
import { useCoordination } from './coordination-store.ts';
import { queryKeys, unwrap } from '@renderer/app/queries.ts';
import { ErrorAlert } from '@renderer/ui/ErrorText.tsx';
import { coordinationInputSchema } from '@shared/coordination.ts';
import { ServerForm } from './ServerForm.tsx';
import { SettingsSection } from './SettingsSection.tsx';

/**
 * Settings → "Stations sharing this key": the warehouse's Redis this station takes its share of
 * the company key's requests from, saved and tested. Empty: the station budgets alone.
 */
export function CoordinationSection() {
  const { t } = useTranslation();
  const bridge = useBridge();
  const queryClient = useQueryClient();
  const read = useQuery({
    queryKey: queryKeys.coordination(),
    queryFn: () => unwrap(bridge.getCoordination()),
  });
  const recoveredFrom = read.data?.recoveredFrom ?? null;
  const { busy, saved, tested, error, save, test } = useCoordination([
    'busy',
    'saved',
    'tested',
    'error',
    'save',
    'test',
  ]);
  return (
    <SettingsSection
      testId="coordination"
      anchor="coordination"
      title={t('coordination.title')}
      intro={t('coordination.intro')}
      read={read}
      recovered={
        recoveredFrom
          ? {
              text: t('coordination.recovered', { file: recoveredFrom }),
              testId: 'coordination-recovered',
            }
          : null
      }
      policed="coordination"
      form={(view) => (
        <ServerForm
          words="coordination"
          schema={coordinationInputSchema}
          placeholder="redis://redis.warehouse.lan:6379"
          testId="coordination-form"
          settings={view.settings}
          passwordSet={view.passwordSet}
          busy={busy}
          onSave={async (input) => {
            const kept = await save(input);
            if (kept) queryClient.setQueryData(queryKeys.coordination(), kept);
            return kept !== null;
          }}
          onTest={(input) => void test(input)}
        />
      )}
    >
      {saved && (
        <Alert color="green" role="status" data-testid="coordination-saved">
          {t(saved === 'shared' ? 'coordination.saved' : 'coordination.savedAlone')}
        </Alert>
      )}
      {tested && (
        <Alert color="green" role="status" data-testid="coordination-test-result">
          {t('coordination.testResult', {
            server: tested.server,
            ms: tested.latencyMs,
            stations: tested.stations,
          })}
        </Alert>
      )}
      <ErrorAlert error={error} testId="coordination-error" />
    </SettingsSection>
  );
}
