import { Text, Timeline } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Tracking } from '@shared/api/schemas.ts';

/** A shipment's events, newest first, with local date and time. */
export function TrackingTimeline({ events }: { events: Tracking['events'] }) {
  const { i18n } = useTranslation();
  return (
    <Timeline active={0} bulletSize={16}>
      {events.map((event) => (
        <Timeline.Item
          key={`${event.at}-${event.status ?? ''}`}
          title={event.description ?? event.status}
        >
          <Text size="sm" c="dimmed">
            {new Date(event.at).toLocaleString(i18n.language)}{' '}
            {event.location ? `· ${event.location}` : ''}
          </Text>
        </Timeline.Item>
      ))}
    </Timeline>
  );
}
