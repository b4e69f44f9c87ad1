import { recallCsv } from '../records/recall-csv.ts';
import type { HandlerContext, HandlersOf } from './context.ts';

/** Settings → Records and the Records screen (issue #40): the fleet's pack records. */
export function recordsHandlers({
  core,
  asResult,
}: HandlerContext): HandlersOf<
  'getRecords' | 'saveRecords' | 'testRecords' | 'recall' | 'recallCsv'
> {
  return {
    getRecords: () => asResult(() => core.records.view()),
    saveRecords: (input) => asResult(() => core.records.save(input)),
    testRecords: (input) => asResult(() => core.records.test(input)),
    recall: (query) => asResult(() => core.records.recall(query)),
    recallCsv: (query) =>
      asResult(async () => {
        const { rows } = await core.records.recall(query);
        return { csv: recallCsv(rows), rows: rows.length };
      }),
  };
}
