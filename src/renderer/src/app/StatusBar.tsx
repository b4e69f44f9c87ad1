import { RecordsStatus } from './RecordsStatus.tsx';
import { Badge, Group, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CoordinationState, HealthState } from '@shared/status.ts';
import type { UpdateStatus } from '@shared/updates.ts';
import { useNow } from '../ui/use-now.ts';
import { useBridge, useOutbox, useStatus } from './context.tsx';
import { describeAge } from '../ui/age.ts';
import { PrinterStatusBadge } from './PrinterStatusBadge.tsx';
import { ScaleBadge } from './ScaleBadge.tsx';

const HEALTH_COLOR: Record<HealthState, string> = {
  up: 'green',
  degraded: 'yellow',
  down: 'red',
  unauthorized: 'red',
  unknown: 'gray',
};
export const ENV_COLOR = { sandbox: 'blue', test: 'orange', production: 'red' } as const;

/** Always visible: profile and environment, health, this minute's budget, any pause, the outbox. */
export function StatusBar({ onOpenOutbox }: { onOpenOutbox?: () => void }) {
  const { t, i18n } = useTranslation();
  const status = useStatus((s) => s.status);
  const waiting = useOutbox((s) => s.snapshot?.waiting ?? null);
  // Ages and "due now" move on by themselves; a quarter-minute tick keeps them honest.
  const now = useNow(15_000);
  if (!status) return <Text size="sm">{t('app.loading')}</Text>;
  const { profile, health, budget, keychain } = status;
  const time = (ms: number) => new Date(ms).toLocaleTimeString(i18n.language);
  return (
    <Group gap="md" wrap="nowrap" role="status" aria-label="status">
      <Badge
        color={ENV_COLOR[profile.environment]}
        size="lg"
        variant="filled"
        styles={{ root: { flexShrink: 0 } }}
      >
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
        styles={{ root: { flexShrink: 0 } }}
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
      <PrinterStatusBadge />
      <ScaleBadge />
      <UpdateReady />
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
      {budget?.coordination && <CoordinationStatus state={budget.coordination} />}
      <RecordsStatus state={status.records} />
      {budget?.pausedUntil && (
        <Badge color="orange" variant="filled">
          {t('status.paused', { time: time(budget.pausedUntil) })}
        </Badge>
      )}
      {budget &&
        budget.queued.interactive + budget.queued.submission + budget.queued.background > 0 && (
          <Text size="sm" data-testid="requests-waiting">
            {t('status.queued', {
              count:
                budget.queued.interactive + budget.queued.submission + budget.queued.background,
            })}
          </Text>
        )}
      {waiting && (
        <UnstyledButton
          onClick={onOpenOutbox}
          data-testid="outbox-waiting"
          title={t('status.openOutbox')}
          style={{ textDecoration: 'underline dotted' }}
        >
          <Text size="sm" fw={waiting.count > 0 ? 700 : 400}>
            {waiting.count === 0
              ? t('status.outboxEmpty')
              : [
                  t('status.outboxWaiting', { count: waiting.count }),
                  waiting.oldestAt !== null &&
                    t('status.oldest', { age: describeAge(t, now - waiting.oldestAt) }),
                  waiting.nextAttemptAt !== null &&
                    (waiting.nextAttemptAt <= now
                      ? t('status.nextAttemptNow')
                      : t('status.nextAttempt', { time: time(waiting.nextAttemptAt) })),
                ]
                  .filter(Boolean)
                  .join(' · ')}
          </Text>
        </UnstyledButton>
      )}
    </Group>
  );
}

/**
 * The stations sharing this key through the warehouse's Redis: a quiet count while they
 * coordinate, a warning while Redis is lost and this station runs on its own share.
 */
function CoordinationStatus({ state }: { state: CoordinationState }) {
  const { t } = useTranslation();
  if (state.coordination === 'lost')
    return (
      <Badge
        color="orange"
        size="lg"
        variant="filled"
        tt="none"
        data-testid="coordination-status"
        data-coordination="lost"
        title={t('coordination.lostHint', { share: state.share })}
        styles={{ root: { flexShrink: 0 } }}
      >
        {t('coordination.lost', { stations: state.stations })}
        {/* The hint in words too, for those who cannot hover a tooltip. */}
        <VisuallyHidden>{t('coordination.lostHint', { share: state.share })}</VisuallyHidden>
      </Badge>
    );
  return (
    <Text size="sm" c="dimmed" data-testid="coordination-status" data-coordination="shared">
      {t('coordination.shared', { stations: state.stations })}
    </Text>
  );
}

/** "Update 0.2.0 is ready…" once main has downloaded and checked one, or why one was refused. */
function UpdateReady() {
  const { t } = useTranslation();
  const bridge = useBridge();
  const [update, setUpdate] = useState<UpdateStatus | null>(null);
  useEffect(() => {
    const off = bridge.onUpdate(setUpdate);
    void bridge.getUpdate().then((result) => {
      if (result.ok) setUpdate((pushed) => pushed ?? result.value);
    });
    return off;
  }, [bridge]);
  if (update?.state === 'refused')
    // A refusal is IT's to act on, not the packer's: a few words in the bar, the whole
    // sentence (which file, what was wrong) on hover and for screen readers.
    return (
      <Text
        size="sm"
        c="orange.8"
        data-testid="update-refused"
        title={t(update.sentence.key, update.sentence.values)}
        aria-label={t(update.sentence.key, update.sentence.values)}
      >
        {t('updates.refusedShort')}
      </Text>
    );
  if (update?.state !== 'ready') return null;
  return (
    <Text size="sm" fw={600} data-testid="update-ready">
      {update.hours
        ? t('updates.readyHours', { version: update.version, ...update.hours })
        : t('updates.ready', { version: update.version })}
    </Text>
  );
}
