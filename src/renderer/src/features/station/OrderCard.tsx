import {
  Badge,
  Button,
  Card,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import type { TFunction } from 'i18next';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { TableHead } from '@renderer/ui/TableHead.tsx';
import { TrackingTimeline } from '@renderer/ui/TrackingTimeline.tsx';
import { ErrorText } from '@renderer/ui/ErrorText.tsx';
import type { OrderLookup } from '@shared/ipc/channels.ts';
import type { JobState, JobView } from '@shared/outbox.ts';
import { usePrint, useStation } from '@renderer/app/context.tsx';
import { PrintFlow } from '@renderer/app/PrintFlow.tsx';
import { PaperButtons } from './PaperButtons.tsx';
import type { PackView } from '@shared/pack/types.ts';
import { PackChecklist } from './pack/PackChecklist.tsx';

const JOB_COLOR: Record<JobState, string> = {
  queued: 'blue',
  sending: 'blue',
  uncertain: 'yellow',
  done: 'green',
  failed: 'red',
  orphaned: 'orange',
};

const short = (hash: string) => hash.slice(0, 12);

/** One tile of the card's top row: what a packer checks from a step away. */
function StateTile({
  title,
  color,
  text,
  testId,
  state,
}: {
  title: string;
  color: string;
  text: string;
  testId: string;
  state: string;
}) {
  return (
    <Paper
      withBorder
      p="sm"
      data-testid={testId}
      data-state={state}
      style={{ borderLeft: `8px solid var(--mantine-color-${color}-6)` }}
    >
      <Text size="sm" fw={700} tt="uppercase" c="dimmed">
        {title}
      </Text>
      <Text size="xl" fw={700} lh={1.25}>
        {text}
      </Text>
    </Paper>
  );
}

/** The newest job of a kind decides the tile while it is not delivered; then the order says. */
function fileTile(
  t: TFunction,
  job: JobView | undefined,
  received: string | null,
  missing: string,
): { color: string; text: string; state: string } {
  if (job && job.state !== 'done')
    return { color: JOB_COLOR[job.state], text: t(`station.job.${job.state}`), state: job.state };
  // Delivered, and the order (scanned again since) lists it: the order's own words.
  if (job && received) return { color: 'green', text: received, state: 'done' };
  if (job) {
    const answer = job.result?.['sha256'];
    const hash = (typeof answer === 'string' ? answer : (job.fileSha256 ?? '')).slice(0, 8);
    return { color: 'green', text: t('station.invoiceReceived', { hash }), state: 'done' };
  }
  return received
    ? { color: 'green', text: received, state: 'received' }
    : { color: 'gray', text: missing, state: 'missing' };
}

/** One file of this order on its way: queued, sending, delivered (with the hash), or failed. */
function JobLine({ job }: { job: JobView }) {
  const { t } = useTranslation();
  const { retryJob, discardJob } = useStation(['retryJob', 'discardJob']);
  const print = usePrint((s) => s.print);
  const file = 'fileName' in job.payload ? String(job.payload.fileName) : job.kind;
  const trouble = job.state === 'failed' || job.state === 'uncertain';
  const answer = job.result?.['sha256'];
  const matches = typeof answer === 'string' && answer === job.fileSha256;
  return (
    <Group
      justify="space-between"
      wrap="nowrap"
      data-testid="order-job"
      data-state={job.state}
      data-file={file}
    >
      <Stack gap={0} style={{ minWidth: 0 }}>
        <Group gap="xs" wrap="nowrap">
          <Badge color={JOB_COLOR[job.state]} styles={{ root: { flexShrink: 0 } }}>
            {t(`outbox.states.${job.state}`)}
          </Badge>
          <Text fw={600} truncate>
            {file}
          </Text>
        </Group>
        {job.state === 'done' && typeof answer === 'string' && (
          <Text size="sm" c={matches ? 'dimmed' : 'red'}>
            {t(matches ? 'station.hashConfirmed' : 'station.hashDiffers', { hash: short(answer) })}
          </Text>
        )}
        {trouble && job.lastError && (
          <Text size="sm" c="red" component="div">
            <ErrorText error={job.lastError} size="sm" />
          </Text>
        )}
      </Stack>
      <Group gap="xs" wrap="nowrap">
        {/* The label's file as it was queued goes to this station's printer. */}
        {job.kind === 'label.upload' && (
          <Button
            size="sm"
            variant="light"
            aria-label={t('printing.printFile', { file })}
            onClick={() => void print('station', { kind: 'job', jobId: job.id }, file)}
          >
            {t('printing.print')}
          </Button>
        )}
        {trouble && (
          <>
            <Button size="sm" onClick={() => void retryJob(job.id)}>
              {t('outbox.retry')}
            </Button>
            <Button size="sm" variant="light" color="red" onClick={() => void discardJob(job.id)}>
              {t('outbox.discard')}
            </Button>
          </>
        )}
      </Group>
    </Group>
  );
}

/**
 * The top of the card, first on screen: order and status, then invoice, label and tracking as
 * large tiles, then each file of this order on its way, following the outbox as it moves.
 */
// Memoised: a pack's scan changes the view beside it, not the order, its files or its tracking.
export const OrderSummary = memo(function OrderSummary({ lookup }: { lookup: OrderLookup }) {
  const { t } = useTranslation();
  const jobError = useStation((s) => s.jobError);
  const { order, trackings, jobs } = lookup;
  const labels = order.labels ?? [];
  const tracking = trackings[0];
  const invoice = fileTile(
    t,
    jobs.find((j) => j.kind === 'invoice.upload'),
    order.invoice ? t('station.invoiceReceived', { hash: order.invoice.sha256.slice(0, 8) }) : null,
    t('station.invoiceMissing'),
  );
  const label = fileTile(
    t,
    jobs.find((j) => j.kind === 'label.upload'),
    labels.length ? t('station.labelsCount', { count: labels.length }) : null,
    t('station.labelsNone'),
  );
  const latest = tracking?.events[0];
  return (
    <Card withBorder padding="md" data-testid="order-card">
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap">
          <Stack gap={0}>
            <Title order={2}>{order.id}</Title>
            {order.customer && (
              <Text>
                {t('station.customer')}: {order.customer.name}
              </Text>
            )}
          </Stack>
          <Badge size="xl" data-testid="order-status">
            {t(`orderStatus.${order.status}`, { defaultValue: order.status })}
          </Badge>
        </Group>
        <SimpleGrid cols={3} spacing="sm">
          <StateTile title={t('station.invoice')} testId="invoice-state" {...invoice} />
          <StateTile title={t('station.labels')} testId="label-state" {...label} />
          <StateTile
            title={t('station.tracking')}
            testId="tracking-state"
            state={tracking ? 'known' : 'none'}
            color={tracking ? 'green' : 'gray'}
            text={
              tracking
                ? `${tracking.carrier} · ${latest?.description ?? latest?.status ?? tracking.code}`
                : t('station.trackingNone')
            }
          />
        </SimpleGrid>
        {jobs.length > 0 && (
          <Stack gap="xs" data-testid="order-jobs">
            {jobs.slice(0, 6).map((job) => (
              <JobLine key={job.id} job={job} />
            ))}
          </Stack>
        )}
        <PaperButtons orderId={order.id} />
        <PrintFlow
          place="station"
          shows={(source) =>
            source.kind === 'paper'
              ? source.orderId === order.id
              : source.kind === 'job' && jobs.some((j) => j.id === source.jobId)
          }
        />
        {jobError && (
          <Text c="red" role="alert" component="div">
            <ErrorText error={jobError} />
          </Text>
        )}
      </Stack>
    </Card>
  );
});

/**
 * What goes in the box: product names (as the service knows them), SKUs, quantities, total.
 * While the order is being packed, the pack's checklist takes the table's place.
 */
export function OrderItems({
  lookup,
  names,
  pack = null,
}: {
  lookup: OrderLookup;
  names: Record<string, string | null>;
  pack?: PackView | null;
}) {
  const { t, i18n } = useTranslation();
  const { order, trackings } = lookup;
  const units = pack
    ? pack.lines.reduce((sum, line) => sum + line.expected, 0)
    : order.items.reduce((sum, item) => sum + item.quantity, 0);
  const scanned = pack?.lines.reduce((sum, line) => sum + line.scanned, 0) ?? 0;
  const tracking = trackings[0];
  const productName = (sku: string) => {
    const name = names[sku];
    if (name === undefined) return '…';
    return name ?? t('station.unknownProduct');
  };
  return (
    // While packing, the checklist is what the packer works from: a tighter frame, so an order
    // of eight lines stays above the status bar at 1280×800.
    <Card withBorder padding={pack ? 'xs' : 'md'} data-testid="order-items">
      <Stack gap={pack ? 4 : 'sm'}>
        <Group justify="space-between">
          <Title order={4}>{t(pack ? 'pack.checklist' : 'station.items')}</Title>
          <Group gap="md">
            {pack && (
              <Text fw={700} size="lg" data-testid="pack-progress">
                {t('pack.progress', { scanned, expected: units })}
              </Text>
            )}
            <Text fw={700} data-testid="total-units">
              {t('station.totalUnits', { count: units })}
            </Text>
          </Group>
        </Group>
        {pack ? (
          <PackChecklist view={pack} names={names} />
        ) : (
          <Table striped fz="lg">
            <TableHead labels={[t('station.product'), t('station.sku'), t('station.quantity')]} />
            <Table.Tbody>
              {order.items.map((item) => (
                <Table.Tr key={item.sku}>
                  <Table.Td data-testid="item-name">{productName(item.sku)}</Table.Td>
                  <Table.Td>{item.sku}</Table.Td>
                  <Table.Td fw={700}>{item.quantity.toLocaleString(i18n.language)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        {tracking && (
          <Stack gap="xs" data-testid="tracking">
            <Title order={4}>
              {t('station.tracking')}: {tracking.carrier} · {tracking.code}
            </Title>
            <TrackingTimeline events={tracking.events} />
          </Stack>
        )}
      </Stack>
    </Card>
  );
}
