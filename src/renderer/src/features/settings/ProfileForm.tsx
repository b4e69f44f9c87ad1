import { Button, Group, NumberInput, Select, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import {
  endpointOverridesSchema,
  ENVIRONMENTS,
  profileInputSchema,
  type Profile,
  type ProfileInput,
} from '@shared/profile.ts';
import { checkBody, formErrors, type RulesOptions } from '@renderer/ui/forms/api-rules.ts';

const OVERRIDES = ['productsListPath', 'productGetPath', 'labelsPath', 'batchExpiryParam'] as const;

type Draft = Required<Omit<ProfileInput, 'overrides'>> & {
  overrides: ReturnType<typeof endpointOverridesSchema.parse>;
};

const blank = (): Draft => ({
  name: '',
  environment: 'test',
  baseUrl: '',
  apiVersion: 'v1.1',
  orderWindowDays: 14,
  overrides: endpointOverridesSchema.parse({}),
});

// The rules are main's own (profileInputSchema, the one schema both sides check with); the
// override fields get sentences that say what a path or a parameter name may hold.
const RULES: RulesOptions = {
  sentences: [
    [/^overrides\.productGetPath$/, 'profiles.errors.path_sku'],
    [/^overrides\.(productsListPath|labelsPath)$/, 'profiles.errors.path'],
    [/^overrides\.batchExpiryParam$/, 'profiles.errors.param_name'],
  ],
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
  const form = useForm<Draft>({
    mode: 'controlled',
    initialValues: profile
      ? {
          name: profile.name,
          environment: profile.environment,
          baseUrl: profile.baseUrl,
          apiVersion: profile.apiVersion,
          orderWindowDays: profile.orderWindowDays,
          overrides: { ...blank().overrides, ...profile.overrides },
        }
      : blank(),
    validate: (values) => {
      const checked = checkBody(profileInputSchema, values, RULES);
      return checked.ok ? {} : formErrors(t, checked.errors);
    },
  });
  const draft = form.getValues();
  const embedded = draft.environment === 'sandbox' && draft.baseUrl === null;
  return (
    <form data-testid="profile-form" onSubmit={form.onSubmit((values) => onSave(values))}>
      <Stack gap="xs">
        <Group align="start">
          <TextInput size="md" label={t('profiles.name')} {...form.getInputProps('name')} />
          <Select
            size="md"
            label={t('profiles.environment')}
            allowDeselect={false}
            data={ENVIRONMENTS.map((env) => ({ value: env, label: t(`environment.${env}`) }))}
            {...form.getInputProps('environment')}
          />
          <Select
            size="md"
            label={t('settings.apiVersion')}
            allowDeselect={false}
            data={['v1', 'v1.1']}
            {...form.getInputProps('apiVersion')}
          />
          <NumberInput
            size="md"
            label={t('profiles.orderWindowDays')}
            description={t('profiles.orderWindowDaysHint')}
            min={1}
            max={90}
            allowDecimal={false}
            w={260}
            {...form.getInputProps('orderWindowDays')}
          />
        </Group>
        <TextInput
          size="md"
          label={t('settings.baseUrl')}
          placeholder="https://"
          description={embedded ? t('settings.embedded') : t('profiles.baseUrlHint')}
          error={form.errors.baseUrl}
          value={embedded ? '' : (draft.baseUrl ?? '')}
          // An empty URL on a sandbox profile means the embedded sandbox.
          onChange={(e) =>
            form.setFieldValue(
              'baseUrl',
              e.currentTarget.value === '' && draft.environment === 'sandbox'
                ? null
                : e.currentTarget.value,
            )
          }
        />
        <Group align="start">
          {OVERRIDES.map((key) => (
            <TextInput
              key={key}
              label={t(`profiles.overrides.${key}`)}
              {...form.getInputProps(`overrides.${key}`)}
            />
          ))}
          <Select
            label={t('profiles.overrides.labelsMethod')}
            allowDeselect={false}
            data={['POST', 'PUT']}
            {...form.getInputProps('overrides.labelsMethod')}
          />
        </Group>
        <Group>
          <Button type="submit" size="md" disabled={!draft.name.trim()}>
            {t('profiles.save')}
          </Button>
          <Button size="md" variant="subtle" onClick={onCancel}>
            {t('products.cancel')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
