import { Badge } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatWeight } from '@shared/scale/format.ts';
import type { ScaleView } from '@shared/scale/settings.ts';
import type { ScaleUnit } from '@shared/scale/types.ts';
import { useBridge, useScale } from './context.tsx';
import { queryKeys, unwrap } from './queries.ts';

type T = ReturnType<typeof useTranslation>['t'];

/** The scale in a few words: its weight and whether it is stable, or what keeps it from one. */
export function describeScale(t: T, view: ScaleView, unit: ScaleUnit, language: string): string {
  const reading = view.reading;
  if (view.state === 'connecting') return t('scale.bar.connecting');
  if (view.state === 'silent') return t('scale.bar.silent');
  if (view.state === 'unplugged') return t('scale.bar.unplugged');
  if (!reading) return t('scale.bar.connecting');
  if (['under-zero', 'over-capacity', 'fault'].includes(reading.status))
    return t('scale.bar.condition', {
      condition:
        reading.status === 'fault'
          ? t(`scale.fault.${reading.fault ?? 'device'}`)
          : t(`scale.status.${reading.status}`),
    });
  const weight = formatWeight(reading.grams, unit, language);
  return view.stable ? t('scale.bar.stable', { weight }) : t('scale.bar.reading', { weight });
}

/** The station's unit for weights, from its scale settings (kg until they are read). */
export function useScaleUnit(): ScaleUnit {
  const bridge = useBridge();
  const settings = useQuery({
    queryKey: queryKeys.scaleSettings(),
    queryFn: () => unwrap(bridge.getScaleSettings()),
  });
  return settings.data?.unit ?? 'kg';
}

/** In the status bar while a scale is set up: its weight, or why there is none. */
export function ScaleBadge() {
  const { t, i18n } = useTranslation();
  const view = useScale((s) => s.view);
  const unit = useScaleUnit();
  if (!view || view.state === 'off') return null;
  const bad =
    view.state === 'silent' ||
    view.state === 'unplugged' ||
    ['under-zero', 'over-capacity', 'fault'].includes(view.reading?.status ?? '');
  return (
    <Badge
      color={bad ? 'red' : view.stable ? 'green' : 'gray'}
      size="lg"
      variant="light"
      tt="none"
      data-testid="scale-status"
      data-state={view.state}
      styles={{ root: { flexShrink: 1, minWidth: 0 } }}
    >
      {describeScale(t, view, unit, i18n.language)}
    </Badge>
  );
}
