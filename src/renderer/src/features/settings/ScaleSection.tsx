import {
  ActionIcon,
  Autocomplete,
  Button,
  Group,
  NumberInput,
  SegmentedControl,
  Select,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatWeight } from '@shared/scale/format.ts';
import { scaleSettingsSchema, type ScaleSettings } from '@shared/scale/settings.ts';
import {
  SCALE_UNITS,
  SERIAL_DEFAULTS,
  type ScaleProtocol,
  type ScaleReading,
} from '@shared/scale/types.ts';
import type { AppError } from '@shared/result.ts';
import { describeScale } from '@renderer/app/ScaleBadge.tsx';
import { useBridge, useScale } from '@renderer/app/context.tsx';
import { queryKeys, unwrap } from '@renderer/app/queries.ts';
import { SettingsForm } from './SettingsForm.tsx';
import { SettingsSection } from './SettingsSection.tsx';

const BAUD_RATES = ['1200', '2400', '4800', '9600', '19200', '38400', '57600', '115200'];

type Invalid = 'device' | 'protocol' | 'defaultBox' | 'boxes' | 'tolerance';

/** The first rule the draft breaks, as the catalogue names it. */
function firstInvalid(draft: unknown): Invalid | null {
  const checked = scaleSettingsSchema.safeParse(draft);
  if (checked.success) return null;
  const head = String(checked.error.issues[0]?.path[0] ?? 'device');
  return (
    (['device', 'protocol', 'defaultBox', 'boxes', 'tolerance'] as const).find(
      (key) => key === head,
    ) ?? (head === 'serial' ? 'protocol' : 'device')
  );
}

