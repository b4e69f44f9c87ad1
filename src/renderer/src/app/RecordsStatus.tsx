import { Badge, Text, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { RecordsState } from '@shared/records.ts';

/**
 * The fleet's pack records in the status bar (issue #40): nothing while no PostgreSQL is set, a
 * quiet line while the packs reach it, a warning (its sentence in the tooltip and in words for
 * a screen reader) while they wait on this station. Packing goes on either way.
 */
export function RecordsStatus({ state }: { state: RecordsState }) {
  const { t } = useTranslation();
  if (state.phase === 'off') return null;
  const sentence = t(state.sentence.messageKey, state.sentence.params);
  if (state.error || state.phase === 'waiting' || state.phase === 'stopped')
    return (
      <Badge
        color="orange"
        size="lg"
        variant="filled"
        tt="none"
        data-testid="records-status"
        data-phase={state.phase}
        title={sentence}
        styles={{ root: { flexShrink: 0 } }}
      >
        {t('records.bar.behind', { count: state.pending })}
        <VisuallyHidden>{sentence}</VisuallyHidden>
      </Badge>
    );
  return (
    <Text
      size="sm"
      c="dimmed"
      data-testid="records-status"
      data-phase={state.phase}
      title={sentence}
    >
      {t('records.bar.ok')}
    </Text>
  );
}
