import { Alert, Loader, Stack, Text, Title } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { readError } from '@renderer/app/queries.ts';
import { PolicedSection } from '@renderer/app/SetByIt.tsx';
import type { PolicySection } from '@shared/policy/schema.ts';
import { ErrorAlert } from '@renderer/ui/ErrorText.tsx';

/**
 * A Settings section's frame, the same in each: its heading (an anchor links open), what it is
 * for, the settings file set aside when it was damaged, the read's failure or its loader, then
 * the form once the settings are read (under IT's lock when the policy has one), and what the
 * section says after (saved, tested…).
 */
export function SettingsSection<T>({
  testId,
  anchor,
  order = 3,
  title,
  intro,
  read,
  recovered,
  policed,
  form,
  children,
}: {
  testId: string;
  /** The heading's id, for links that open Settings at this section. */
  anchor?: string;
  order?: 3 | 4;
  title: string;
  intro: string;
  read: UseQueryResult<T>;
  /** The orange notice when the settings file was damaged and set aside. */
  recovered?: { text: string; testId?: string } | null;
  /** The part of IT's machine policy this section's form is, when there is one. */
  policed?: PolicySection;
  form: (data: T) => ReactNode;
  children?: ReactNode;
}) {
  const failure = readError(read.error);
  const shown = read.data !== undefined ? form(read.data) : null;
  return (
    <Stack gap="sm" data-testid={testId}>
      <Title order={order} {...(anchor ? { id: anchor } : {})}>
        {title}
      </Title>
      <Text size="sm">{intro}</Text>
      {recovered && (
        <Alert color="orange" {...(recovered.testId ? { 'data-testid': recovered.testId } : {})}>
          {recovered.text}
        </Alert>
      )}
      <ErrorAlert error={failure} />
      {read.isPending && <Loader size="sm" />}
      {policed ? <PolicedSection section={policed}>{shown}</PolicedSection> : shown}
      {children}
    </Stack>
  );
}
