import { Alert, Button, Fieldset, Stack, Switch, TextInput } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { packSettingsSchema, type PackSettings } from '@shared/pack/types.ts';
import { useBridge } from '@renderer/app/context.tsx';
import { usePacking } from './packing-store.ts';
import { queryKeys, unwrap } from '@renderer/app/queries.ts';
import { ErrorText } from '@renderer/ui/ErrorText.tsx';
import { PackRecordsExport } from './PackRecordsExport.tsx';
import { SettingsSection } from './SettingsSection.tsx';

/** What a finish can print, in the order it prints. */
const ON_FINISH = [
  { key: 'printLabel', label: 'paperwork.settings.printLabel', testId: 'packing-print-label' },
  { key: 'printSlip', label: 'paperwork.settings.printSlip', testId: 'packing-print-slip' },
  {
    key: 'printInvoice',
    label: 'paperwork.settings.printInvoice',
    testId: 'packing-print-invoice',
  },
] as const;

/** The form over the settings main keeps; Save sends all four. */
function PackingForm({ settings }: { settings: PackSettings }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { busy, saveSettings } = usePacking(['busy', 'saveSettings']);
  const [draft, setDraft] = useState({ ...settings, ackCode: settings.ackCode ?? '' });
  const [invalid, setInvalid] = useState(false);
  const save = async () => {
    // An empty acknowledgement barcode means Enter only; anything else passes the shared rule.
    const code = draft.ackCode.trim();
    const checked = packSettingsSchema.safeParse({ ...draft, ackCode: code === '' ? null : code });
    if (!checked.success) return setInvalid(true);
    const kept = await saveSettings(checked.data);
    if (kept) queryClient.setQueryData(queryKeys.packSettings(), kept);
  };
  const toggle =
    (key: 'autoFinish' | 'markPacked' | 'printLabel' | 'printSlip' | 'printInvoice') =>
    (checked: boolean) =>
      setDraft({ ...draft, [key]: checked });
  return (
    <form
      data-testid="packing-form"
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <Stack gap="sm">
        <Switch
          size="lg"
          label={t('pack.settings.autoFinish')}
          description={t('pack.settings.autoFinishHint')}
          checked={draft.autoFinish}
          onChange={(e) => toggle('autoFinish')(e.currentTarget.checked)}
          data-testid="packing-auto-finish"
        />
        <Switch
          size="lg"
          label={t('pack.settings.markPacked')}
          description={t('pack.settings.markPackedHint')}
          checked={draft.markPacked}
          onChange={(e) => toggle('markPacked')(e.currentTarget.checked)}
          data-testid="packing-mark-packed"
        />
        {/* What a finish prints, in the order it prints: one group with its own heading. */}
        <Fieldset legend={t('paperwork.settings.onFinish')} data-testid="packing-on-finish">
          <Stack gap="sm">
            {ON_FINISH.map(({ key, label, testId }) => (
              <Switch
                key={key}
                size="lg"
                label={t(label)}
                checked={draft[key]}
                onChange={(e) => toggle(key)(e.currentTarget.checked)}
                data-testid={testId}
              />
            ))}
          </Stack>
        </Fieldset>
        <TextInput
          size="md"
          maw={420}
          label={t('pack.settings.ackCode')}
          description={t('pack.settings.ackCodeHint')}
          value={draft.ackCode}
          error={invalid ? t('pack.settings.ackCodeInvalid') : undefined}
          onChange={(e) => {
            setDraft({ ...draft, ackCode: e.currentTarget.value });
            setInvalid(false);
          }}
          autoComplete="off"
          spellCheck={false}
          data-testid="packing-ack-code"
        />
        <div>
          <Button type="submit" size="md" loading={busy === 'settings'}>
            {t('pack.settings.save')}
          </Button>
        </div>
      </Stack>
    </form>
  );
}

/** Settings → Packing: how a verified pack finishes on this station. */
export function PackingSection() {
  const { t } = useTranslation();
  const bridge = useBridge();
  const read = useQuery({
    queryKey: queryKeys.packSettings(),
    queryFn: () => unwrap(bridge.getPackSettings()),
  });
  const { saved, error } = usePacking(['saved', 'error']);
  return (
    <SettingsSection
      testId="packing"
      anchor="packing"
      title={t('pack.settings.title')}
      intro={t('pack.settings.intro')}
      read={read}
      policed="packing"
      form={(settings) => <PackingForm settings={settings} />}
    >
      {saved === 'settings' && (
        <Alert color="green" role="status" data-testid="packing-saved">
          {t('pack.settings.saved')}
        </Alert>
      )}
      {error?.section === 'settings' && (
        <Alert color="red" role="alert">
          <ErrorText error={error.error} />
        </Alert>
      )}
      <PackRecordsExport />
    </SettingsSection>
  );
}
