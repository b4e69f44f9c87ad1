import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  NumberInput,
  PasswordInput,
  SegmentedControl,
  Stack,
  Switch,
  Text,
  Title,
} from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Profile } from '@shared/profile.ts';
import { ENV_COLOR } from '@renderer/app/StatusBar.tsx';
import { ErrorAlert } from '@renderer/ui/ErrorText.tsx';
import { LANGUAGES } from '@renderer/i18n/index.ts';
import { useInventory, useStation } from '@renderer/app/context.tsx';
import { useSettings } from './settings-store.ts';
import { AboutSection } from './AboutSection.tsx';
import { ProfileForm } from './ProfileForm.tsx';
import { PrintersSection } from './PrintersSection.tsx';
import { DocumentPrinterSection } from './DocumentPrinterSection.tsx';
import { PolicedSection, SetByIt } from '@renderer/app/SetByIt.tsx';
import { useLocked } from '@renderer/app/use-policy.ts';
import { CoordinationSection } from './CoordinationSection.tsx';
import { RecordsSection } from './RecordsSection.tsx';
import { PackingSection } from './PackingSection.tsx';
import { ScaleSection } from './ScaleSection.tsx';
import { CameraSection } from './CameraSection.tsx';
import { AliasesSection } from './AliasesSection.tsx';
import type { Section } from '@renderer/app/navigation.tsx';

/**
 * Profiles, the write-only API key, connection test, language, sounds and expiry warning, this
 * station's printer and the stations sharing its key. `section` is the part a link opened it at
 * (Settings → Printers).
 */
export function SettingsScreen({ section = null }: { section?: Section | null }) {
  const { t, i18n } = useTranslation();
  // A segmented control is not a form element: the fieldset alone would not disable it.
  const languageLocked = useLocked('language');
  const profilesLocked = useLocked('profiles');
  const { profiles, activeId, lastTest, error, notice, busy, load, use, test, saveProfile } =
    useSettings([
      'profiles',
      'activeId',
      'lastTest',
      'error',
      'notice',
      'busy',
      'load',
      'use',
      'test',
      'saveProfile',
    ]);
  const [creating, setCreating] = useState(false);

  useEffect(() => {
    void load();
  }, [load]);

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>{t('settings.profiles')}</Title>
        <Button size="md" onClick={() => setCreating(true)} disabled={profilesLocked}>
          {t('profiles.new')}
        </Button>
      </Group>
      {/* IT's profiles: shown as set by IT; keys stay the station's to set. */}
      <SetByIt section="profiles" />
      <ErrorAlert error={error} />
      {notice && (
        <Alert color="green" role="status">
          {t(`settings.${notice}`)}
        </Alert>
      )}
      {creating && (
        <ProfileForm
          profile={null}
          onCancel={() => setCreating(false)}
          onSave={(input) =>
            void saveProfile(null, input).then((saved) => saved && setCreating(false))
          }
        />
      )}
      {profiles.map((profile) => (
        <ProfileCard
          key={profile.id}
          profile={profile}
          active={profile.id === activeId}
          onUse={() => void use(profile.id)}
          busy={busy}
        />
      ))}
      <Group>
        <Button size="md" onClick={() => void test()} loading={busy}>
          {t('settings.test')}
        </Button>
        {lastTest && (
          <Text data-testid="test-result">
            {t('settings.testResult', { state: t(`status.${lastTest.state}`) })}
          </Text>
        )}
      </Group>
      <Title order={3}>{t('settings.language')}</Title>
      <PolicedSection section="language">
        <SegmentedControl
          size="md"
          value={i18n.language}
          onChange={(lng) => void i18n.changeLanguage(lng)}
          data={LANGUAGES.map((l) => ({ value: l.code, label: l.label }))}
          disabled={languageLocked}
        />
      </PolicedSection>
      <StationPreferences />
      <PrintersSection focused={section === 'printers'} />
      <DocumentPrinterSection />
      <CoordinationSection />
      <RecordsSection />
      <PackingSection />
      <ScaleSection />
      <CameraSection />
      <AliasesSection />
      <AboutSection />
    </Stack>
  );
}

