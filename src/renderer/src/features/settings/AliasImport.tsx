import { Alert, Button, FileButton, Group, List, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BarcodeAlias } from '@shared/pack/types.ts';
import type { MessageKey } from '@shared/i18n/message-key.ts';
import { parseAliasCsv, type AliasCsvProblem } from './alias-csv.ts';

/**
 * Aliases from CSV, pasted or from a file: the good lines go to the table (not yet saved), each
 * bad line is named with its field; nothing else is lost.
 */
export function AliasImport({ onImport }: { onImport: (aliases: BarcodeAlias[]) => void }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [outcome, setOutcome] = useState<{
    imported: number;
    refused: number;
    problems: AliasCsvProblem[];
  } | null>(null);
  const read = (csv: string) => {
    const result = parseAliasCsv(csv);
    if (result.aliases.length > 0) onImport(result.aliases);
    setOutcome({
      imported: result.aliases.length,
      refused: result.refused,
      problems: result.problems,
    });
  };
  return (
    <Stack gap="xs">
      <Textarea
        size="md"
        maw={640}
        label={t('pack.aliases.paste')}
        placeholder={'alias,sku,quantity\nCASE-12,ACM-0001,12'}
        autosize
        minRows={3}
        maxRows={10}
        spellCheck={false}
        styles={{ input: { fontFamily: 'monospace' } }}
        value={text}
        onChange={(e) => setText(e.currentTarget.value)}
        data-testid="aliases-paste"
      />
      <Group>
        <Button variant="light" onClick={() => read(text)} data-testid="aliases-import">
          {t('pack.aliases.import')}
        </Button>
        <FileButton accept=".csv,text/csv" onChange={(file) => void file?.text().then(read)}>
          {(props) => (
            <Button variant="light" {...props} data-testid="aliases-import-file">
              {t('pack.aliases.importFile')}
            </Button>
          )}
        </FileButton>
      </Group>
      {outcome && outcome.imported > 0 && (
        <Text role="status" data-testid="aliases-imported">
          {t('pack.aliases.imported', { count: outcome.imported })}
        </Text>
      )}
      {outcome && outcome.problems.length > 0 && (
        <Alert color="red" role="alert" data-testid="aliases-import-problems">
          {outcome.refused > 0 && (
            <Text fw={700}>{t('pack.aliases.refused', { count: outcome.refused })}</Text>
          )}
          <List>
            {outcome.problems.map((problem, i) => (
              <List.Item key={i} data-testid="aliases-import-problem">
                {t(problem.key as MessageKey, problem.values as Record<string, string | number>)}
              </List.Item>
            ))}
          </List>
        </Alert>
      )}
    </Stack>
  );
}