/** The form: what main keeps in scale.json. Test reads once with what the form holds. */
function ScaleForm({ settings }: { settings: ScaleSettings }) {
  const { t, i18n } = useTranslation();
  const bridge = useBridge();
  const queryClient = useQueryClient();
  const view = useScale((s) => s.view);
  const devices = useQuery({
    queryKey: queryKeys.scales(),
    queryFn: () => unwrap(bridge.listScales()),
  });
  const [draft, setDraft] = useState({ ...settings, device: settings.device ?? '' });
  const [invalid, setInvalid] = useState<Invalid | null>(null);
  const [busy, setBusy] = useState<'save' | 'test' | null>(null);
  const [outcome, setOutcome] = useState<
    | { kind: 'saved' }
    | { kind: 'reading'; reading: ScaleReading }
    | { kind: 'error'; error: AppError }
    | null
  >(null);
  const hid = draft.device.startsWith('hid:');
  const current = (): ScaleSettings | null => {
    const device = draft.device.trim();
    const candidate = { ...draft, device: device === '' ? null : device };
    const broken = firstInvalid(candidate);
    setInvalid(broken);
    return broken ? null : scaleSettingsSchema.parse(candidate);
  };
  const update = (patch: Partial<typeof draft>) => {
    setDraft({ ...draft, ...patch });
    setInvalid(null);
    setOutcome(null);
  };
  const chooseDevice = (device: string) => {
    const protocol: ScaleProtocol = device.startsWith('hid:')
      ? 'hid'
      : draft.protocol === 'hid'
        ? 'nci'
        : draft.protocol;
    update({ device, protocol });
  };
  const save = async () => {
    const checked = current();
    if (!checked) return;
    setBusy('save');
    const result = await bridge.saveScaleSettings(checked);
    setBusy(null);
    if (!result.ok) return setOutcome({ kind: 'error', error: result.error });
    queryClient.setQueryData(queryKeys.scaleSettings(), result.value);
    setOutcome({ kind: 'saved' });
  };
  const test = async () => {
    const checked = current();
    if (!checked || checked.device === null) return;
    setBusy('test');
    const result = await bridge.testScale(checked);
    setBusy(null);
    setOutcome(
      result.ok
        ? { kind: 'reading', reading: result.value }
        : { kind: 'error', error: result.error },
    );
  };
  const statusWord = (reading: ScaleReading) =>
    reading.status === 'fault'
      ? t(`scale.fault.${reading.fault ?? 'device'}`)
      : t(`scale.status.${reading.status}`);
  return (
    <SettingsForm
      testId="scale-form"
      onSave={save}
      errorTestId="scale-error"
      outcome={
        outcome?.kind === 'reading'
          ? {
              ok: true,
              text: t('scale.settings.testResult', {
                weight: formatWeight(outcome.reading.grams, draft.unit, i18n.language),
                status: statusWord(outcome.reading),
              }),
              testId: 'scale-test-result',
            }
          : outcome?.kind === 'saved'
            ? { ok: true, text: t('scale.settings.saved'), testId: 'scale-saved' }
            : outcome
              ? { ok: false, error: outcome.error }
              : null
      }
      footer={
        view &&
        view.state !== 'off' && (
          <Text size="lg" fw={600} data-testid="scale-live">
            {t('scale.settings.live', {
              state: describeScale(t, view, draft.unit, i18n.language),
            })}
          </Text>
        )
      }
    >
      <Group align="flex-end">
        <Autocomplete
          size="md"
          w={420}
          label={t('scale.settings.device')}
          description={t('scale.settings.deviceHint')}
          value={draft.device}
          data={(devices.data?.devices ?? []).map((d) => ({
            value: d.id,
            label: `${d.id} · ${d.name}`,
          }))}
          onChange={chooseDevice}
          error={invalid === 'device' ? t('scale.settings.invalid.device') : undefined}
          autoComplete="off"
          spellCheck={false}
          data-testid="scale-device"
        />
        <Button
          variant="default"
          onClick={() => void devices.refetch()}
          loading={devices.isFetching}
        >
          {t('scale.settings.refresh')}
        </Button>
      </Group>
      <Stack gap={4}>
        <Text size="sm" fw={500} id="scale-protocol-label">
          {t('scale.settings.protocol')}
        </Text>
        <SegmentedControl
          aria-labelledby="scale-protocol-label"
          value={draft.protocol}
          onChange={(value) => {
            const protocol = value as ScaleProtocol;
            update({
              protocol,
              serial: protocol === 'hid' ? draft.serial : SERIAL_DEFAULTS[protocol],
            });
          }}
          data={[
            { value: 'hid', label: 'USB HID', disabled: !hid },
            { value: 'sics', label: 'MT-SICS', disabled: hid },
            { value: 'nci', label: 'NCI', disabled: hid },
          ]}
          data-testid="scale-protocol"
        />
        {invalid === 'protocol' && (
          <Text c="red.8" size="sm" role="alert">
            {t('scale.settings.invalid.protocol')}
          </Text>
        )}
      </Stack>
      {!hid && (
        <Group>
          <Select
            w={140}
            label={t('scale.settings.baud')}
            data={BAUD_RATES}
            value={String(draft.serial.baudRate)}
            onChange={(v) => v && update({ serial: { ...draft.serial, baudRate: Number(v) } })}
            allowDeselect={false}
            data-testid="scale-baud"
          />
          <Select
            w={110}
            label={t('scale.settings.dataBits')}
            data={['7', '8']}
            value={String(draft.serial.dataBits)}
            onChange={(v) =>
              v && update({ serial: { ...draft.serial, dataBits: Number(v) as 7 | 8 } })
            }
            allowDeselect={false}
            data-testid="scale-data-bits"
          />
          <Select
            w={140}
            label={t('scale.settings.parity')}
            data={[
              { value: 'none', label: t('scale.settings.parityNone') },
              { value: 'even', label: t('scale.settings.parityEven') },
              { value: 'odd', label: t('scale.settings.parityOdd') },
            ]}
            value={draft.serial.parity}
            onChange={(v) =>
              v &&
              update({
                serial: { ...draft.serial, parity: v as ScaleSettings['serial']['parity'] },
              })
            }
            allowDeselect={false}
            data-testid="scale-parity"
          />
          <Select
            w={110}
            label={t('scale.settings.stopBits')}
            data={['1', '2']}
            value={String(draft.serial.stopBits)}
            onChange={(v) =>
              v && update({ serial: { ...draft.serial, stopBits: Number(v) as 1 | 2 } })
            }
            allowDeselect={false}
          />
        </Group>
      )}
      <Stack gap={4}>
        <Text size="sm" fw={500} id="scale-unit-label">
          {t('scale.settings.unit')}
        </Text>
        <SegmentedControl
          aria-labelledby="scale-unit-label"
          value={draft.unit}
          onChange={(value) => update({ unit: value as ScaleSettings['unit'] })}
          data={[...SCALE_UNITS]}
          w={280}
          data-testid="scale-unit"
        />
      </Stack>
      <Text size="sm" fw={500}>
        {t('scale.settings.boxes')}
      </Text>
      {draft.boxes.map((box, index) => (
        <Group key={index} align="flex-end" data-testid="scale-box">
          <TextInput
            w={200}
            label={t('scale.settings.boxName')}
            value={box.name}
            onChange={(e) => {
              const boxes = [...draft.boxes];
              boxes[index] = { ...box, name: e.currentTarget.value };
              const renamed =
                draft.defaultBox === box.name ? e.currentTarget.value : draft.defaultBox;
              update({ boxes, defaultBox: renamed });
            }}
          />
          <NumberInput
            w={140}
            label={t('scale.settings.boxTare')}
            value={box.tareGrams}
            min={0}
            max={100_000}
            onChange={(v) => {
              const boxes = [...draft.boxes];
              boxes[index] = { ...box, tareGrams: Number(v) || 0 };
              update({ boxes });
            }}
          />
          <ActionIcon
            size="lg"
            variant="subtle"
            color="red"
            aria-label={t('scale.settings.removeBox', { name: box.name || index + 1 })}
            onClick={() =>
              update({
                boxes: draft.boxes.filter((_, i) => i !== index),
                defaultBox: draft.defaultBox === box.name ? null : draft.defaultBox,
              })
            }
          >
            ×
          </ActionIcon>
        </Group>
      ))}
      {invalid === 'boxes' && (
        <Text c="red.8" size="sm" role="alert">
          {t('scale.settings.invalid.boxes')}
        </Text>
      )}
      <Group>
        <Button
          variant="default"
          onClick={() => update({ boxes: [...draft.boxes, { name: '', tareGrams: 0 }] })}
          data-testid="scale-add-box"
        >
          {t('scale.settings.addBox')}
        </Button>
        <Select
          w={220}
          label={t('scale.settings.defaultBox')}
          data={[
            { value: '', label: t('scale.settings.noBox') },
            ...draft.boxes
              .filter((b) => b.name.trim())
              .map((b) => ({ value: b.name, label: b.name })),
          ]}
          value={draft.defaultBox ?? ''}
          onChange={(v) => update({ defaultBox: v ? v : null })}
          allowDeselect={false}
          error={invalid === 'defaultBox' ? t('scale.settings.invalid.defaultBox') : undefined}
          data-testid="scale-default-box"
        />
      </Group>
      <Group align="flex-start">
        <NumberInput
          w={160}
          label={t('scale.settings.toleranceGrams')}
          value={draft.tolerance.grams}
          min={0}
          max={100_000}
          onChange={(v) => update({ tolerance: { ...draft.tolerance, grams: Number(v) || 0 } })}
          data-testid="scale-tolerance-grams"
        />
        <NumberInput
          w={160}
          label={t('scale.settings.tolerancePercent')}
          value={draft.tolerance.percent}
          min={0}
          max={100}
          decimalScale={1}
          onChange={(v) => update({ tolerance: { ...draft.tolerance, percent: Number(v) || 0 } })}
          data-testid="scale-tolerance-percent"
        />
      </Group>
      <Text size="sm" c="dimmed">
        {t('scale.settings.toleranceHint')}
      </Text>
      {invalid === 'tolerance' && (
        <Text c="red.8" size="sm" role="alert">
          {t('scale.settings.invalid.tolerance')}
        </Text>
      )}
      <Group>
        <Button
          variant="light"
          size="md"
          disabled={draft.device.trim() === ''}
          loading={busy === 'test'}
          onClick={() => void test()}
          data-testid="scale-test"
        >
          {t('scale.settings.test')}
        </Button>
        <Button type="submit" size="md" loading={busy === 'save'} data-testid="scale-save">
          {t('scale.settings.save')}
        </Button>
      </Group>
    </SettingsForm>
  );
}

/** Settings → Scale: the bench's scale, its port, the box types and the weight tolerance. */
export function ScaleSection() {
  const { t } = useTranslation();
  const bridge = useBridge();
  const read = useQuery({
    queryKey: queryKeys.scaleSettings(),
    queryFn: () => unwrap(bridge.getScaleSettings()),
  });
  return (
    <SettingsSection
      testId="scale"
      anchor="scale"
      title={t('scale.settings.title')}
      intro={t('scale.settings.intro')}
      read={read}
      form={(settings) => <ScaleForm settings={settings} />}
    />
  );
}
