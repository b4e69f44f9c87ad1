import { Alert, Badge, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TableHead } from '@renderer/ui/TableHead.tsx';
import type { JobState } from '@shared/outbox.ts';
import { downloadText } from '@renderer/ui/download.ts';
import { ErrorAlert, ErrorText } from '@renderer/ui/ErrorText.tsx';
import { ClipPlayer } from '@renderer/ui/evidence/ClipPlayer.tsx';
import { describeActivity } from '@shared/activity-text.ts';
import { useBridge, useOutbox, useStatus } from '@renderer/app/context.tsx';
import { invalidateOutboxReads, queryKeys, readError, unwrap } from '@renderer/app/queries.ts';
import { JobEditor } from './JobEditor.tsx';
import { PrintQueue } from './PrintQueue.tsx';

const STATE_COLOR: Record<JobState, string> = {
  queued: 'blue',
  sending: 'cyan',
  done: 'green',
  failed: 'red',
  uncertain: 'orange',
  orphaned: 'grape',
};

/** Everything not yet delivered, in plain words, with retry and discard; then the activity log. */
/**
 * A badge keeps its whole word: Mantine clips a badge's label with an ellipsis when its table
 * column is squeezed, which turned "Queued" into "Que…" at 1280 px and at 125 % zoom.
 */
const WHOLE_BADGE = {
  root: { flexShrink: 0, maxWidth: 'none', overflow: 'visible' },
  label: { overflow: 'visible', textOverflow: 'clip' },
} as const;

