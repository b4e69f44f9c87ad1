import { Button, Checkbox, Group, PasswordInput, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import type { CoordinationInput, CoordinationSettings } from '@shared/coordination.ts';
import {
  checkCoordination,
  draftOf,
  validateCoordination,
  type CoordinationDraft,
} from './coordination-draft.ts';

/**
 * The warehouse's Redis: its address, its password (to the system keychain, never shown back)
 * and a private certificate authority for rediss://. Save keeps them and moves the station onto
 * them; Test connects with what the form holds, saved or not. Nothing is sent while the shared
 * schema refuses the fields.
 */
export function CoordinationForm({
  settings,
  passwordSet,
  busy,
  onSave,
  onTest,
}: {
  settings: CoordinationSettings;
  /** A password is kept in the system keychain. */
  passwordSet: boolean;
  busy: 'save' | 'test' | null;
  /** Resolves true when main kept the settings (the typed password then leaves the form). */
  onSave: (input: CoordinationInput) => Promise<boolean>;
  onTest: (input: CoordinationInput) => void;
}) {
  const { t } = useTranslation();
  const form = useForm<CoordinationDraft>({
    mode: 'controlled',
    initialValues: draftOf(settings),
    validate: (values) => validateCoordination(t, values),
  });
  const draft = form.getValues();
  // The input as main reads it (trimmed by the schema), or nothing when a field is refused.
  const checked = (): CoordinationInput | null => {
    if (form.validate().hasErrors) return null;
    const result = checkCoordination(form.getValues());
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
      data-testid="coordination-form"
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <Stack gap="sm">
        <TextInput
          size="md"
          maw={520}
          label={t('coordination.url')}
          description={t('coordination.urlHint')}
          placeholder="redis://redis.warehouse.lan:6379"
          autoComplete="off"
          spellCheck={false}
          {...form.getInputProps('url')}
        />
        <Stack gap={6}>
          <PasswordInput
            size="md"
            maw={520}
            label={t('coordination.password')}
            description={passwordSet ? t('coordination.passwordKept') : undefined}
            autoComplete="off"
            visibilityToggleButtonProps={{ 'aria-hidden': true }}
            disabled={removing}
            {...form.getInputProps('password')}
          />
          {passwordSet && (
            <Checkbox
              size="md"
              label={t('coordination.removePassword')}
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
          label={t('coordination.ca')}
          description={t('coordination.caHint')}
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
            {t('coordination.save')}
          </Button>
          <Button
            size="md"
            variant="light"
            onClick={test}
            loading={busy === 'test'}
            disabled={busy === 'save' || draft.url.trim() === ''}
          >
            {t('coordination.test')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
