// Why a dropped file, or a part of one, is left out (issue #39): a code from the `files`
// catalogue section and its values, so the board, the CLI and the logs say the same sentence in
// the reader's language. Nothing else of the drop is lost with it.
import type { bulkSentences } from '../../shared/i18n/sections/bulk.ts';

export type BulkRefusalCode = keyof (typeof bulkSentences)['en']['refused'];

export interface BulkRefusal {
  code: BulkRefusalCode;
  params: Record<string, string | number>;
}

/** The catalogue key of a refusal's sentence. */
export const refusalKey = (refusal: BulkRefusal) => `bulk.refused.${refusal.code}` as const;
