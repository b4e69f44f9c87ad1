import {
  Button,
  Group,
  NumberInput,
  SegmentedControl,
  Select,
  Switch,
  TextInput,
} from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ABSOLUTE_FOLDER,
  CAMERA_RESOLUTIONS,
  cameraSettingsSchema,
  type CameraResolution,
  type CameraSettings,
} from '@shared/camera.ts';
import type { AppError } from '@shared/result.ts';
import { useBridge } from '@renderer/app/context.tsx';
import { unwrap } from '@renderer/app/queries.ts';
import { CameraPreview } from './CameraPreview.tsx';
import { SettingsForm } from './SettingsForm.tsx';
import { SettingsSection } from './SettingsSection.tsx';

const CAMERA_KEY = ['getCamera'] as const;

/** The cameras the system lists (their names show once a camera was allowed once). */
function useCameras(): { value: string; label: string }[] {
  const [cameras, setCameras] = useState<{ value: string; label: string }[]>([]);
  useEffect(() => {
    let gone = false;
    void navigator.mediaDevices
      ?.enumerateDevices()
      .then((devices) => {
        if (gone) return;
        const video = devices.filter((d) => d.kind === 'videoinput' && d.deviceId);
        setCameras(video.map((d, i) => ({ value: d.deviceId, label: d.label || `#${i + 1}` })));
      })
      .catch(() => undefined);
    return () => {
      gone = true;
    };
  }, []);
  return cameras;
}

/** The form: what main keeps in camera.json. */
function CameraForm({ settings }: { settings: CameraSettings }) {
  const { t } = useTranslation();
  const bridge = useBridge();
  const queryClient = useQueryClient();
  const cameras = useCameras();
  const [draft, setDraft] = useState(settings);
  const [outcome, setOutcome] = useState<
    { kind: 'saved' } | { kind: 'error'; error: AppError } | null
  >(null);
  const update = (patch: Partial<CameraSettings>) => {
    setDraft({ ...draft, ...patch });
    setOutcome(null);
  };
  const folderBad = draft.folder !== null && !ABSOLUTE_FOLDER.test(draft.folder.trim());
  const whole = (value: string | number, fallback: number | null) =>
    typeof value === 'number' ? value : fallback;
  const save = async () => {
    const checked = cameraSettingsSchema.safeParse(draft);
    if (!checked.success) return;
    const result = await bridge.saveCamera(checked.data);
    if (!result.ok) return setOutcome({ kind: 'error', error: result.error });
    queryClient.setQueryData(CAMERA_KEY, result.value);
    setOutcome({ kind: 'saved' });
  };
  return (
    <SettingsForm
      testId="camera-form"
      onSave={save}
      outcome={
        outcome?.kind === 'saved'
          ? { ok: true, text: t('camera.settings.saved'), testId: 'camera-saved' }
          : outcome
            ? { ok: false, error: outcome.error }
            : null
      }
    >
      <Switch
        size="md"
        label={t('camera.settings.enabled')}
        checked={draft.enabled}
        onChange={(event) => update({ enabled: event.currentTarget.checked })}
        data-testid="camera-enabled"
      />
      <Select
        size="md"
        label={t('camera.settings.device')}
        data={[{ value: '', label: t('camera.settings.defaultDevice') }, ...cameras]}
        value={draft.deviceId ?? ''}
        allowDeselect={false}
        onChange={(value) => update({ deviceId: value ? value : null })}
      />
      <Group align="end">
        <SegmentedControl
          aria-label={t('camera.settings.resolution')}
          data={[...CAMERA_RESOLUTIONS]}
          value={draft.resolution}
          onChange={(value) => update({ resolution: value as CameraResolution })}
        />
        <NumberInput
          label={t('camera.settings.fps')}
          min={5}
          max={30}
          allowDecimal={false}
          w={180}
          value={draft.fps}
          onChange={(value) => update({ fps: whole(value, draft.fps) ?? draft.fps })}
        />
        <NumberInput
          label={t('camera.settings.tail')}
          min={0}
          max={30}
          allowDecimal={false}
          w={260}
          value={draft.tailSeconds}
          onChange={(value) =>
            update({ tailSeconds: whole(value, draft.tailSeconds) ?? draft.tailSeconds })
          }
        />
      </Group>
      <Switch
        label={t('camera.settings.audio')}
        checked={draft.audio}
        onChange={(event) => update({ audio: event.currentTarget.checked })}
      />
      <Group align="end">
        <NumberInput
          label={t('camera.settings.keepDays')}
          min={1}
          max={3650}
          allowDecimal={false}
          w={220}
          value={draft.keepDays ?? ''}
          onChange={(value) => update({ keepDays: whole(value, null) })}
        />
        <NumberInput
          label={t('camera.settings.maxGigabytes')}
          min={1}
          w={260}
          value={draft.maxGigabytes ?? ''}
          onChange={(value) => update({ maxGigabytes: whole(value, null) })}
        />
      </Group>
      <TextInput
        size="md"
        label={t('camera.settings.folder')}
        description={t('camera.settings.folderHint')}
        value={draft.folder ?? ''}
        error={folderBad ? t('camera.settings.folderInvalid') : undefined}
        onChange={(event) => {
          const value = event.currentTarget.value;
          update({ folder: value.trim() === '' ? null : value });
        }}
        data-testid="camera-folder"
      />
      <Switch
        label={t('camera.settings.required')}
        checked={draft.required}
        onChange={(event) => update({ required: event.currentTarget.checked })}
        data-testid="camera-required"
      />
      <CameraPreview settings={draft} />
      <Group>
        <Button type="submit" size="md" disabled={!cameraSettingsSchema.safeParse(draft).success}>
          {t('camera.settings.save')}
        </Button>
      </Group>
    </SettingsForm>
  );
}

/** Settings → Camera (issue #41): the camera that records each pack, and how long clips stay. */
export function CameraSection() {
  const { t } = useTranslation();
  const bridge = useBridge();
  const read = useQuery({ queryKey: CAMERA_KEY, queryFn: () => unwrap(bridge.getCamera()) });
  return (
    <SettingsSection
      testId="camera"
      anchor="camera"
      title={t('camera.settings.title')}
      intro={t('camera.settings.intro')}
      read={read}
      policed="camera"
      form={(settings) => <CameraForm settings={settings} />}
    />
  );
}
