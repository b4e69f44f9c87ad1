import { canonicalJson } from '../../shared/canonical-json.ts';
import type { JobView } from '../../shared/outbox.ts';
import type { ApiClient } from '../api/client.ts';
import { NotFoundError } from '../api/errors.ts';

/** Sends one job through the API client in the submissions lane; returns a short summary. */
export async function deliver(
  job: JobView,
  file: Uint8Array | null,
  api: ApiClient,
  signal?: AbortSignal,
): Promise<unknown> {
  const options = { lane: 'submission' as const, ...(signal ? { signal } : {}) };
  switch (job.kind) {
    case 'invoice.upload': {
      const p = job.payload;
      const receipt = await api.uploadInvoice(
        p.order,
        { name: p.fileName, bytes: requireFile(file) },
        options,
      );
      return { sha256: receipt.sha256 };
    }
    case 'label.upload': {
      const p = job.payload;
      const receipt = await api.uploadLabel(
        p.order,
        { name: p.fileName, bytes: requireFile(file) },
        p.format,
        options,
      );
      return { sha256: receipt.sha256, id: receipt.id, labelCount: receipt.label_count };
    }
    case 'product.create':
      return pick(await api.createProduct(job.payload.product, options), 'sku');
    case 'product.update':
      return pick(await api.updateProduct(job.payload.product, options), 'sku');
    case 'order.create':
      return pick(await api.createOrder(job.payload.order, options), 'id');
    case 'order.update':
      return pick(await api.updateOrder(job.payload.order, options), 'id');
    case 'inbound.create':
      return pick(await api.createInbound(job.payload.inbound, options), 'id');
    case 'inbound.delete':
      await api.deleteInbound(job.payload.id, options);
      return { deleted: job.payload.id };
  }
}

export type Verification = 'present' | 'absent' | 'unknowable';

/**
 * After an uncertain outcome: does the service already have this job's effect? Reads only.
 * Inbound creation cannot be verified (the server chooses the id), so it is left to the operator.
 */
export async function verify(
  job: JobView,
  api: ApiClient,
  signal?: AbortSignal,
): Promise<Verification> {
  const options = { lane: 'submission' as const, ...(signal ? { signal } : {}) };
  try {
    switch (job.kind) {
      case 'invoice.upload': {
        const order = await api.getOrder(job.payload.order, options);
        return order.invoice?.sha256 === job.fileSha256 ? 'present' : 'absent';
      }
      case 'label.upload': {
        const order = await api.getOrder(job.payload.order, options);
        return (order.labels ?? []).some((l) => l.sha256 === job.fileSha256) ? 'present' : 'absent';
      }
      case 'product.create':
      case 'product.update': {
        const wanted = job.payload.product;
        return matches(await api.getProduct(wanted.sku, options), wanted) ? 'present' : 'absent';
      }
      case 'order.create':
      case 'order.update': {
        const wanted = job.payload.order;
        const order = await api.getOrder(wanted.id, options);
        // A created order may have moved on since; its existence is the proof.
        return job.kind === 'order.create' || matches(order, wanted) ? 'present' : 'absent';
      }
      case 'inbound.delete':
        await api.getInbound(job.payload.id, options);
        return 'absent';
      case 'inbound.create':
        return 'unknowable';
    }
  } catch (error) {
    if (error instanceof NotFoundError) return job.kind === 'inbound.delete' ? 'present' : 'absent';
    throw error;
  }
}

function matches(actual: Record<string, unknown>, wanted: Record<string, unknown>): boolean {
  return Object.entries(wanted).every(
    ([key, value]) => canonicalJson(actual[key]) === canonicalJson(value),
  );
}

function requireFile(file: Uint8Array | null): Uint8Array {
  if (!file) throw new Error('The job has lost its file.');
  return file;
}

const pick = (value: Record<string, unknown>, key: string) => ({ [key]: value[key] });
