import { FinishedPapers } from './FinishedPapers.tsx';
import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { memo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { JobView } from '@shared/outbox.ts';
import { SHORT_REASONS, type PackView } from '@shared/pack/types.ts';
import { downloadText } from '@renderer/ui/download.ts';
import { usePrint } from '@renderer/app/context.tsx';
import { usePack } from './pack-store.ts';
import { ReasonChooser } from './ReasonChooser.tsx';

/** The label.upload job the card knows for the order, to print the label again by. */
export type LabelJob = Pick<JobView, 'id' | 'payload'>;

const missingUnits = (view: PackView) =>
  view.lines.reduce((sum, line) => sum + Math.max(0, line.expected - line.scanned), 0);

interface OpenState {
  /** A question or a red lock waits on the packer. */
  waiting: boolean;
  complete: boolean;
  canFinish: boolean;
  /** Nothing scanned yet: nothing to undo. */
  empty: boolean;
  missing: number;
}

/**
 * Undo, set aside, finish and finish short, while the pack is open. It takes the few facts it
 * shows rather than the view, so a scan that changes none of them does not render it again.
 */
const OpenActions = memo(function OpenActions({
  waiting,
  complete,
  canFinish,
  empty,
  missing,
}: OpenState) {
  const { t } = useTranslation();
  const { undo, finish, setAside } = usePack(['undo', 'finish', 'setAside']);
  const [shorting, setShorting] = useState(false);
  return (
    <Stack gap="sm">
      {canFinish && !waiting && (
        <Text size="lg" fw={700} role="status" data-testid="pack-finish-hint">
          {t('pack.finish.hint')}
        </Text>
      )}
      <Group>
        {canFinish && (
          <Button
            size="lg"
            color="green"
            disabled={waiting}
            onClick={() => void finish()}
            data-testid="pack-finish"
          >
            {t('pack.finish.button')}
          </Button>
        )}
        <Button
          size="md"
          variant="light"
          disabled={waiting || empty}
          onClick={() => void undo()}
          data-testid="pack-undo"
        >
          {t('pack.undo')}
        </Button>
        {!complete && (
          <Button
            size="md"
            variant="light"
            color="orange"
            disabled={waiting}
            onClick={() => setShorting(true)}
            data-testid="pack-short"
          >
            {t('pack.short.open')}
          </Button>
        )}
        <Button size="md" variant="subtle" onClick={setAside} data-testid="pack-aside-button">
          {t('pack.aside.button')}
        </Button>
      </Group>
      {shorting && !complete && (
        <ReasonChooser
          title={t('pack.short.title')}
          body={t('pack.short.body', { count: missing })}
          reasons={SHORT_REASONS}
          confirmLabel={t('pack.short.confirm')}
          testId="pack-short-dialog"
          onChoose={(reason, text) => {
            setShorting(false);
            void finish({ reason, ...(text !== undefined ? { text } : {}) });
          }}
          onCancel={() => setShorting(false)}
        />
      )}
    </Stack>
  );
});

/** Done: the record is kept; what came of marking the order packed and printing its label. */
function Finished({ view, labelJob }: { view: PackView; labelJob: LabelJob | null }) {
  const { t, i18n } = useTranslation();
  const statusJob = usePack((s) => s.statusJob);
  const print = usePrint((s) => s.print);
  const time = (ms: number) => new Date(ms).toLocaleTimeString(i18n.language);
  // The lines hold every count; the view's units are only the newest few.
  const units = view.lines.reduce((sum, line) => sum + line.scanned, 0);
  const overrides = view.overrides;
  const short = view.status === 'short';
  const finish = view.finish;
  const labelFile = labelJob && 'fileName' in labelJob.payload ? labelJob.payload.fileName : null;
  return (
    <Alert
      color={short ? 'orange' : 'green'}
      variant="light"
      data-testid="pack-finished"
      data-status={view.status}
    >
      <Stack gap="xs">
        <Title order={2} c="dark.9">
          {t(short ? 'pack.finished.short' : 'pack.finished.packed')}
        </Title>
        <Text size="lg" c="dark.9">
          {t('pack.finished.summary', {
            count: units,
            start: time(view.startedAt),
            end: time(view.finishedAt ?? view.startedAt),
          })}
          {overrides > 0 && ` ${t('pack.finished.overrides', { count: overrides })}`}
        </Text>
        {finish?.statusJobId && (
          <Text
            c="dark.9"
            data-testid="pack-mark-packed"
            data-state={statusJob?.state ?? 'waiting'}
          >
            {t(`pack.markPacked.${statusJob?.state ?? 'waiting'}`)}
          </Text>
        )}
        {finish?.printJobId && <Text c="dark.9">{t('pack.finished.printQueued')}</Text>}
        {finish?.printProblem && (
          <Group role="alert" data-testid="pack-print-problem">
            <Text c="red.9" fw={700}>
              {t(finish.printProblem)}
            </Text>
            {labelJob && (
              <Button
                size="sm"
                onClick={() =>
                  void print(
                    'station',
                    { kind: 'job', jobId: labelJob.id },
                    String(labelFile ?? labelJob.id),
                  )
                }
              >
                {t('pack.finished.printRetry')}
              </Button>
            )}
          </Group>
        )}
        {finish && <FinishedPapers orderId={view.orderId} documents={finish.documents} />}
      </Stack>
    </Alert>
  );
}

/** The pack record of the order, saved as CSV or JSON through a download. */
const ExportButtons = memo(function ExportButtons() {
  const { t } = useTranslation();
  const exportRecord = usePack((s) => s.exportRecord);
  const [saved, setSaved] = useState<{ file: string; count: number } | null>(null);
  const save = async (format: 'csv' | 'json') => {
    const record = await exportRecord(format);
    if (!record) return;
    downloadText(
      record.fileName,
      record.text,
      format === 'csv' ? 'text/csv;charset=utf-8' : 'application/json;charset=utf-8',
    );
    setSaved({ file: record.fileName, count: record.count });
  };
  return (
    <Stack gap={4}>
      <Group>
        <Button variant="default" onClick={() => void save('csv')} data-testid="pack-export-csv">
          {t('pack.export.csv')}
        </Button>
        <Button variant="default" onClick={() => void save('json')} data-testid="pack-export-json">
          {t('pack.export.json')}
        </Button>
      </Group>
      {saved && (
        <Text size="sm" role="status" data-testid="pack-export-done">
          {t('pack.export.done', { file: saved.file, count: saved.count })}
        </Text>
      )}
    </Stack>
  );
});

/** The pack's controls under the card's summary, for the order on the card only. */
export function PackActions({ orderId, labelJob }: { orderId: string; labelJob: LabelJob | null }) {
  const { view, aside } = usePack(['view', 'aside']);
  if (!view || view.orderId !== orderId || aside) return null;
  return (
    <Stack gap="sm" data-testid="pack-actions">
      {view.status === 'open' ? (
        <OpenActions
          waiting={view.prompt !== null}
          complete={view.complete}
          canFinish={view.complete && !view.settings.autoFinish}
          empty={view.units.length === 0}
          missing={missingUnits(view)}
        />
      ) : (
        <Finished view={view} labelJob={labelJob} />
      )}
      <ExportButtons />
    </Stack>
  );
}
