import { recallCsv } from '../records/recall-csv.ts';
import { supervisorCsv } from '../records/supervisor.ts';
import type { HandlerContext, HandlersOf } from './context.ts';

/** Settings → Records and the Records screen (issue #40): the fleet's pack records. */
export function recordsHandlers({
  core,
  asResult,
}: HandlerContext): HandlersOf<
  | 'getRecords'
  | 'saveRecords'
  | 'testRecords'
  | 'recall'
  | 'recallCsv'
  | 'supervisor'
  | 'supervisorCsv'
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
    supervisor: (query) => asResult(() => core.records.supervisor(query)),
    supervisorCsv: (query) =>
      asResult(async () => {
        const { rows } = await core.records.supervisor(query);
        return { csv: supervisorCsv(rows), rows: rows.length };
      }),
  };
}
