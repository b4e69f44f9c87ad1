import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ScaleView } from '@shared/scale/settings.ts';
import type { Language } from '../i18n/index.ts';
import { fakeBridge, renderWithStores } from '../test-utils.tsx';
import { ScaleBadge } from './ScaleBadge.tsx';

const reading = (
  grams: number,
  status: NonNullable<ScaleView['reading']>['status'] = 'stable',
) => ({
  status,
  value: grams / 1000,
  unit: 'kg' as const,
  grams,
  divisionGrams: 1,
});

async function badge(view: ScaleView, language?: Language) {
  const rendered = renderWithStores(<ScaleBadge />, fakeBridge(), language ? { language } : {});
  rendered.stores.scale.setState({ view });
  return (await screen.findByTestId('scale-status')).textContent;
}

const base: ScaleView = {
  state: 'reading',
  device: 'serial:/dev/ttyUSB0',
  reading: null,
  stable: false,
  needsZero: false,
};

describe('the scale in the status bar', () => {
  it('is absent without a scale', () => {
    const rendered = renderWithStores(<ScaleBadge />, fakeBridge());
    rendered.stores.scale.setState({ view: { ...base, state: 'off', device: null } });
    expect(screen.queryByTestId('scale-status')).toBeNull();
  });

  it('shows the weight in the station’s unit, and says when it is stable', async () => {
    expect(await badge({ ...base, reading: reading(1250) })).toBe('Scale 1.250 kg');
  });

  it.each([
    [{ ...base, reading: reading(1250), stable: true }, 'Scale 1.250 kg · stable'],
    [{ ...base, state: 'silent' as const }, 'Scale not answering'],
    [{ ...base, state: 'unplugged' as const }, 'Scale unplugged'],
    [
      { ...base, reading: reading(0, 'over-capacity') },
      'Scale: Over capacity: the load is heavier than the scale can weigh.',
    ],
    [
      { ...base, reading: { ...reading(0, 'fault'), fault: 'calibration' as const } },
      'Scale: The scale needs calibrating before it can weigh.',
    ],
  ])('%#: %s', async (view, words) => {
    expect(await badge(view)).toBe(words);
  });

  it('speaks the packer’s language and digits', async () => {
    expect(await badge({ ...base, reading: reading(1250), stable: true }, 'pt-BR')).toBe(
      'Balança 1,250 kg · estável',
    );
  });
});
