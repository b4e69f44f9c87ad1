import { PolicedSection } from '@renderer/app/SetByIt.tsx';
import { Alert, Loader, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useBridge } from '@renderer/app/context.tsx';
import { useCoordination } from './coordination-store.ts';
import { queryKeys, readError, unwrap } from '@renderer/app/queries.ts';
import { ErrorText } from '@renderer/ui/ErrorText.tsx';
import { CoordinationForm } from './CoordinationForm.tsx';

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
  const readFailure = readError(read.error);
  const view = read.data ?? null;
  const { busy, saved, tested, error, save, test } = useCoordination([
    'busy',
    'saved',
    'tested',
    'error',
    'save',
    'test',
  ]);
  return (
    <Stack gap="sm" data-testid="coordination">
      <Title order={3} id="coordination">
        {t('coordination.title')}
      </Title>
      <Text size="sm">{t('coordination.intro')}</Text>
      {view?.recoveredFrom && (
        <Alert color="orange" data-testid="coordination-recovered">
          {t('coordination.recovered', { file: view.recoveredFrom })}
        </Alert>
      )}
      {readFailure && (
        <Alert color="red" role="alert">
          <ErrorText error={readFailure} />
        </Alert>
      )}
      {read.isLoading && <Loader size="sm" />}
      <PolicedSection section="coordination">
        {view && (
          <CoordinationForm
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
      </PolicedSection>
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
      {error && (
        <Alert color="red" role="alert" data-testid="coordination-error">
          <ErrorText error={error} />
        </Alert>
      )}
    </Stack>
  );
}
