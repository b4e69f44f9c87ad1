import { Badge, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { HealthState } from '../../../shared/status.ts';
import { useStatus } from '../stores/context.tsx';

const HEALTH_COLOR: Record<HealthState, string> = {
  up: 'green',
  degraded: 'yellow',
  down: 'red',
  unauthorized: 'red',
  unknown: 'gray',
};
export const ENV_COLOR = { sandbox: 'blue', test: 'orange', production: 'red' } as const;

/** Always visible: profile and environment, health, this minute's budget, and any pause. */
export function StatusBar() {
  const { t, i18n } = useTranslation();
  const status = useStatus((s) => s.status);
  if (!status) return <Text size="sm">{t('app.loading')}</Text>;
  const { profile, health, budget, keychain } = status;
  const time = (ms: number) => new Date(ms).toLocaleTimeString(i18n.language);
  return (
    <Group gap="md" wrap="nowrap" role="status" aria-label="status">
      <Badge color={ENV_COLOR[profile.environment]} size="lg" variant="filled">
        {t(`environment.${profile.environment}`)}
      </Badge>
      <Text size="sm" fw={600}>
        {profile.name}
      </Text>
      <Badge
        color={HEALTH_COLOR[health.state]}
        size="lg"
        variant="light"
        data-health={health.state}
      >
        {t(`status.${health.state}`)}
      </Badge>
      {health.latencyMs !== null && (
        <Text size="sm">{t('status.latency', { ms: health.latencyMs })}</Text>
      )}
      {health.lastCheckedAt !== null && (
        <Text size="sm" c="dimmed">
          {t('status.lastCheck', { time: time(health.lastCheckedAt) })}
        </Text>
      )}
      {keychain && keychain.state !== 'available' && (
        <Badge
          color="red"
          size="lg"
          variant="filled"
          data-keychain={keychain.state}
          title={t(keychain.messageKey)}
        >
          {t(`status.keychain.${keychain.state}`)}
        </Badge>
      )}
      {budget && (
        <Text size="sm" data-testid="budget">
          {t('status.budget', { used: budget.used, limit: budget.effectiveLimit })}
        </Text>
      )}
      {budget?.pausedUntil && (
        <Badge color="orange" variant="filled">
          {t('status.paused', { time: time(budget.pausedUntil) })}
        </Badge>
      )}
      {budget &&
        budget.queued.interactive + budget.queued.submission + budget.queued.background > 0 && (
          <Text size="sm">
            {t('status.queued', {
              count:
                budget.queued.interactive + budget.queued.submission + budget.queued.background,
            })}
          </Text>
        )}
    </Group>
  );
}
