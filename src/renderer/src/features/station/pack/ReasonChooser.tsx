import { Button, Group, Kbd, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { OverrideReason } from '@shared/pack/types.ts';

/**
 * A reason, chosen with one key: the digits 1 to n pick a reason at once; "other" asks for the
 * packer's words (Enter records them, and nothing is recorded without them). Esc cancels. Used
 * for a lot that needs a reason and for a short finish. It takes the focus when it opens.
 */
export function ReasonChooser<R extends OverrideReason>({
  title,
  body,
  reasons,
  confirmLabel,
  testId,
  onChoose,
  onCancel,
}: {
  title: string;
  body: string;
  reasons: readonly R[];
  confirmLabel: string;
  testId: string;
  onChoose: (reason: R, text?: string) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [other, setOther] = useState(false);
  const [text, setText] = useState('');
  const [missing, setMissing] = useState(false);
  const region = useRef<HTMLDivElement>(null);
  const field = useRef<HTMLInputElement>(null);
  const titleId = useId();
  const bodyId = useId();
  useEffect(() => region.current?.focus(), []);
  useEffect(() => {
    if (other) field.current?.focus();
  }, [other]);

  const pick = (reason: R) => {
    if (reason !== 'other') return onChoose(reason);
    setOther(true);
  };
  const confirmOther = () => {
    const words = text.trim();
    if (!words) return setMissing(true);
    onChoose('other' as R, words);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.defaultPrevented) return;
    if (event.key === 'Escape') {
      event.preventDefault();
      onCancel();
      return;
    }
    // Digits are words in the "other" field, not choices.
    if (event.target === field.current) return;
    const index = /^[1-9]$/.test(event.key) ? Number(event.key) - 1 : -1;
    const reason = reasons[index];
    if (reason === undefined) return;
    event.preventDefault();
    pick(reason);
  };

  return (
    <Paper
      ref={region}
      withBorder
      p="md"
      radius="md"
      role="dialog"
      aria-labelledby={titleId}
      aria-describedby={bodyId}
      tabIndex={-1}
      onKeyDown={onKeyDown}
      data-testid={testId}
      style={{ borderWidth: 3, borderColor: 'var(--mantine-color-orange-6)' }}
    >
      <Stack gap="sm">
        <Title order={3} id={titleId}>
          {title}
        </Title>
        <Text size="lg" id={bodyId}>
          {body}
        </Text>
        <Text size="sm">{t('pack.reasonPrompt.hint')}</Text>
        <Stack gap="xs">
          {reasons.map((reason, i) => (
            <Button
              key={reason}
              size="md"
              variant={other && reason === 'other' ? 'filled' : 'light'}
              justify="flex-start"
              data-testid="pack-reason-option"
              data-reason={reason}
              onClick={() => pick(reason)}
              leftSection={<Kbd c="black">{i + 1}</Kbd>}
            >
              {t(`pack.reasons.${reason as OverrideReason}`)}
            </Button>
          ))}
        </Stack>
        {other && (
          <Group align="end">
            <TextInput
              ref={field}
              size="md"
              w={420}
              label={t('pack.reasonPrompt.otherText')}
              value={text}
              maxLength={500}
              error={missing ? t('pack.reasonPrompt.otherRequired') : undefined}
              onChange={(e) => {
                setText(e.currentTarget.value);
                setMissing(false);
              }}
              onKeyDown={(e) => {
                if (e.key !== 'Enter') return;
                e.preventDefault();
                confirmOther();
              }}
              data-testid="pack-reason-text"
            />
            <Button size="md" onClick={confirmOther}>
              {confirmLabel}
            </Button>
          </Group>
        )}
        <Group>
          <Button variant="subtle" onClick={onCancel}>
            {t('pack.reasonPrompt.cancel')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