export function OutboxScreen() {
  const { t, i18n } = useTranslation();
  const store = useOutbox([
    'snapshot',
    'error',
    'retry',
    'retryAll',
    'discard',
    'exportCsv',
    'edit',
    'reassign',
  ]);
  const { exportCsv } = store;
  const bridge = useBridge();
  const queryClient = useQueryClient();
  // The list and the log are reads; any outbox change makes them stale (App follows onOutbox).
  const outbox = useQuery({
    queryKey: queryKeys.outbox(),
    queryFn: () => unwrap(bridge.getOutbox({})),
    staleTime: 0,
  });
  const audit = useQuery({
    queryKey: queryKeys.audit(200),
    queryFn: () => unwrap(bridge.getAudit({ limit: 200 })),
    staleTime: 0,
  });
  const jobs = (outbox.data?.jobs ?? []).filter((j) => j.state !== 'done');
  // The counts read with the list, or the pushed ones until the list has come.
  const snapshot = outbox.data?.snapshot ?? store.snapshot;
  const error = store.error ?? readError(outbox.error) ?? readError(audit.error);
  // A change the operator makes shows at once, without waiting for main's push.
  const changed =
    <A extends unknown[], R>(action: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      const result = await action(...args);
      invalidateOutboxReads(queryClient);
      return result;
    };
  const retry = changed(store.retry);
  const retryAll = changed(store.retryAll);
  const discard = changed(store.discard);
  const edit = changed(store.edit);
  const reassign = changed(store.reassign);
  const [confirming, setConfirming] = useState<string | null>(null);
  const [editing, setEditing] = useState<string | null>(null);
  /** A finished pack's clip, played from its line in the activity log (issue #41). */
  const [playing, setPlaying] = useState<string | null>(null);
  const activeProfile = useStatus((s) => s.status?.profile.name);
  const when = (ms: number) => new Date(ms).toLocaleString(i18n.language);

  const download = async () => {
    const csv = await exportCsv();
    if (csv === null) return;
    downloadText(`packbench-activity-${new Date().toISOString().slice(0, 10)}.csv`, csv);
  };

  const editingJob = editing ? jobs.find((j) => j.id === editing) : undefined;
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>{t('outbox.title')}</Title>
        <Button size="md" onClick={() => void retryAll()} disabled={jobs.length === 0}>
          {t('outbox.retryAll')}
        </Button>
      </Group>
      {snapshot && (
        <Group data-testid="outbox-counts">
          {(Object.keys(STATE_COLOR) as JobState[]).map((state) => (
            <Badge
              key={state}
              color={STATE_COLOR[state]}
              size="lg"
              variant="light"
              styles={WHOLE_BADGE}
              data-testid="state-badge"
            >
              {t(`outbox.states.${state}`)}: {snapshot.counts[state].toLocaleString(i18n.language)}
            </Badge>
          ))}
        </Group>
      )}
      {snapshot?.pausedForAuth && <Alert color="red">{t('outbox.pausedForAuth')}</Alert>}
      {snapshot && snapshot.quarantined > 0 && (
        <Alert color="orange">{t('outbox.quarantined', { count: snapshot.quarantined })}</Alert>
      )}
      <ErrorAlert error={error} />
      {jobs.length === 0 ? (
        <Text c="dimmed">{t('outbox.empty')}</Text>
      ) : (
        <Table striped data-testid="jobs">
          <TableHead
            labels={[
              t('outbox.what'),
              t('outbox.target'),
              t('outbox.state'),
              t('outbox.attempts'),
              t('outbox.age'),
              t('outbox.next'),
              t('outbox.problem'),
              '',
            ]}
          />
          <Table.Tbody>
            {jobs.map((job) => (
              <Table.Tr key={job.id}>
                <Table.Td>{t(`outbox.kinds.${job.kind.replace('.', '_')}`)}</Table.Td>
                <Table.Td>{job.subject}</Table.Td>
                <Table.Td>
                  <Badge
                    color={STATE_COLOR[job.state]}
                    styles={WHOLE_BADGE}
                    data-testid="state-badge"
                  >
                    {t(`outbox.states.${job.state}`)}
                  </Badge>
                </Table.Td>
                <Table.Td>{job.attempts}</Table.Td>
                <Table.Td>{when(job.createdAt)}</Table.Td>
                <Table.Td>{job.state === 'queued' ? when(job.nextAttemptAt) : '—'}</Table.Td>
                <Table.Td>
                  {job.state === 'orphaned'
                    ? t('outbox.orphanedHint')
                    : job.blockedBy
                      ? t('outbox.blocked', {
                          what: t(`outbox.kinds.${job.blockedBy.kind.replace('.', '_')}`),
                          ref: job.subject,
                        })
                      : job.lastError && <ErrorText error={job.lastError} size="sm" />}
                </Table.Td>
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    {job.state === 'failed' && (
                      <Button
                        size="sm"
                        variant="subtle"
                        onClick={() => setEditing(editing === job.id ? null : job.id)}
                      >
                        {t('outbox.edit')}
                      </Button>
                    )}
                    {job.state === 'orphaned' ? (
                      <Button size="sm" variant="light" onClick={() => void reassign(job.id)}>
                        {t('outbox.reassign', { profile: activeProfile ?? '' })}
                      </Button>
                    ) : (
                      <Button
                        size="sm"
                        variant="light"
                        onClick={() => void retry(job.id)}
                        disabled={job.state === 'sending'}
                      >
                        {t('outbox.retry')}
                      </Button>
                    )}
                    <Button
                      size="sm"
                      color="red"
                      variant={confirming === job.id ? 'filled' : 'outline'}
                      disabled={job.state === 'sending'}
                      onClick={() => {
                        if (confirming !== job.id) return setConfirming(job.id);
                        setConfirming(null);
                        void discard(job.id);
                      }}
                    >
                      {confirming === job.id ? t('outbox.confirmDiscard') : t('outbox.discard')}
                    </Button>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {editingJob && (
        <JobEditor
          job={editingJob}
          onCancel={() => setEditing(null)}
          onSave={(payload) =>
            void edit(editingJob.id, payload).then((saved) => saved && setEditing(null))
          }
        />
      )}
      <PrintQueue />
      <Group justify="space-between">
        <Title order={3}>{t('outbox.audit')}</Title>
        <Button size="md" variant="light" onClick={() => void download()}>
          {t('outbox.exportCsv')}
        </Button>
      </Group>
      <Table data-testid="audit">
        <Table.Tbody>
          {(audit.data ?? []).slice(0, 50).map((entry) => (
            <Table.Tr key={entry.id}>
              <Table.Td>{when(entry.at)}</Table.Td>
              <Table.Td data-testid="activity">
                <Text size="sm">
                  {describeActivity((key, values) => t(key, values ?? {}), entry)}
                </Text>
                {entry.reason?.serviceMessage && (
                  <Text size="sm" c="dimmed" fs="italic" data-testid="service-words">
                    {t('errors.serviceSaid', { message: entry.reason.serviceMessage })}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                {entry.event === 'pack.finished' && typeof entry.params?.['order'] === 'string' && (
                  <Button
                    size="compact-sm"
                    variant="subtle"
                    onClick={() => setPlaying(String(entry.params?.['order']))}
                  >
                    {t('camera.player.open')}
                  </Button>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <ClipPlayer orderId={playing} onClose={() => setPlaying(null)} />
    </Stack>
  );
}
