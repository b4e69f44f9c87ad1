import { Badge, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { describePrinterStatus, isPrinterReady } from '../ui/printing/status-words.ts';
import { useOpenScreen } from './navigation.tsx';
import { usePrinterStatus, usePrinting } from './use-printing.ts';

/**
 * The printer's last known status (from the last label or test print), in the status bar,
 * only when this station has a printer; it opens Settings → Printers.
 */
export function PrinterStatusBadge() {
  const { t } = useTranslation();
  const printing = usePrinting().data;
  const status = usePrinterStatus();
  const open = useOpenScreen();
  if (!printing?.settings.target) return null;
  const color = !status ? 'gray' : isPrinterReady(status) ? 'green' : 'red';
  const words = t('printing.bar', { status: describePrinterStatus(t, status) });
  // The bar is one line: this badge gives way (its whole text stays in the title) before the
  // environment and health badges do.
  const badge = (
    <Badge
      color={color}
      size="lg"
      variant="light"
      tt="none"
      data-testid="printer-status"
      data-ready={status ? String(isPrinterReady(status)) : 'unknown'}
      styles={{ root: { flexShrink: 1, minWidth: 0 } }}
    >
      {words}
    </Badge>
  );
  const title = `${words} · ${printing.settings.target}`;
  if (!open)
    return (
      <span title={title} style={{ display: 'flex', minWidth: 0 }}>
        {badge}
      </span>
    );
  return (
    <UnstyledButton
      onClick={() => open('settings', 'printers')}
      title={title}
      style={{ display: 'flex', minWidth: 0 }}
    >
      {badge}
    </UnstyledButton>
  );
}
