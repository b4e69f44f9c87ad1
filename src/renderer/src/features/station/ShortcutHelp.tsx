import { Kbd, Modal, Table } from '@mantine/core';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';

const SHORTCUTS = [
  ['Enter', 'scan'],
  ['Tab', 'next'],
  ['Shift + Tab', 'previous'],
  ['Enter / Space', 'pick'],
  ['Esc', 'back'],
  ['?', 'help'],
] as const;

/** The verified pack's keys (its sentences live with the pack's). */
const PACK_SHORTCUTS = [
  ['Enter', 'ack'],
  ['F8 / Ctrl + Z', 'undo'],
  ['Esc Esc', 'aside'],
  ['↑ ↓ Enter', 'arrows'],
  ['1 – 9', 'digits'],
] as const;

/** The station's keys, one line each; opened with `?` or the button under the scan field. */
export const ShortcutHelp = memo(function ShortcutHelp({
  opened,
  onClose,
}: {
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('station.help.title')}
      size="lg"
      closeButtonProps={{ 'aria-label': t('station.help.close') }}
    >
      <Table fz="md" data-testid="shortcut-help">
        <Table.Tbody>
          {SHORTCUTS.map(([keys, what]) => (
            <Table.Tr key={what}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <Kbd c="black">{keys}</Kbd>
              </Table.Td>
              <Table.Td>{t(`station.help.${what}`)}</Table.Td>
            </Table.Tr>
          ))}
          {PACK_SHORTCUTS.map(([keys, what]) => (
            <Table.Tr key={`pack-${what}`}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <Kbd c="black">{keys}</Kbd>
              </Table.Td>
              <Table.Td>{t(`pack.help.${what}`)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Modal>
  );
});
