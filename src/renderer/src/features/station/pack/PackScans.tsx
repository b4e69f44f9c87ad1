import { Group, Stack, Text, Title } from '@mantine/core';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import type { PackUnit } from '@shared/pack/types.ts';
import { usePack } from './pack-store.ts';

/** How many of the newest counted scans the side of the screen shows, at most. */
const SHOWN = 5;

/** Grows into the height left and adds none of its own to the row. */
const FILL = { flex: '1 1 0', minHeight: 0 } as const;
/**
 * The rows that do not fit wrap into a second column, out of sight past the first one's edge:
 * the oldest scans go whole, none is cut in half.
 */
const WHOLE_ROWS = {
  ...FILL,
  flexDirection: 'column',
  flexWrap: 'wrap',
  columnGap: 40,
  overflow: 'hidden',
} as const;

/** One counted scan: what it was, how many it counted, its lot, and when. */
function ScanRow({ unit, name }: { unit: PackUnit; name: string }) {
  const { t, i18n } = useTranslation();
  return (
    <Group
      gap="xs"
      wrap="nowrap"
      w="100%"
      justify="space-between"
      data-testid="pack-scan"
      data-sku={unit.sku}
      data-seq={unit.seq}
    >
      {/* A long name gives way; the quantity, the lot and the time stay whole. */}
      <Text fw={600} truncate style={{ minWidth: 0, flex: '1 1 auto' }}>
        {name}
      </Text>
      <Text fw={600} style={{ flexShrink: 0 }}>
        {t('pack.lastScans.quantity', { quantity: unit.quantity.toLocaleString(i18n.language) })}
        {unit.lot ? ` · ${t('pack.lastScans.lot', { lot: unit.lot })}` : ''}
      </Text>
      <Text size="sm" style={{ flexShrink: 0 }}>
        {new Date(unit.at).toLocaleTimeString(i18n.language)}
      </Text>
    </Group>
  );
}

/**
 * The pack's newest counted scans, newest first, beside the scan field: what just went into the
 * box, at a glance. The verdict above the checklist says the newest one in a sentence.
 */
export const PackScans = memo(function PackScans({
  orderId,
  names,
  fit = false,
}: {
  orderId: string;
  /** Names the window already read for the card (the pack's own name wins). */
  names: Record<string, string | null>;
  /**
   * Takes only the height its column has left (the scan field and the verdict beside it set
   * the row's height) and shows the newest scans that fit whole, never pushing the checklist
   * below down.
   */
  fit?: boolean;
}) {
  const { t } = useTranslation();
  const view = usePack((s) => (s.view?.orderId === orderId && !s.aside ? s.view : null));
  if (!view) return null;
  const nameOf = (sku: string) =>
    view.lines.find((line) => line.sku === sku)?.name ?? names[sku] ?? sku;
  const newest = view.units.slice(-SHOWN).reverse();
  return (
    <Stack gap={4} data-testid="pack-scans" style={fit ? FILL : undefined}>
      <Title order={3} size="h4">
        {t('pack.lastScans.title')}
      </Title>
      {newest.length === 0 ? (
        <Text c="dimmed">{t('pack.lastScans.none')}</Text>
      ) : (
        <Stack gap={4} style={fit ? WHOLE_ROWS : undefined}>
          {newest.map((unit) => (
            <ScanRow key={unit.seq} unit={unit} name={nameOf(unit.sku)} />
          ))}
        </Stack>
      )}
    </Stack>
  );
});
