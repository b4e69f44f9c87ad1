import { Button, Group, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { jobPayloadSchemas, type JobPayloadInput, type JobView } from '@shared/outbox.ts';

/**
 * Corrects a failed job. File uploads usually failed for a wrong order number, so that is the one
 * field shown; other jobs are edited as their JSON payload.
 */
export function JobEditor({
  job,
  onSave,
  onCancel,
}: {
  job: JobView;
  onSave: (payload: JobPayloadInput) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  // A file's job is corrected by its order alone; any other by its data as JSON.
  const file = job.kind === 'invoice.upload' || job.kind === 'label.upload' ? job.payload : null;
  const isFile = file !== null;
  const [order, setOrder] = useState(file?.order ?? '');
  const [json, setJson] = useState(JSON.stringify(job.payload, null, 2));
  const [problem, setProblem] = useState<string | null>(null);

  // The corrected data must be what this kind of job takes (the schema from the OpenAPI
  // document), checked here so the operator sees the problem before anything is sent.
  const save = () => {
    let edited: unknown;
    try {
      edited = file ? { ...file, order: order.trim() } : JSON.parse(json);
    } catch (error) {
      return setProblem(error instanceof Error ? error.message : String(error));
    }
    if (!edited || typeof edited !== 'object' || Array.isArray(edited))
      return setProblem(t('outbox.jsonObject'));
    const checked = jobPayloadSchemas[job.kind].safeParse(edited);
    if (!checked.success)
      return setProblem(
        t('errors.outbox.invalid_payload', {
          message: checked.error.issues
            .map((issue) => `${issue.path.join('.') || '(data)'} ${issue.message}`)
            .join('; '),
        }),
      );
    onSave(checked.data);
  };

  return (
    <Stack gap="xs" data-testid="job-editor">
      {isFile ? (
        <TextInput
          size="md"
          label={t('outbox.order')}
          value={order}
          onChange={(e) => setOrder(e.currentTarget.value)}
        />
      ) : (
        <Textarea
          label={t('outbox.payload')}
          value={json}
          autosize
          minRows={4}
          onChange={(e) => setJson(e.currentTarget.value)}
          styles={{ input: { fontFamily: 'monospace' } }}
        />
      )}
      {problem && (
        <Text c="red" role="alert">
          {problem}
        </Text>
      )}
      <Group>
        <Button size="md" onClick={save}>
          {t('outbox.saveRetry')}
        </Button>
        <Button size="md" variant="subtle" onClick={onCancel}>
          {t('products.cancel')}
        </Button>
      </Group>
    </Stack>
  );
}
