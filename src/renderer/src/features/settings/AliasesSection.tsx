import { Alert, Button, Group, NumberInput, Stack, Table, Text, TextInput } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { barcodeAliasSchema, type BarcodeAlias } from '@shared/pack/types.ts';
import { useBridge } from '@renderer/app/context.tsx';
import { usePacking } from './packing-store.ts';
import { queryKeys, unwrap } from '@renderer/app/queries.ts';
import { downloadText } from '@renderer/ui/download.ts';
import { ErrorText } from '@renderer/ui/ErrorText.tsx';
import { TableHead } from '@renderer/ui/TableHead.tsx';
import { formatAliasCsv, mergeAliases } from './alias-csv.ts';
import { AliasImport } from './AliasImport.tsx';
import { SettingsSection } from './SettingsSection.tsx';

type Field = 'alias' | 'sku' | 'quantity';

/** One alias typed in: each field checked by the shared rule, its sentence under it. */
function AliasAdd({ onAdd }: { onAdd: (alias: BarcodeAlias) => void }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<{ alias: string; sku: string; quantity: number | string }>({
    alias: '',
    sku: '',
    quantity: 1,
  });
  const [errors, setErrors] = useState<Partial<Record<Field, true>>>({});
  const add = () => {
    const checked = barcodeAliasSchema.safeParse({ ...draft, quantity: Number(draft.quantity) });
    if (!checked.success) {
      const fields = checked.error.issues.map((issue) => issue.path[0] as Field);
      return setErrors(Object.fromEntries(fields.map((f) => [f, true])));
    }
    onAdd(checked.data);
    setDraft({ alias: '', sku: '', quantity: 1 });
    setErrors({});
  };
  const field = (name: Field) => ({
    error: errors[name] ? t(`pack.aliases.field.${name}`) : undefined,
  });
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        add();
      }}
      data-testid="aliases-add-form"
    >
      <Group align="start">
        <TextInput
          size="md"
          label={t('pack.aliases.alias')}
          value={draft.alias}
          onChange={(e) => setDraft({ ...draft, alias: e.currentTarget.value })}
          autoComplete="off"
          spellCheck={false}
          data-testid="aliases-new-alias"
          {...field('alias')}
        />
        <TextInput
          size="md"
          label={t('pack.aliases.sku')}
          value={draft.sku}
          onChange={(e) => setDraft({ ...draft, sku: e.currentTarget.value })}
          autoComplete="off"
          data-testid="aliases-new-sku"
          {...field('sku')}
        />
        <NumberInput
          size="md"
          w={140}
          label={t('pack.aliases.quantity')}
          min={1}
          max={10_000}
          allowDecimal={false}
          value={draft.quantity}
          onChange={(quantity) => setDraft({ ...draft, quantity })}
          data-testid="aliases-new-quantity"
          {...field('quantity')}
        />
        <Button type="submit" size="md" mt={26} data-testid="aliases-add">
          {t('pack.aliases.add')}
        </Button>
      </Group>
    </form>
  );
}

/** The table as the packer edits it; Save sends it whole. */
function AliasEditor({ aliases }: { aliases: BarcodeAlias[] }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const { busy, saveAliases } = usePacking(['busy', 'saveAliases']);
  const [rows, setRows] = useState(aliases);
  const [dirty, setDirty] = useState(false);
  const change = (next: BarcodeAlias[]) => {
    setRows(next);
    setDirty(true);
  };
  const save = async () => {
    const kept = await saveAliases(rows);
    if (!kept) return;
    queryClient.setQueryData(queryKeys.barcodeAliases(), { aliases: kept });
    setRows(kept);
    setDirty(false);
  };
  return (
    <Stack gap="sm">
      <AliasAdd onAdd={(alias) => change(mergeAliases(rows, [alias]))} />
      <Text fw={700} data-testid="aliases-count">
        {t('pack.aliases.count', { count: rows.length })}
      </Text>
      {rows.length === 0 ? (
        <Text c="dimmed">{t('pack.aliases.empty')}</Text>
      ) : (
        <Table striped fz="md" data-testid="aliases-table">
          <TableHead
            labels={[
              t('pack.aliases.alias'),
              t('pack.aliases.sku'),
              t('pack.aliases.quantity'),
              '',
            ]}
          />
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.alias} data-testid="alias-row" data-alias={row.alias}>
                <Table.Td style={{ fontFamily: 'monospace' }}>{row.alias}</Table.Td>
                <Table.Td>{row.sku}</Table.Td>
                <Table.Td>{row.quantity.toLocaleString(i18n.language)}</Table.Td>
                <Table.Td>
                  <Button
                    size="xs"
                    variant="subtle"
                    color="red"
                    onClick={() => change(rows.filter((r) => r.alias !== row.alias))}
                  >
                    {t('pack.aliases.remove', { alias: row.alias })}
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <AliasImport onImport={(imported) => change(mergeAliases(rows, imported))} />
      <Group>
        <Button
          size="md"
          onClick={() => void save()}
          loading={busy === 'aliases'}
          data-testid="aliases-save"
        >
          {t('pack.aliases.save')}
        </Button>
        <Button
          size="md"
          variant="default"
          onClick={() => downloadText('packbench-barcode-aliases.csv', formatAliasCsv(rows))}
          data-testid="aliases-export"
        >
          {t('pack.aliases.export')}
        </Button>
        {dirty && <Text fw={700}>{t('pack.aliases.unsaved')}</Text>}
      </Group>
    </Stack>
  );
}

/** Settings → Barcode aliases: case and multi-pack barcodes that count several units at once. */
export function AliasesSection() {
  const { t } = useTranslation();
  const bridge = useBridge();
  const read = useQuery({
    queryKey: queryKeys.barcodeAliases(),
    queryFn: () => unwrap(bridge.getBarcodeAliases()),
  });
  const { saved, error } = usePacking(['saved', 'error']);
  return (
    <SettingsSection
      testId="aliases"
      anchor="barcode-aliases"
      title={t('pack.aliases.title')}
      intro={t('pack.aliases.intro')}
      read={read}
      form={({ aliases }) => <AliasEditor aliases={aliases} />}
    >
      {saved === 'aliases' && (
        <Alert color="green" role="status" data-testid="aliases-saved">
          {t('pack.aliases.saved')}
        </Alert>
      )}
      {error?.section === 'aliases' && (
        <Alert color="red" role="alert">
          <ErrorText error={error.error} />
        </Alert>
      )}
    </SettingsSection>
  );
}
