import { Alert, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PolicySection } from '@shared/policy/schema.ts';
import { usePolicy } from './use-policy.ts';

/** "Set by your IT department", above a part of Settings the machine's policy locks. */
export function SetByIt({ section }: { section: PolicySection }) {
  const { t } = useTranslation();
  const policy = usePolicy();
  if (!policy?.file || !policy.locked[section]) return null;
  return (
    <Alert
      color="gray"
      variant="light"
      title={t('policy.banner')}
      data-testid={`set-by-it-${section}`}
    >
      <Text size="sm">{t('policy.bannerFile', { file: policy.file })}</Text>
    </Alert>
  );
}

/**
 * A part of Settings under IT's policy: the banner, and every control inside disabled when
 * the section is locked (main refuses the change anyway; the window does not offer it).
 */
export function PolicedSection({
  section,
  children,
}: {
  section: PolicySection;
  children: React.ReactNode;
}) {
  const policy = usePolicy();
  const locked = policy?.locked[section] === true;
  return (
    <>
      <SetByIt section={section} />
      <fieldset
        disabled={locked}
        data-locked={locked}
        style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}
      >
        {children}
      </fieldset>
    </>
  );
}
