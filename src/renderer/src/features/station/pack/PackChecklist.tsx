import { Group, Stack, Table, Text } from '@mantine/core';
import { memo, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import type { LotState, PackLine, PackView } from '@shared/pack/types.ts';
import { TableHead } from '@renderer/ui/TableHead.tsx';

/** A lot's look: amber for expiring, red for expired, grey for unknown; dark text on each. */
const LOT_BACKGROUND: Record<LotState, string> = {
  ok: 'var(--mantine-color-green-1)',
  expiring: 'var(--mantine-color-yellow-3)',
  expired: 'var(--mantine-color-red-2)',
  unknown: 'var(--mantine-color-gray-3)',
};

/** Long words (a SKU, a lot, a code) break inside their own cell rather than spill. */
const WRAP = { overflowWrap: 'anywhere', lineHeight: 1.3 } as const;

/**
 * The checklist's columns at the table's font size, each as wide as its content and its heading
 * in every language: the SKU; a GTIN-14 in monospace (14 digits of 0.6 em; "Código de barras"
 * in bold is wider); "Expected"; a count with "Complete" or "Too many" beside it; a lot with its
 * expiry (its state wraps under it). The product's name takes the rest.
 */
const COLUMNS: readonly (CSSProperties | undefined)[] = [
  undefined,
  { width: '6.5em' },
  { width: '12em' },
  { width: '6.5em' },
  { width: '9.5em' },
  { width: '17.5em' },
];

const lineState = (line: PackLine) =>
  line.scanned > line.expected ? 'over' : line.scanned === line.expected ? 'done' : 'open';

/** The lots recorded so far for a line, each with its expiry and its state in words. */
function LineLots({ line }: { line: PackLine }) {
  const { t, i18n } = useTranslation();
  if (!line.batchControlled) return <Text c="dimmed">{t('pack.none')}</Text>;
  return (
    <Stack gap={4}>
      {line.lots.map((lot) => (
        <Text
          key={lot.lot}
          component="span"
          size="sm"
          lh={1.3}
          px={6}
          data-testid="pack-lot"
          data-lot={lot.lot}
          data-state={lot.state}
          style={{
            background: LOT_BACKGROUND[lot.state],
            color: 'var(--mantine-color-dark-9)',
            borderRadius: 4,
            fontWeight: lot.state === 'ok' ? 400 : 700,
          }}
        >
          {t('pack.lot', {
            lot: lot.lot,
            expiry: lot.expiry ?? t('pack.noExpiry'),
            quantity: lot.quantity.toLocaleString(i18n.language),
          })}{' '}
          · {t(`pack.lotState.${lot.state}`)}
        </Text>
      ))}
    </Stack>
  );
}

/** Same row on screen: a scan changes one line, and only that row renders again. */
const sameRow = (a: RowProps, b: RowProps) =>
  a.name === b.name &&
  a.language === b.language &&
  a.line.sku === b.line.sku &&
  a.line.expected === b.line.expected &&
  a.line.scanned === b.line.scanned &&
  a.line.barcode === b.line.barcode &&
  a.line.batchControlled === b.line.batchControlled &&
  a.line.lots.length === b.line.lots.length &&
  a.line.lots.every((lot, i) => {
    const other = b.line.lots[i];
    return (
      other?.lot === lot.lot &&
      other.quantity === lot.quantity &&
      other.state === lot.state &&
      other.expiry === lot.expiry
    );
  });

interface RowProps {
  line: PackLine;
  name: string | null | undefined;
  /** Numbers are written in the page's language; a change of language draws the row again. */
  language: string;
}

const PackLineRow = memo(function PackLineRow({ line, name }: RowProps) {
  const { t, i18n } = useTranslation();
  const number = (n: number) => n.toLocaleString(i18n.language);
  const state = lineState(line);
  return (
    <Table.Tr
      data-testid="pack-line"
      data-sku={line.sku}
      data-expected={line.expected}
      data-scanned={line.scanned}
      data-state={state}
      bg={state === 'done' ? 'green.0' : state === 'over' ? 'red.0' : undefined}
    >
      <Table.Td data-testid="item-name" fz="md">
        {line.name ?? name ?? t('station.unknownProduct')}
      </Table.Td>
      <Table.Td>{line.sku}</Table.Td>
      <Table.Td style={{ fontFamily: 'monospace' }}>{line.barcode ?? t('pack.none')}</Table.Td>
      <Table.Td fw={700} fz="lg">
        {number(line.expected)}
      </Table.Td>
      <Table.Td>
        {/* The word goes under the count when both do not fit: nothing runs into the lots. */}
        <Group gap={6} style={{ rowGap: 0 }}>
          <Text fw={700} size="xl" lh={1.1} data-testid="pack-line-scanned">
            {number(line.scanned)}
          </Text>
          {state !== 'open' && (
            // Dark text: green.9 on the row's green.0 stays under 4.5:1 (axe, in Chromium).
            <Text fw={700} c={state === 'done' ? 'dark.9' : 'red.9'}>
              {t(state === 'done' ? 'pack.lineDone' : 'pack.lineOver')}
            </Text>
          )}
        </Group>
      </Table.Td>
      <Table.Td>
        <LineLots line={line} />
      </Table.Td>
    </Table.Tr>
  );
}, sameRow);

/**
 * The order's lines as the packer checks them: what each is, how many go in, how many were
 * scanned, and which lots. A complete line is green, a line with too many says so in words.
 */
export function PackChecklist({
  view,
  names,
}: {
  view: PackView;
  /** Names the window already read for the card (main's own name wins). */
  names: Record<string, string | null>;
}) {
  const { t, i18n } = useTranslation();
  return (
    // A fixed layout: a count changing in one row does not lay the whole table out again. So
    // each column has the width its content needs (COLUMNS), the name takes the rest, and
    // whatever is longer still wraps inside its own cell rather than under its neighbour.
    <Table
      fz="sm"
      verticalSpacing={6}
      horizontalSpacing={8}
      data-testid="pack-checklist"
      layout="fixed"
      styles={{ th: WRAP, td: WRAP }}
    >
      <colgroup>
        {COLUMNS.map((style, i) => (
          <col key={i} style={style} />
        ))}
      </colgroup>
      <TableHead
        labels={[
          t('station.product'),
          t('station.sku'),
          t('pack.barcode'),
          t('pack.expected'),
          t('pack.scanned'),
          t('pack.lots'),
        ]}
      />
      <Table.Tbody>
        {view.lines.map((line) => (
          <PackLineRow key={line.sku} line={line} name={names[line.sku]} language={i18n.language} />
        ))}
      </Table.Tbody>
    </Table>
  );
}
