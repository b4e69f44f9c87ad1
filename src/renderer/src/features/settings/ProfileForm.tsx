import { Button, Group, Select, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  endpointOverridesSchema,
  ENVIRONMENTS,
  type Profile,
  type ProfileInput,
} from '../../../../shared/profile.ts';

const OVERRIDES = ['productsListPath', 'productGetPath', 'labelsPath', 'batchExpiryParam'] as const;

const blank: ProfileInput = {
  name: '',
  environment: 'test',
  baseUrl: '',
  apiVersion: 'v1.1',
  overrides: endpointOverridesSchema.parse({}),
};

/** Creates or edits a profile, including the paths and names the API specification leaves open. */
export function ProfileForm({
  profile,
  onSave,
  onCancel,
}: {
  profile: Profile | null;
  onSave: (input: ProfileInput) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<ProfileInput>(() =>
    profile
      ? {
          name: profile.name,
          environment: profile.environment,
          baseUrl: profile.baseUrl,
          apiVersion: profile.apiVersion,
          overrides: { ...profile.overrides },
        }
      : blank,
  );
  const overrides = { ...blank.overrides, ...draft.overrides };
  const embedded = draft.environment === 'sandbox' && draft.baseUrl === null;
  return (
    <Stack gap="xs" data-testid="profile-form">
      <Group>
        <TextInput
          size="md"
          label={t('profiles.name')}
          value={draft.name}
          onChange={(e) => setDraft({ ...draft, name: e.currentTarget.value })}
        />
        <Select
          size="md"
          label={t('profiles.environment')}
          value={draft.environment}
          allowDeselect={false}
          data={ENVIRONMENTS.map((env) => ({ value: env, label: t(`environment.${env}`) }))}
          onChange={(env) =>
            env && setDraft({ ...draft, environment: env as ProfileInput['environment'] })
          }
        />
        <Select
          size="md"
          label={t('settings.apiVersion')}
          value={draft.apiVersion ?? 'v1.1'}
          allowDeselect={false}
          data={['v1', 'v1.1']}
          onChange={(v) => v && setDraft({ ...draft, apiVersion: v as 'v1' | 'v1.1' })}
        />
      </Group>
      <TextInput
        size="md"
        label={t('settings.baseUrl')}
        placeholder="https://"
        value={embedded ? '' : (draft.baseUrl ?? '')}
        description={embedded ? t('settings.embedded') : t('profiles.baseUrlHint')}
        onChange={(e) =>
          setDraft({
            ...draft,
            baseUrl:
              e.currentTarget.value === '' && draft.environment === 'sandbox'
                ? null
                : e.currentTarget.value,
          })
        }
      />
      <Group>
        {OVERRIDES.map((key) => (
          <TextInput
            key={key}
            label={t(`profiles.overrides.${key}`)}
            value={overrides[key]}
            onChange={(e) =>
              setDraft({ ...draft, overrides: { ...overrides, [key]: e.currentTarget.value } })
            }
          />
        ))}
        <Select
          label={t('profiles.overrides.labelsMethod')}
          value={overrides.labelsMethod}
          allowDeselect={false}
          data={['POST', 'PUT']}
          onChange={(m) =>
            m &&
            setDraft({ ...draft, overrides: { ...overrides, labelsMethod: m as 'POST' | 'PUT' } })
          }
        />
      </Group>
      <Group>
        <Button
          size="md"
          onClick={() => onSave({ ...draft, overrides })}
          disabled={!draft.name.trim()}
        >
          {t('profiles.save')}
        </Button>
        <Button size="md" variant="subtle" onClick={onCancel}>
          {t('products.cancel')}
        </Button>
      </Group>
    </Stack>
  );
}
