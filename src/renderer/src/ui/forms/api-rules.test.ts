import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { zCreateInboundBody, zCreateProductBody } from '@shared/api/generated/hey-api/zod.gen.ts';
import { checkBody } from './api-rules.ts';

describe('checkBody: the form rules are the generated schema', () => {
  it('names the schema’s own limits, so a change to the document changes the sentence', () => {
    const short = z.object({ code: z.string().min(1).max(3) });
    const long = z.object({ code: z.string().min(1).max(30) });
    expect(checkBody(short, { code: 'ABCDE' })).toEqual({
      ok: false,
      errors: { code: { key: 'forms.tooLong', params: { max: 3 } } },
    });
    expect(checkBody(long, { code: 'ABCDE' })).toEqual({ ok: true, value: { code: 'ABCDE' } });
  });

  it('tells a missing value from a wrong one', () => {
    expect(checkBody(zCreateProductBody, { sku: '', name: undefined })).toEqual({
      ok: false,
      errors: { sku: { key: 'forms.required' }, name: { key: 'forms.required' } },
    });
    expect(
      checkBody(zCreateProductBody, { sku: 'a b', name: 'Mug', barcode: '12', unit_price: -1 }),
    ).toEqual({
      ok: false,
      errors: {
        sku: { key: 'forms.identifier' },
        barcode: { key: 'forms.pattern' },
        unit_price: { key: 'forms.atLeast', params: { min: 0 } },
      },
    });
  });

  it('maps body paths to form fields and lets a field have its own sentence', () => {
    const outcome = checkBody(
      zCreateInboundBody,
      { warehouse: 'SP01', expected_at: '24/11/2026', items: [{ sku: 'A', quantity: 1.5 }] },
      {
        fieldOf: (path) => path.replace(/^items/, 'lines'),
        sentences: [[/quantity$/, 'orderForm.quantity']],
      },
    );
    expect(outcome).toEqual({
      ok: false,
      errors: {
        expected_at: { key: 'forms.date' },
        'lines.0.quantity': { key: 'orderForm.quantity' },
      },
    });
    expect(checkBody(zCreateInboundBody, { warehouse: 'SP01', items: [] })).toMatchObject({
      errors: { items: { key: 'forms.atLeastOne' } },
    });
  });
});
