import type { HandlerContext, HandlersOf } from './context.ts';

/**
 * Bulk (issue #39): the board of the active profile. A drop is split and matched to the orders
 * the service lists (or, offline, to the last listing read); the operator's decisions and the
 * queue go through the board, which sends through the outbox.
 */
export function bulkHandlers({
  core,
  asResult,
}: HandlerContext): HandlersOf<
  | 'bulkBoard'
  | 'bulkDrop'
  | 'bulkAssign'
  | 'bulkLeaveOut'
  | 'bulkQueue'
  | 'bulkClear'
  | 'bulkPreview'
> {
  return {
    bulkBoard: () => asResult(() => core.bulk.board()),
    bulkDrop: ({ files }) => asResult(() => core.bulk.drop(files)),
    bulkAssign: ({ seq, order }) => asResult(() => core.bulk.assign(seq, order)),
    bulkLeaveOut: ({ seq, leftOut }) => asResult(() => core.bulk.leaveOut(seq, leftOut)),
    bulkQueue: ({ seqs }) => asResult(() => core.bulk.queue(seqs)),
    bulkClear: () => asResult(() => core.bulk.clear()),
    bulkPreview: ({ seq }) => asResult(() => core.bulk.preview(seq)),
  };
}
