import {
  Alert,
  Button,
  Group,
  Image,
  Loader,
  NumberInput,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import type { TFunction } from 'i18next';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_FILE_MB } from '../../../../shared/files/file-rules.ts';
import { LoadState } from '../../ui/LoadState.tsx';
import { SubmitNotice } from '../../ui/SubmitNotice.tsx';
import { DENSITIES, type LintIssue } from './zpl-lint.ts';
import { useLabels } from '../../app/context.tsx';
import type { StockPreset } from './labels-store.ts';

const describeIssue = (t: TFunction, issue: LintIssue): string => {
  switch (issue.kind) {
    case 'structure':
      return t('labels.lint.structure');
    case 'unsupported':
      return t('labels.lint.unsupported', {
        commands: issue.commands.map((c) => `^${c}`).join(', '),
      });
    case 'nonAsciiCode128':
      return t('labels.lint.nonAscii', { sample: issue.sample });
    case 'tooWide':
    case 'tooLong':
      return t(`labels.lint.${issue.kind}`, { label: issue.labelDots, stock: issue.stockDots });
  }
};

/** Paste or drop ZPL, preview every label offline at the chosen stock and density, lint, upload. */
export function LabelsScreen() {
  const { t } = useTranslation();
  const s = useLabels([
    'dpmm',
    'dropFile',
    'fileName',
    'heightMm',
    'images',
    'issues',
    'order',
    'preset',
    'preview',
    'previewError',
    'previewing',
    'refused',
    'setFileName',
    'setOrder',
    'setStock',
    'setText',
    'submitError',
    'submitted',
    'text',
    'upload',
    'widthMm',
  ]);
  const pasting = useRef(false);
  return (
    <Stack>
      <Title order={2}>{t('labels.title')}</Title>
      <Group align="end">
        <SegmentedControl
          size="md"
          value={s.preset}
          onChange={(preset) => s.setStock({ preset: preset as StockPreset })}
          data={[
            { value: '4x6in', label: '4 × 6 in' },
            { value: '100x150mm', label: '100 × 150 mm' },
            { value: '4x4in', label: '4 × 4 in' },
            { value: 'custom', label: t('labels.custom') },
          ]}
        />
        {s.preset === 'custom' && (
          <>
            <NumberInput
              label={t('labels.widthMm')}
              value={s.widthMm}
              min={10}
              max={300}
              onChange={(v) => s.setStock({ widthMm: Number(v) })}
              w={120}
            />
            <NumberInput
              label={t('labels.heightMm')}
              value={s.heightMm}
              min={10}
              max={300}
              onChange={(v) => s.setStock({ heightMm: Number(v) })}
              w={120}
            />
          </>
        )}
        <SegmentedControl
          size="md"
          value={String(s.dpmm)}
          onChange={(v) => s.setStock({ dpmm: Number(v) })}
          data={DENSITIES.map((d) => ({ value: String(d), label: `${d} dpmm` }))}
        />
      </Group>
      <Textarea
        label={t('labels.zpl')}
        value={s.text}
        autosize
        minRows={6}
        maxRows={14}
        styles={{ input: { fontFamily: 'monospace' } }}
        onChange={(e) => s.setText(e.currentTarget.value, pasting.current ? 'paste' : 'type')}
        onPaste={() => {
          // onChange follows within the same task; it reads this to name the pasted label.
          pasting.current = true;
          queueMicrotask(() => (pasting.current = false));
        }}
        onDragOver={(e) => e.preventDefault()}
        onDrop={(e) => {
          e.preventDefault();
          const file = e.dataTransfer.files[0];
          if (file)
            void file
              .arrayBuffer()
              .then((buffer) => s.dropFile({ name: file.name, bytes: new Uint8Array(buffer) }));
        }}
        data-testid="zpl-input"
      />
      {s.refused && (
        <Alert color="red" data-testid="label-refused">
          {t(`files.${s.refused.reason}`, { file: s.refused.file, limit: MAX_FILE_MB })}
        </Alert>
      )}
      {s.issues.map((issue) => (
        <Alert key={issue.kind} color="orange" data-testid="lint">
          {describeIssue(t, issue)}
        </Alert>
      ))}
      <Group>
        <Button
          size="md"
          onClick={() => void s.preview()}
          disabled={!s.text.trim() || s.previewing}
        >
          {t('labels.preview')}
        </Button>
        {s.previewing && <Loader size="sm" />}
      </Group>
      {s.previewError && <Alert color="red">{s.previewError}</Alert>}
      {s.images.length > 0 && (
        <>
          <Text>{t('labels.count', { count: s.images.length })}</Text>
          <SimpleGrid cols={{ base: 1, md: 2 }} data-testid="previews">
            {s.images.map((png, i) => (
              <Image
                key={i}
                src={`data:image/png;base64,${png}`}
                alt={t('labels.previewAlt', { n: i + 1 })}
                fit="contain"
                mah={600}
                style={{ border: '1px solid var(--mantine-color-gray-4)' }}
              />
            ))}
          </SimpleGrid>
        </>
      )}
      <Group align="end">
        <TextInput
          size="md"
          label={t('outbox.order')}
          value={s.order}
          onChange={(e) => s.setOrder(e.currentTarget.value)}
        />
        <TextInput
          size="md"
          label={t('labels.fileName')}
          value={s.fileName}
          onChange={(e) => s.setFileName(e.currentTarget.value)}
          w={340}
          data-testid="label-file-name"
        />
        <Button
          size="md"
          onClick={() => void s.upload()}
          disabled={!s.text.trim() || !s.order.trim()}
        >
          {t('labels.upload')}
        </Button>
      </Group>
      <LoadState error={s.submitError} />
      <SubmitNotice outcome={s.submitted} onSendAgain={() => void s.upload(true)} />
    </Stack>
  );
}
