import { Alert, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import type { AppError } from '@shared/result.ts';
import { ErrorAlert } from '@renderer/ui/ErrorText.tsx';

// The frame the device settings forms share (camera, scale, document printer): a form that
// saves on Enter or its submit button, its fields in a stack, and under them what the last
// action came to: a line in green when it went well, the error in red, said to a screen reader.

/** What a form's last action came to: a sentence, or an error. */
export type FormOutcome =
  { ok: true; text: string; testId: string } | { ok: false; error: AppError };

export function SettingsForm(props: {
  testId: string;
  onSave: () => Promise<unknown>;
  outcome: FormOutcome | null;
  /** The error alert's test id, where a test looks for it. */
  errorTestId?: string;
  /** Shown under the outcome (a scale's live reading). */
  footer?: ReactNode;
  children: ReactNode;
}) {
  const { outcome } = props;
  return (
    <form
      data-testid={props.testId}
      onSubmit={(event) => {
        event.preventDefault();
        void props.onSave();
      }}
    >
      <Stack gap="sm">
        {props.children}
        {outcome?.ok === true && (
          <Alert color="green" role="status" data-testid={outcome.testId}>
            {outcome.text}
          </Alert>
        )}
        <ErrorAlert
          error={outcome?.ok === false ? outcome.error : null}
          testId={props.errorTestId}
        />
        {props.footer}
      </Stack>
    </form>
  );
}
