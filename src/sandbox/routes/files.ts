import { entry } from '../model.ts';
import type {
  FileReceipt,
  InvoiceReceipt,
  LabelFormat,
  LabelReceipt,
} from '../../shared/api/types.ts';
import { splitZplLabels } from '../../shared/zpl/structure.ts';
import { badRequest, notFound, SandboxHttpError, unprocessable } from '../errors.ts';
import {
  labelFormatFromName,
  looksLikePdf,
  looksLikePng,
  sha256,
  sniffLabelFormat,
} from '../files.ts';
import { readUpload, type Upload, type UploadedFile } from '../uploads.ts';
import type { RouteContext, RouteHandler } from './context.ts';

const IDENTIFIER = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;
const EXPECTED = 'the fields "order" (the order id) and "file"';

/** Order id and file of an upload, both present and well-formed, and the order known. */
function requireOrderAndFile(
  ctx: RouteContext,
  upload: Upload,
): { orderId: string; file: UploadedFile } {
  const problems = [];
  const orderId = upload.fields['order'];
  if (orderId === undefined) problems.push({ path: 'order', message: 'is required' });
  else if (!IDENTIFIER.test(orderId))
    problems.push({ path: 'order', message: 'is not a valid order id' });
  if (!upload.file) problems.push({ path: 'file', message: 'is required' });
  if (problems.length > 0 || orderId === undefined || !upload.file) {
    throw badRequest(`The upload needs ${EXPECTED}.`, problems);
  }
  if (!entry(ctx.data.orders, orderId)) throw notFound('order', orderId);
  if (upload.file.data.length === 0)
    throw unprocessable(`The file "${upload.file.fileName}" is empty.`);
  return { orderId, file: upload.file };
}

const receiptOf = (file: UploadedFile, contentType: string, at: string): FileReceipt => ({
  file_name: file.fileName,
  content_type: contentType,
  size: file.data.length,
  sha256: sha256(file.data),
  received_at: at,
});

export const uploadInvoice: RouteHandler = async (ctx) => {
  const upload = await readUpload(ctx.request, ctx.maxFileBytes, EXPECTED);
  const { orderId, file } = requireOrderAndFile(ctx, upload);
  const declared = file.mimeType.toLowerCase();
  if (!['application/pdf', 'application/x-pdf', 'application/octet-stream'].includes(declared)) {
    throw new SandboxHttpError(
      415,
      'unsupported_media_type',
      `Invoices must be PDF files; "${file.fileName}" was sent as ${declared}.`,
    );
  }
  if (!looksLikePdf(file.data)) {
    throw unprocessable(`"${file.fileName}" is not a PDF: it does not start with a PDF header.`);
  }
  const order = entry(ctx.data.orders, orderId);
  if (!order) throw notFound('order', orderId);
  const receipt = receiptOf(file, 'application/pdf', ctx.now().toISOString());
  const replaced = order.invoice !== null;
  order.invoice = receipt;
  order.updated_at = receipt.received_at;
  ctx.commit('invoice', orderId, receipt.sha256);
  const body: InvoiceReceipt = { ...receipt, order: orderId, replaced };
  return { status: 201, body };
};

const CONTENT_TYPES: Record<LabelFormat, string> = {
  zpl: 'application/zpl',
  pdf: 'application/pdf',
  png: 'image/png',
};

export const uploadLabel: RouteHandler = async (ctx) => {
  const upload = await readUpload(
    ctx.request,
    ctx.maxFileBytes,
    `${EXPECTED}, and optionally "format"`,
  );
  const { orderId, file } = requireOrderAndFile(ctx, upload);
  const requested = upload.fields['format'];
  if (requested !== undefined && !['zpl', 'pdf', 'png'].includes(requested)) {
    throw badRequest('format must be zpl, pdf or png.', [
      { path: 'format', message: 'must be zpl, pdf or png' },
    ]);
  }
  const format =
    (requested as LabelFormat | undefined) ??
    labelFormatFromName(file.fileName) ??
    sniffLabelFormat(file.data);
  if (!format) {
    throw new SandboxHttpError(
      415,
      'unsupported_media_type',
      `"${file.fileName}" is not a ZPL, PDF or PNG label.`,
    );
  }
  const labelCount = countLabels(format, file);
  const order = entry(ctx.data.orders, orderId);
  if (!order) throw notFound('order', orderId);
  const at = ctx.now().toISOString();
  const id = `LBL-${String(ctx.data.nextLabel).padStart(6, '0')}`;
  ctx.data.nextLabel += 1;
  const record = {
    ...receiptOf(file, CONTENT_TYPES[format], at),
    id,
    format,
    label_count: labelCount,
  };
  order.labels.push(record);
  order.updated_at = at;
  ctx.commit('label', orderId, record.sha256);
  const body: LabelReceipt = { ...record, order: orderId };
  return { status: 201, body };
};

function countLabels(format: LabelFormat, file: UploadedFile): number {
  if (format === 'pdf') {
    if (!looksLikePdf(file.data)) throw unprocessable(`"${file.fileName}" is not a PDF.`);
    return 1;
  }
  if (format === 'png') {
    if (!looksLikePng(file.data)) throw unprocessable(`"${file.fileName}" is not a PNG image.`);
    return 1;
  }
  if (file.data.includes(0)) throw unprocessable(`"${file.fileName}" is binary, not ZPL text.`);
  const { labels, problems } = splitZplLabels(file.data.toString('latin1'));
  const fatal = problems.find((p) => p.kind === 'no_labels' || p.kind === 'unterminated_label');
  if (fatal || labels.length === 0) {
    throw unprocessable(
      fatal?.kind === 'unterminated_label'
        ? `"${file.fileName}" has a label that starts with ^XA but never ends with ^XZ.`
        : `"${file.fileName}" holds no ZPL label: every label starts with ^XA and ends with ^XZ.`,
    );
  }
  return labels.length;
}
