import { Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePacking } from './packing-store.ts';
import { downloadText } from '@renderer/ui/download.ts';
import { ErrorAlert } from '@renderer/ui/ErrorText.tsx';

/** Today on this computer's calendar, as the pack records name their days. */
const today = () => {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
};

/** The pack records of one day, saved as CSV or JSON (the order card exports one order's). */
export function PackRecordsExport() {
  const { t } = useTranslation();
  const { exportDay, exportError } = usePacking(['exportDay', 'exportError']);
  const [day, setDay] = useState(today);
  const [invalid, setInvalid] = useState(false);
  const [saved, setSaved] = useState<{ file: string; count: number } | null>(null);
  const save = async (format: 'csv' | 'json') => {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return setInvalid(true);
    setSaved(null);
    const records = await exportDay(day, format);
    if (!records) return;
    downloadText(
      records.fileName,
      records.text,
      format === 'csv' ? 'text/csv;charset=utf-8' : 'application/json;charset=utf-8',
    );
    setSaved({ file: records.fileName, count: records.count });
  };
  return (
    <Stack gap="xs" data-testid="pack-records">
      <Title order={4}>{t('pack.settings.records')}</Title>
      <Group align="end">
        <TextInput
          type="date"
          size="md"
          w={200}
          label={t('pack.settings.day')}
          value={day}
          error={invalid ? t('pack.settings.dayInvalid') : undefined}
          onChange={(e) => {
            setDay(e.currentTarget.value);
            setInvalid(false);
          }}
          data-testid="pack-records-day"
        />
        <Button variant="default" size="md" onClick={() => void save('csv')}>
          {t('pack.settings.exportCsv')}
        </Button>
        <Button variant="default" size="md" onClick={() => void save('json')}>
          {t('pack.settings.exportJson')}
        </Button>
      </Group>
      {saved && (
        <Text size="sm" role="status" data-testid="pack-records-done">
          {t('pack.export.done', { file: saved.file, count: saved.count })}
        </Text>
      )}
      <ErrorAlert error={exportError} />
    </Stack>
  );
}
