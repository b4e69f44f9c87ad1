import {
  Button,
  Card,
  Group,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadState } from '@renderer/ui/LoadState.tsx';
import { TrackingTimeline } from '@renderer/ui/TrackingTimeline.tsx';
import { useBridge } from '@renderer/app/context.tsx';
import { queryKeys, useAskedRead } from '@renderer/app/queries.ts';

export type TrackingField = 'order' | 'id' | 'code';

/** Find a shipment by order, tracking id or carrier code, and read its events. */
export function TrackingsScreen() {
  const { t } = useTranslation();
  const bridge = useBridge();
  const [field, setField] = useState<TrackingField>('order');
  const [value, setValue] = useState('');
  const trackings = useAskedRead(
    (query: Partial<Record<TrackingField, string>>) => queryKeys.trackings(query),
    (query) => bridge.queryTrackings(query),
  );
  const results = trackings.data;
  const search = (by: TrackingField, text: string) => {
    if (text.trim()) trackings.ask({ [by]: text.trim() });
  };

  return (
    <Stack>
      <Title order={2}>{t('trackings.title')}</Title>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          search(field, value);
        }}
      >
        <Group align="end">
          <SegmentedControl
            size="md"
            value={field}
            onChange={(v) => setField(v as TrackingField)}
            data={(['order', 'id', 'code'] as const).map((f) => ({
              value: f,
              label: t(`trackings.by.${f}`),
            }))}
          />
          <TextInput
            size="md"
            label={t(`trackings.by.${field}`)}
            value={value}
            onChange={(e) => setValue(e.currentTarget.value)}
          />
          <Button type="submit" size="md">
            {t('trackings.search')}
          </Button>
        </Group>
      </form>
      <LoadState loading={trackings.loading} error={trackings.error} />
      {results && results.length === 0 && <Text c="dimmed">{t('trackings.none')}</Text>}
      {results?.map((tracking) => (
        <Card key={tracking.id} withBorder data-testid="tracking-result">
          <Text fw={700}>
            {tracking.carrier} · {tracking.code} · {tracking.order}
          </Text>
          <TrackingTimeline events={tracking.events} />
        </Card>
      ))}
    </Stack>
  );
}
