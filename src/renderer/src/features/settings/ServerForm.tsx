import { Button, Checkbox, Group, PasswordInput, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import {
  checkServer,
  draftOf,
  validateServer,
  type ServerDraft,
  type ServerInput,
} from './server-draft.ts';

/** Whose sentences the form speaks: the Redis's or the PostgreSQL's. */
type Words = 'coordination' | 'records.settings';

/**
 * A warehouse server (the Redis stations share a key through, the PostgreSQL of the fleet's pack
 * records): its address, its password (to the system keychain, never shown back) and a private
 * certificate authority for TLS. Save keeps them and moves the station onto them; Test connects
 * with what the form holds, saved or not. Nothing is sent while the shared schema refuses the
 * fields.
 */
export function ServerForm({
  words,
  schema,
  placeholder,
  testId,
  settings,
  passwordSet,
  busy,
  onSave,
  onTest,
}: {
  words: Words;
  /** The input schema main checks with (coordinationInputSchema, recordsInputSchema). */
  schema: z.ZodType;
  placeholder: string;
  testId: string;
  settings: { url: string | null; ca: string | null };
  /** A password is kept in the system keychain. */
  passwordSet: boolean;
  busy: 'save' | 'test' | null;
  /** Resolves true when main kept the settings (the typed password then leaves the form). */
  onSave: (input: ServerInput) => Promise<boolean>;
  onTest: (input: ServerInput) => void;
}) {
  const { t } = useTranslation();
  const form = useForm<ServerDraft>({
    mode: 'controlled',
    initialValues: draftOf(settings),
    validate: (values) => validateServer(t, schema, values),
  });
  const draft = form.getValues();
  // The input as main reads it (trimmed by the schema), or nothing when a field is refused.
  const checked = (): ServerInput | null => {
    if (form.validate().hasErrors) return null;
    const result = checkServer(schema, form.getValues());
    return result.ok ? result.value : null;
  };
  const save = async () => {
    const input = checked();
    if (!input) return;
    if (await onSave(input)) form.setValues({ password: '', removePassword: false });
  };
  const test = () => {
    const input = checked();
    if (input) onTest(input);
  };
  const removing = passwordSet && draft.removePassword;
  return (
    <form
      data-testid={testId}
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <Stack gap="sm">
        <TextInput
          size="md"
          maw={520}
          label={t(`${words}.url`)}
          description={t(`${words}.urlHint`)}
          placeholder={placeholder}
          autoComplete="off"
          spellCheck={false}
          {...form.getInputProps('url')}
        />
        <Stack gap={6}>
          <PasswordInput
            size="md"
            maw={520}
            label={t(`${words}.password`)}
            description={passwordSet ? t(`${words}.passwordKept`) : undefined}
            autoComplete="off"
            visibilityToggleButtonProps={{ 'aria-hidden': true }}
            disabled={removing}
            {...form.getInputProps('password')}
          />
          {passwordSet && (
            <Checkbox
              size="md"
              label={t(`${words}.removePassword`)}
              checked={draft.removePassword}
              onChange={(event) => {
                const remove = event.currentTarget.checked;
                form.setFieldValue('removePassword', remove);
                // Removing the kept password: a typed one would not be sent either.
                if (remove) form.setFieldValue('password', '');
              }}
            />
          )}
        </Stack>
        <Textarea
          size="md"
          maw={640}
          label={t(`${words}.ca`)}
          description={t(`${words}.caHint`)}
          placeholder="-----BEGIN CERTIFICATE-----"
          autosize
          minRows={3}
          maxRows={10}
          spellCheck={false}
          styles={{ input: { fontFamily: 'monospace' } }}
          {...form.getInputProps('ca')}
        />
        <Group>
          <Button type="submit" size="md" loading={busy === 'save'} disabled={busy === 'test'}>
            {t(`${words}.save`)}
          </Button>
          <Button
            size="md"
            variant="light"
            onClick={test}
            loading={busy === 'test'}
            disabled={busy === 'save' || draft.url.trim() === ''}
          >
            {t(`${words}.test`)}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
