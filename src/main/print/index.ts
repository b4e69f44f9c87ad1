// Printing at the station (issue #20), for main's print queue and Settings → Printers: parse a
// target, open it, ask its status, print jobs (status first, one retry per job, one job at a
// time per printer across processes), list CUPS queues, make the test label. Documents (PDFs
// with a paper and copies, issue #30) go through the same openPrinter(…).print.
export { parseTarget, formatTarget, toTarget, DEFAULT_RAW_PORT } from './target.ts';
export type { PrinterTarget, TargetParse, TargetErrorCode } from './target.ts';
export { openPrinter, DEFAULT_TIMEOUT_MS } from './printer.ts';
export type { Printer, PrinterOptions } from './printer.ts';
export type { PrintJob, PrintJobs, JobResult, PrintOptions, PrintOutcome } from './job.ts';
export { describeStatus, isReady, stopConditions } from './status.ts';
export type { PrinterStatus, StopCondition } from './status.ts';
export { PrintError, exitCodeFor } from './errors.ts';
export type { PrintErrorCode } from './errors.ts';
export { listCupsQueues } from './cups-printer.ts';
export type { CupsQueue, CupsQueueKind } from './cups-printer.ts';
export { DOCUMENT_MEDIA, MAX_DOCUMENT_COPIES, checkPdf, parseMedia } from './document.ts';
export type { DocumentMedia, DocumentOptions } from './document.ts';
export { checkZpl } from './zpl-check.ts';
export type { ZplCheck, ZplCheckCode } from './zpl-check.ts';
export { testLabelZpl, stationTime } from './test-label.ts';
export type { TestLabelInput } from './test-label.ts';
