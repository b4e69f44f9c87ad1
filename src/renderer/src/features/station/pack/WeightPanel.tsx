import { Alert, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { memo, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { WEIGHT_REASONS } from '@shared/pack/types.ts';
import { expectedWeight } from '@shared/scale/expected.ts';
import { formatWeight } from '@shared/scale/format.ts';
import { describeScale } from '@renderer/app/ScaleBadge.tsx';
import { useBridge, useScale } from '@renderer/app/context.tsx';
import { usePack } from './pack-store.ts';
import { queryKeys, unwrap } from '@renderer/app/queries.ts';
import { ReasonChooser } from './ReasonChooser.tsx';

const HELD = new Set(['packVerdict.weight.lighter', 'packVerdict.weight.heavier']);

/**
 * The box on the scale, on the card of the order being packed (a station with a scale): the
 * live weight, large, and what the box should weigh. A complete pack finishes by itself on a
 * stable weight when the settings finish by themselves; a weight off the expectation holds it
 * until the box is weighed again or the packer gives a reason.
 */
export const WeightPanel = memo(function WeightPanel({ orderId }: { orderId: string }) {
  const { t, i18n } = useTranslation();
  const bridge = useBridge();
  const scale = useScale((s) => s.view);
  const settings = useQuery({
    queryKey: queryKeys.scaleSettings(),
    queryFn: () => unwrap(bridge.getScaleSettings()),
  });
  const { view, finish } = usePack(['view', 'finish']);
  const [overriding, setOverriding] = useState(false);
  const tried = useRef<string | null>(null);
  const mine = view?.orderId === orderId ? view : null;
  const open = mine?.status === 'open';
  const ready = open && mine.complete && mine.prompt === null;
  const stableGrams = scale?.stable ? scale.reading?.grams : undefined;
  const autoFinish = mine?.settings.autoFinish ?? false;
  // One try per steady weight: a box weighed again (another stable weight) tries again.
  useEffect(() => {
    if (!ready || !autoFinish || stableGrams === undefined || !mine) return;
    const key = `${mine.id}:${stableGrams}`;
    if (tried.current === key) return;
    tried.current = key;
    void finish();
  }, [ready, autoFinish, stableGrams, mine, finish]);
  if (!scale || scale.state === 'off' || !mine || !settings.data) return null;
  const unit = settings.data.unit;
  const box = settings.data.boxes.find((b) => b.name === settings.data.defaultBox) ?? null;
  const expectation = expectedWeight(
    mine.lines.map((line) => ({ sku: line.sku, quantity: line.expected, weightKg: line.weightKg })),
    box?.tareGrams ?? 0,
  );
  const weigh = (grams: number) => formatWeight(grams, unit, i18n.language);
  const held = open && mine.verdict !== null && HELD.has(mine.verdict.messageKey);
  const reading = scale.reading;
  const state =
    scale.state === 'unplugged'
      ? t('scale.card.unplugged')
      : scale.state === 'silent'
        ? t('scale.card.silent')
        : scale.needsZero
          ? t('scale.card.needsZero')
          : scale.stable
            ? t('scale.card.stable')
            : reading && reading.grams > 0
              ? t('scale.card.settling')
              : t('scale.card.waiting');
  return (
    <Paper withBorder p="md" data-testid="pack-weight" data-stable={String(scale.stable)}>
      <Stack gap="xs">
        <Group justify="space-between" align="baseline">
          <Text size="lg" fw={700}>
            {t('scale.card.title')}
          </Text>
          <Text size="sm" data-testid="pack-weight-state">
            {state}
          </Text>
        </Group>
        <Text fz={44} fw={800} lh={1.1} data-testid="pack-weight-live" aria-live="off">
          {reading && scale.state === 'reading'
            ? weigh(reading.grams)
            : describeScale(t, scale, unit, i18n.language)}
        </Text>
        <Text size="lg" data-testid="pack-weight-expected">
          {expectation.known
            ? t('scale.card.expected', {
                weight: weigh(expectation.grams),
                contents: weigh(expectation.contentsGrams),
                tare: weigh(expectation.tareGrams),
              })
            : t('scale.card.unknown', { skus: expectation.missing.join(', ') })}
        </Text>
        {mine.weighing && (
          <Text size="sm" c="dimmed" data-testid="pack-weighed">
            {weigh(mine.weighing.grams)}
          </Text>
        )}
        {held && !overriding && (
          <Group>
            <Button
              color="orange"
              variant="light"
              onClick={() => setOverriding(true)}
              data-testid="pack-weight-override"
            >
              {t('pack.weightOverride.open')}
            </Button>
          </Group>
        )}
        {held && overriding && (
          <ReasonChooser
            title={t('pack.weightOverride.title')}
            body={t('pack.weightOverride.body')}
            reasons={WEIGHT_REASONS}
            confirmLabel={t('pack.weightOverride.confirm')}
            testId="pack-weight-reason"
            onChoose={(reason, text) => {
              setOverriding(false);
              void finish(undefined, { reason, ...(text !== undefined ? { text } : {}) });
            }}
            onCancel={() => setOverriding(false)}
          />
        )}
        {scale.state === 'unplugged' && (
          <Alert color="red" variant="light">
            {t('scale.card.unplugged')}
          </Alert>
        )}
      </Stack>
    </Paper>
  );
});
