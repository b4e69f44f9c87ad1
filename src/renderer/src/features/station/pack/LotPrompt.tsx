import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { LotOption } from '@shared/pack/types.ts';

/** Earliest expiry first; a lot without an expiry after the dated ones. */
const byExpiry = (a: LotOption, b: LotOption) =>
  (a.expiry ?? '9999-99-99').localeCompare(b.expiry ?? '9999-99-99');

/**
 * A plain barcode on a batch-controlled product: which lot is the unit from? A list the keyboard
 * drives (arrows, Home/End, Enter; Esc cancels), earliest expiry first, the lot that should go
 * next marked, expired lots shown but not choosable. It takes the focus when it opens.
 */
export function LotPrompt({
  sku,
  options,
  onChoose,
  onCancel,
}: {
  sku: string;
  options: readonly LotOption[];
  onChoose: (lot: string) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const sorted = [...options].sort(byExpiry);
  const choosable = sorted.flatMap((o, i) => (o.state === 'expired' ? [] : [i]));
  const fefo = sorted.findIndex((o) => o.fefo && o.state !== 'expired');
  const [active, setActive] = useState(fefo >= 0 ? fefo : (choosable[0] ?? -1));
  const list = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const baseId = useId();
  useEffect(() => list.current?.focus(), []);

  const move = (step: 1 | -1 | 'first' | 'last') => {
    if (choosable.length === 0) return;
    const at = choosable.indexOf(active);
    const next =
      step === 'first'
        ? 0
        : step === 'last'
          ? choosable.length - 1
          : Math.min(choosable.length - 1, Math.max(0, at + step));
    setActive(choosable[next] ?? active);
  };
  const choose = (index: number) => {
    const option = sorted[index];
    if (option && option.state !== 'expired') onChoose(option.lot);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    // A scanner's burst was taken by the station (it is a scan, not a choice).
    if (event.defaultPrevented) return;
    const keys: Record<string, () => void> = {
      ArrowDown: () => move(1),
      ArrowUp: () => move(-1),
      Home: () => move('first'),
      End: () => move('last'),
      Enter: () => choose(active),
      Escape: onCancel,
    };
    const handler = keys[event.key];
    if (!handler) return;
    event.preventDefault();
    handler();
  };

  return (
    <Paper withBorder p="md" radius="md" data-testid="pack-lot-prompt">
      <Stack gap="sm">
        <Title order={3} id={titleId}>
          {t('pack.lotPrompt.title', { sku })}
        </Title>
        <Text>{t('pack.lotPrompt.hint')}</Text>
        <div
          ref={list}
          role="listbox"
          tabIndex={0}
          aria-labelledby={titleId}
          aria-activedescendant={active >= 0 ? `${baseId}-${active}` : undefined}
          onKeyDown={onKeyDown}
          data-testid="pack-lot-list"
          style={{ outline: '3px solid var(--mantine-color-blue-6)', borderRadius: 6 }}
        >
          {sorted.map((option, i) => {
            const expired = option.state === 'expired';
            const selected = i === active;
            return (
              <div
                key={option.lot}
                id={`${baseId}-${i}`}
                role="option"
                aria-selected={selected}
                aria-disabled={expired || undefined}
                data-testid="pack-lot-option"
                data-lot={option.lot}
                data-state={option.state}
                data-fefo={option.fefo ? 'true' : 'false'}
                onClick={() => choose(i)}
                style={{
                  padding: '10px 12px',
                  cursor: expired ? 'not-allowed' : 'pointer',
                  background: selected ? 'var(--mantine-color-blue-1)' : undefined,
                  color: expired ? 'var(--mantine-color-red-9)' : undefined,
                  textDecoration: expired ? 'line-through' : undefined,
                  borderLeft: `6px solid var(--mantine-color-${selected ? 'blue-7' : 'gray-2'})`,
                }}
              >
                <Group gap="md">
                  <Text fw={700} size="lg" component="span">
                    {option.lot}
                  </Text>
                  <Text component="span">
                    {option.expiry
                      ? t('pack.lotPrompt.expires', { date: option.expiry })
                      : t('pack.noExpiry')}
                  </Text>
                  <Text component="span">
                    {t('pack.lotPrompt.available', {
                      count: option.available,
                    })}
                  </Text>
                  {option.state === 'expiring' && (
                    <Text component="span" fw={700}>
                      {t('pack.lotState.expiring')}
                    </Text>
                  )}
                  {option.fefo && !expired && (
                    <Text component="span" fw={700} c="dark.9">
                      {t('pack.lotPrompt.fefo')}
                    </Text>
                  )}
                  {expired && (
                    <Text component="span" fw={700}>
                      {t('pack.lotPrompt.expired')}
                    </Text>
                  )}
                </Group>
              </div>
            );
          })}
        </div>
        <Group>
          <Button variant="light" onClick={onCancel}>
            {t('pack.lotPrompt.cancel')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
