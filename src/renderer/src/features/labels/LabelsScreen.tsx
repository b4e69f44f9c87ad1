import {
  Anchor,
  List,
  Alert,
  Button,
  Group,
  NumberInput,
  SegmentedControl,
  Stack,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import type { TFunction } from 'i18next';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_FILE_MB } from '@shared/files/file-rules.ts';
import { LoadState } from '@renderer/ui/LoadState.tsx';
import { SubmitNotice } from '@renderer/ui/SubmitNotice.tsx';
import { DENSITIES } from './stock.ts';
import type { ZplWarning } from '@zpl/warning.ts';
import { offsetOf } from './text-position.ts';
import { LabelPreviews } from './LabelPreviews.tsx';
import { usePrint } from '@renderer/app/context.tsx';
import { useLabels } from './use-labels.ts';
import { PrintFlow } from '@renderer/app/PrintFlow.tsx';
import { usePrinting } from '@renderer/app/use-printing.ts';
import type { StockPreset, TextChange } from './labels-store.ts';

/** The engine's remark in the operator's language; its English words only when it has no kind. */
const describeIssue = (t: TFunction, issue: ZplWarning): string => {
  const command = issue.command;
  switch (issue.code) {
    case 'unsupported':
      return t('labels.lint.unsupported', { command });
    case 'unterminated':
      return t('labels.lint.unterminated');
    case 'too_wide':
      return t('labels.lint.tooWide', issue.values ?? {});
    case 'too_long':
      return t('labels.lint.tooLong', issue.values ?? {});
    default:
      return t('labels.lint.other', { command, message: issue.message });
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
    'issues',
    'label',
    'order',
    'preset',
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
  const print = usePrint((state) => state.print);
  const printer = usePrinting().data?.settings;
  // Without a printer there is no density to compare: main answers `no_printer` instead.
  const printerDpmm = printer?.target ? printer.dpmm : undefined;
  /** The text's label to this station's printer; a label made for another density warns first. */
  const printLabel = () => {
    const { bytes, fileName, order } = s.label();
    void print(
      'labels',
      { kind: 'bytes', bytes, fileName, ...(order ? { order } : {}) },
      fileName,
      printerDpmm === undefined ? undefined : { designed: s.dpmm, printer: printerDpmm },
    );
  };
  const input = useRef<HTMLTextAreaElement>(null);
  // What the coming change is, noted before it happens (while the selection still shows what
  // it replaces) and read by onChange. A flag cleared in a microtask was gone by then in the
  // window: the browser runs microtasks after the paste event, before it inserts the text.
  const coming = useRef<{ how: 'type' | 'paste'; whole: boolean } | null>(null);
  const note = (box: HTMLTextAreaElement, how: 'type' | 'paste') => {
    const whole =
      box.value.length > 0 && box.selectionStart === 0 && box.selectionEnd === box.value.length;
    coming.current = { how, whole };
  };
  const changeOf = (): TextChange => {
    const change = coming.current ?? { how: 'type', whole: false };
    coming.current = null;
    return change.whole ? 'replace' : change.how;
  };
  // Every edit (typing, a paste, a delete, a drop of text) fires `beforeinput` first, with the
  // selection it is about to replace; React has no handler for the native event.
  useEffect(() => {
    const box = input.current;
    if (!box) return;
    const before = (event: Event) =>
      note(
        box,
        /^insertFrom(Paste|Drop)/.test((event as InputEvent).inputType ?? '') ? 'paste' : 'type',
      );
    box.addEventListener('beforeinput', before);
    return () => box.removeEventListener('beforeinput', before);
  }, []);
  /** Selects the command a warning points at, and scrolls the text box to it. */
  const goTo = (issue: ZplWarning) => {
    const box = input.current;
    if (!box) return;
    const start = offsetOf(s.text, issue.line, issue.column);
    box.focus();
    box.setSelectionRange(start, Math.min(s.text.length, start + 1 + issue.command.length));
    const lineHeight = Number.parseFloat(getComputedStyle(box).lineHeight) || 20;
    box.scrollTop = Math.max(0, (issue.line - 3) * lineHeight);
  };
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
        onChange={(e) => s.setText(e.currentTarget.value, changeOf())}
        onPaste={(e) => note(e.currentTarget, 'paste')}
        onDragOver={(e) => e.preventDefault()}
        onDrop={(e) => {
          e.preventDefault();
          const file = e.dataTransfer.files[0];
          if (file)
            void file
              .arrayBuffer()
              .then((buffer) => s.dropFile({ name: file.name, bytes: new Uint8Array(buffer) }));
        }}
        ref={input}
        data-testid="zpl-input"
      />
      {s.refused && (
        <Alert color="red" data-testid="label-refused">
          {t(`files.${s.refused.reason}`, { file: s.refused.file, limit: MAX_FILE_MB })}
        </Alert>
      )}
      {s.issues.length > 0 && (
        <Alert
          color="orange"
          data-testid="lint"
          title={t('labels.lint.title', { count: s.issues.length })}
        >
          <List size="sm" spacing={4}>
            {s.issues.slice(0, 50).map((issue, i) => (
              <List.Item key={`${issue.line}:${issue.column}:${i}`}>
                {issue.line > 0 && (
                  <Anchor component="button" type="button" size="sm" onClick={() => goTo(issue)}>
                    {t('labels.lint.at', { line: issue.line, column: issue.column })}
                  </Anchor>
                )}{' '}
                {describeIssue(t, issue)}
              </List.Item>
            ))}
          </List>
        </Alert>
      )}
      <LabelPreviews />
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
        <Button size="md" variant="light" onClick={printLabel} disabled={!s.text.trim()}>
          {t('printing.print')}
        </Button>
      </Group>
      <PrintFlow place="labels" />
      <LoadState error={s.submitError} />
      <SubmitNotice outcome={s.submitted} onSendAgain={() => void s.upload(true)} />
    </Stack>
  );
}
