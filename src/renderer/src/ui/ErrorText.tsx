import { Alert, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { AppError } from '@shared/result.ts';
import { describeError } from './errors.ts';

interface FieldIssue {
  path: string;
  message: string;
  messageKey?: string;
}

/** The per-field problems some failures carry (an invalid profile), each its own line. */
const fieldIssues = (details: unknown): FieldIssue[] =>
  Array.isArray(details)
    ? details.filter(
        (d): d is FieldIssue =>
          typeof d === 'object' &&
          d !== null &&
          typeof d.path === 'string' &&
          typeof d.message === 'string',
      )
    : [];

/**
 * A failure in the operator's language and, on a second line, the service's own words when it
 * gave any: marked as a quotation, because they are the service's, in the service's language.
 */
export function ErrorText({
  error,
  size,
}: {
  error: Pick<AppError, 'messageKey' | 'message' | 'params' | 'serviceMessage' | 'details'>;
  size?: 'sm' | 'md';
}) {
  const { t } = useTranslation();
  return (
    <>
      <Text size={size} inherit={!size} component="span" display="block">
        {describeError(t, error)}
      </Text>
      {fieldIssues(error.details).map((issue, i) => (
        <Text size="sm" component="span" display="block" key={i} data-testid="field-issue">
          {issue.messageKey
            ? t(issue.messageKey, { defaultValue: `${issue.path} ${issue.message}` })
            : `${issue.path} ${issue.message}`}
        </Text>
      ))}
      {error.serviceMessage && (
        <Text
          size="sm"
          c="dimmed"
          fs="italic"
          component="span"
          display="block"
          data-testid="service-words"
        >
          {t('errors.serviceSaid', { message: error.serviceMessage })}
        </Text>
      )}
    </>
  );
}

/** A failure as a red alert a screen reader announces; nothing when there is none. */
export function ErrorAlert({
  error,
  testId,
}: {
  error: Parameters<typeof ErrorText>[0]['error'] | null | undefined;
  testId?: string;
}) {
  if (!error) return null;
  return (
    <Alert color="red" role="alert" data-testid={testId}>
      <ErrorText error={error} />
    </Alert>
  );
}
