import { zCreateProductBody, zUpdateProductBody } from '@shared/api/generated/hey-api/zod.gen.ts';
import type { Product } from '@shared/api/schemas.ts';
import type { DataSubmission } from '@shared/outbox.ts';
import { checkBody, type Checked, type RulesOptions } from '@renderer/ui/forms/api-rules.ts';

// The product form's data and rules: what the operator typed, and the ProductCreate or
// ProductUpdate body it becomes, checked by the schema generated from openapi.yaml.

export interface ProductDraft {
  sku: string;
  name: string;
  barcode: string;
  unit_price: number | '';
  batch_controlled: boolean;
  active: boolean;
}

export const emptyProductDraft = (): ProductDraft => ({
  sku: '',
  name: '',
  barcode: '',
  unit_price: '',
  batch_controlled: false,
  active: true,
});

export const draftFromProduct = (p: Product): ProductDraft => ({
  sku: p.sku,
  name: p.name,
  barcode: p.barcode ?? '',
  unit_price: p.unit_price ?? '',
  batch_controlled: p.batch_controlled ?? false,
  active: p.active ?? true,
});

// A barcode is 8 to 14 digits in the document; the generic "not in the expected form" would
// not tell the operator that.
const RULES: RulesOptions = { sentences: [[/^barcode$/, 'forms.barcode']] };

/** The job to queue (the body trimmed, without empty optional fields), or the problems. */
export function productSubmission(
  draft: ProductDraft,
  mode: 'create' | 'update',
): Checked<DataSubmission> {
  const body = {
    sku: draft.sku.trim(),
    name: draft.name.trim(),
    ...(draft.barcode.trim() ? { barcode: draft.barcode.trim() } : {}),
    ...(draft.unit_price === '' ? {} : { unit_price: Number(draft.unit_price) }),
    batch_controlled: draft.batch_controlled,
    active: draft.active,
  };
  if (mode === 'create') {
    const checked = checkBody(zCreateProductBody, body, RULES);
    return checked.ok
      ? { ok: true, value: { kind: 'product.create', payload: { product: checked.value } } }
      : checked;
  }
  const checked = checkBody(zUpdateProductBody, body, RULES);
  return checked.ok
    ? { ok: true, value: { kind: 'product.update', payload: { product: checked.value } } }
    : checked;
}