/** Preferences of this computer, not of a profile: feedback sounds and the expiry warning. */
function StationPreferences() {
  const { t } = useTranslation();
  const muted = useStation((s) => s.muted);
  const toggleMute = useStation((s) => s.toggleMute);
  const thresholdDays = useInventory((s) => s.thresholdDays);
  const setThreshold = useInventory((s) => s.setThreshold);
  return (
    <Stack gap="sm">
      <Title order={3}>{t('settings.station')}</Title>
      <PolicedSection section="sound">
        <Switch
          size="lg"
          label={t('settings.sounds')}
          checked={!muted}
          onChange={() => toggleMute()}
        />
      </PolicedSection>
      <PolicedSection section="expiryWarningDays">
        <NumberInput
          size="md"
          w={260}
          label={t('inventory.threshold')}
          min={0}
          max={3650}
          allowDecimal={false}
          value={thresholdDays}
          onChange={(v) => typeof v === 'number' && setThreshold(v)}
        />
      </PolicedSection>
    </Stack>
  );
}

function ProfileCard({
  profile,
  active,
  onUse,
  busy,
}: {
  profile: Profile;
  active: boolean;
  onUse: () => void;
  busy: boolean;
}) {
  const { t } = useTranslation();
  const keyStatus = useSettings((s) => s.keys[profile.id]);
  const saveKey = useSettings((s) => s.saveKey);
  const removeKey = useSettings((s) => s.removeKey);
  const saveProfile = useSettings((s) => s.saveProfile);
  const deleteProfile = useSettings((s) => s.deleteProfile);
  const [draft, setDraft] = useState('');
  const [editing, setEditing] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);

  const keyLine = !keyStatus
    ? t('app.loading')
    : keyStatus.set
      ? t('settings.keySet', { last: keyStatus.masked ?? '' })
      : keyStatus.usingDemoKey
        ? t('settings.keyDemo')
        : t('settings.keyMissing');

  return (
    <Card withBorder padding="md" data-testid={`profile-${profile.id}`}>
      <Stack gap="xs">
        <Group justify="space-between">
          <Group>
            <Badge color={ENV_COLOR[profile.environment]} variant="filled" size="lg">
              {t(`environment.${profile.environment}`)}
            </Badge>
            <Text fw={700}>{profile.name}</Text>
            {active && <Badge variant="outline">{t('settings.active')}</Badge>}
          </Group>
          <Group>
            {!active && (
              <Button size="md" variant="light" onClick={onUse} disabled={busy}>
                {t('settings.use')}
              </Button>
            )}
            <Button size="md" variant="subtle" onClick={() => setEditing(!editing)}>
              {t('profiles.edit')}
            </Button>
            <Button
              size="md"
              color="red"
              variant={confirmDelete ? 'filled' : 'subtle'}
              onClick={() => {
                if (!confirmDelete) return setConfirmDelete(true);
                setConfirmDelete(false);
                void deleteProfile(profile.id);
              }}
            >
              {confirmDelete ? t('profiles.confirmDelete') : t('profiles.delete')}
            </Button>
          </Group>
        </Group>
        {editing && (
          <ProfileForm
            profile={profile}
            onCancel={() => setEditing(false)}
            onSave={(input) =>
              void saveProfile(profile.id, input).then((saved) => saved && setEditing(false))
            }
          />
        )}
        <Text size="sm">
          {t('settings.baseUrl')}: {profile.baseUrl ?? t('settings.embedded')} ·{' '}
          {t('settings.apiVersion')}: {profile.apiVersion}
        </Text>
        <Text size="sm" data-testid="key-status">
          {t('settings.key')}: {keyLine}
        </Text>
        {keyStatus && keyStatus.keychain.state !== 'available' && (
          <Alert color="orange">{t(keyStatus.keychain.messageKey)}</Alert>
        )}
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void saveKey(profile.id, draft).then((saved) => saved && setDraft(''));
          }}
        >
          <Group align="end">
            <PasswordInput
              label={t('settings.keyNew')}
              value={draft}
              onChange={(e) => setDraft(e.currentTarget.value)}
              autoComplete="off"
              visibilityToggleButtonProps={{ 'aria-hidden': true }}
              w={320}
            />
            <Button type="submit" size="md" disabled={!draft.trim() || busy}>
              {t('settings.keySave')}
            </Button>
            {keyStatus?.set && (
              <Button
                size="md"
                variant="outline"
                color="red"
                onClick={() => void removeKey(profile.id)}
                disabled={busy}
              >
                {t('settings.keyRemove')}
              </Button>
            )}
          </Group>
        </form>
      </Stack>
    </Card>
  );
}
