import { Button, Group, Modal, Radio, Stack, Text } from '@mantine/core';
import { upperFirst } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { REPRINT_REASONS, type PrintJobView, type ReprintReason } from '@shared/printing.ts';

/**
 * A label printed before is printed again only with a reason (damaged, lost, reweighed, other):
 * the activity log keeps it with who asked, when and on which printer. Shared by the order
 * card and the Labels screen.
 */
export function ReprintReasonModal({
  previous,
  onChoose,
  onCancel,
}: {
  /** The earlier print of this label; null keeps the dialog closed. */
  previous: PrintJobView | null;
  onChoose: (reason: ReprintReason) => void;
  onCancel: () => void;
}) {
  const { t, i18n } = useTranslation();
  const [reason, setReason] = useState<ReprintReason | null>(null);
  const close = () => {
    setReason(null);
    onCancel();
  };
  const printedAt = previous?.printedAt ?? previous?.createdAt ?? null;
  return (
    <Modal
      opened={previous !== null}
      onClose={close}
      title={t('printing.reprint.title')}
      closeButtonProps={{ 'aria-label': t('settings.close') }}
    >
      {previous && (
        <form
          data-testid="reprint-form"
          onSubmit={(event) => {
            event.preventDefault();
            if (!reason) return;
            setReason(null);
            onChoose(reason);
          }}
        >
          <Stack>
            <Text>
              {t('printing.reprint.body', {
                file: previous.fileName,
                printer: previous.printer,
                time: printedAt === null ? '—' : new Date(printedAt).toLocaleString(i18n.language),
              })}
            </Text>
            <Radio.Group
              label={t('printing.reprint.reason')}
              value={reason}
              onChange={(value) => setReason(value as ReprintReason)}
            >
              <Stack gap="xs" mt="xs">
                {REPRINT_REASONS.map((code) => (
                  <Radio
                    key={code}
                    size="md"
                    value={code}
                    label={upperFirst(t(`print.reasons.${code}`))}
                  />
                ))}
              </Stack>
            </Radio.Group>
            <Group justify="flex-end">
              <Button size="md" variant="subtle" onClick={close}>
                {t('printing.cancel')}
              </Button>
              <Button size="md" type="submit" disabled={!reason}>
                {t('printing.reprint.confirm')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
