import { zCreateInboundBody } from '@shared/api/generated/hey-api/zod.gen.ts';
import type { DataSubmission } from '@shared/outbox.ts';
import { checkBody, type Checked } from '@renderer/ui/forms/api-rules.ts';

// The inbound form's data and rules: what the operator typed, and the InboundCreate body it
// becomes, checked by the schema generated from openapi.yaml.

export interface InboundItemDraft {
  sku: string;
  quantity: number | '';
  batch: string;
  expiry_date: string;
}

export interface InboundDraft {
  warehouse: string;
  expected_at: string;
  items: InboundItemDraft[];
}

export const blankInboundItem = (): InboundItemDraft => ({
  sku: '',
  quantity: '',
  batch: '',
  expiry_date: '',
});

export const emptyInboundDraft = (warehouse = 'SP01'): InboundDraft => ({
  warehouse,
  expected_at: '',
  items: [blankInboundItem()],
});

const isBlank = (item: InboundItemDraft) =>
  !item.sku.trim() && item.quantity === '' && !item.batch.trim() && !item.expiry_date;

/**
 * The job to queue, or the problems per field. Rows left wholly empty are not items; a row
 * with anything in it is checked whole, so a SKU without a quantity is named, not dropped.
 */
export function inboundSubmission(draft: InboundDraft): Checked<DataSubmission> {
  const rows = draft.items.flatMap((item, index) => (isBlank(item) ? [] : [index]));
  const body = {
    warehouse: draft.warehouse.trim(),
    ...(draft.expected_at ? { expected_at: draft.expected_at } : {}),
    items: rows.map((index) => {
      const item = draft.items[index] ?? blankInboundItem();
      return {
        sku: item.sku.trim(),
        ...(item.quantity === '' ? {} : { quantity: item.quantity }),
        ...(item.batch.trim() ? { batch: item.batch.trim() } : {}),
        ...(item.expiry_date ? { expiry_date: item.expiry_date } : {}),
      };
    }),
  };
  const checked = checkBody(zCreateInboundBody, body, {
    // Body item n is the form's row rows[n] (empty rows were left out).
    fieldOf: (path) => path.replace(/^items\.(\d+)/, (_, n: string) => `items.${rows[Number(n)]}`),
  });
  return checked.ok
    ? { ok: true, value: { kind: 'inbound.create', payload: { inbound: checked.value } } }
    : checked;
}
