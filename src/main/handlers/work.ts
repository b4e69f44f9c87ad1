import type { HandlerContext, HandlersOf } from './context.ts';

/** Submissions to the outbox, and the outbox and activity log as the window sees them. */
export function workHandlers({
  core,
  asResult,
}: HandlerContext): HandlersOf<
  | 'submitInvoice'
  | 'submitLabel'
  | 'submitJob'
  | 'getOutbox'
  | 'retryJob'
  | 'editJob'
  | 'retryAllJobs'
  | 'discardJob'
  | 'reassignJob'
  | 'acknowledgeOutboxNotice'
  | 'getAudit'
  | 'exportAuditCsv'
> {
  return {
    submitInvoice: ({ order, fileName, bytes, confirmResend }) =>
      asResult(() =>
        core.work.submit({
          kind: 'invoice.upload',
          payload: { order, fileName },
          file: bytes,
          ...(confirmResend ? { confirmResend } : {}),
        }),
      ),
    submitLabel: ({ order, fileName, bytes, format, confirmResend }) =>
      asResult(() =>
        core.work.submit({
          kind: 'label.upload',
          payload: { order, fileName, ...(format ? { format } : {}) },
          file: bytes,
          ...(confirmResend ? { confirmResend } : {}),
        }),
      ),
    submitJob: ({ kind, payload, confirmResend }) =>
      asResult(() =>
        core.work.submit({
          kind,
          payload,
          ...(confirmResend ? { confirmResend } : {}),
        }),
      ),
    getOutbox: ({ states }) => asResult(() => core.work.view(states)),
    retryJob: ({ id }) => asResult(() => core.work.retry(id)),
    editJob: ({ id, payload }) => asResult(() => core.work.edit(id, payload)),
    retryAllJobs: () => asResult(() => ({ count: core.work.retryAll() })),
    discardJob: ({ id }) => asResult(() => core.work.discard(id)),
    reassignJob: ({ id }) => asResult(() => core.work.reassign(id)),
    acknowledgeOutboxNotice: ({ id }) => asResult(() => core.work.acknowledge(id)),
    getAudit: ({ limit }) => asResult(() => core.work.activity(limit ?? 200)),
    exportAuditCsv: () => asResult(() => core.work.activityCsv()),
  };
}
