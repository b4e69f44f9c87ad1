import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openapiDocument } from '../../src/shared/api/generated/openapi-document.ts';
import { OPERATIONS } from '../../src/sandbox/contract.ts';
import type { RunningSandbox } from '../../src/sandbox/index.ts';
import { HANDLERS } from '../../src/sandbox/routes/index.ts';
import { call, type CallResult, PDF, withSandbox, ZPL_TWO_LABELS } from './helpers.ts';

const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule })
  .default ?? addFormatsModule) as typeof addFormatsModule;
const ajv = new Ajv2020({ allErrors: true, strict: false });
addFormats(ajv);
const ID = 'https://packbench.invalid/conformance.json';
ajv.addSchema(structuredClone(openapiDocument) as object, ID);

/** Validates a response against what openapi.yaml promises for that operation and status. */
function expectConforms(operationId: string, result: CallResult): void {
  const op = OPERATIONS.find((o) => o.operationId === operationId);
  if (!op) throw new Error(`unknown operation ${operationId}`);
  const pointer = `/paths/${op.path.replaceAll('/', '~1')}/${op.method.toLowerCase()}/responses`;
  const responses = (
    openapiDocument['paths'] as Record<
      string,
      Record<string, { responses: Record<string, unknown> }>
    >
  )[op.path]?.[op.method.toLowerCase()]?.responses;
  const key = responses && String(result.status) in responses ? String(result.status) : 'default';
  if (result.status === 204) {
    expect(key, `${operationId} ${result.status}`).toBe('204');
    return;
  }
  const schemaRef =
    key === 'default'
      ? `${ID}#/components/schemas/ErrorBody`
      : `${ID}#${pointer}/${key}/content/application~1json/schema`;
  const validate = ajv.getSchema(schemaRef) ?? ajv.compile({ $ref: schemaRef });
  const valid = validate(result.body);
  expect(valid, `${operationId} ${result.status}: ${JSON.stringify(validate.errors)}`).toBe(true);
}

let sandbox: RunningSandbox;
beforeAll(async () => {
  sandbox = await withSandbox();
});
afterAll(() => sandbox.close());

describe('the sandbox implements exactly openapi.yaml', () => {
  it('has one handler per operation and no other', () => {
    expect(Object.keys(HANDLERS).sort()).toEqual(OPERATIONS.map((o) => o.operationId).sort());
  });

  it('answers every operation with bodies that match the documented schemas', async () => {
    const calls: [string, Promise<CallResult>][] = [
      ['healthCheck', call(sandbox, 'GET', '/health-check')],
      ['listProducts', call(sandbox, 'GET', '/products?page_size=200')],
      ['getProduct', call(sandbox, 'GET', '/products/ACM-0001')],
      [
        'createProduct',
        call(sandbox, 'POST', '/products', {
          json: {
            sku: 'CF-1',
            name: 'Conformidade',
            dimensions: { length_cm: 1, width_cm: 2, height_cm: 3 },
          },
        }),
      ],
      ['getInbound', call(sandbox, 'GET', '/inbounds/IN-00002')],
      [
        'createInbound',
        call(sandbox, 'POST', '/inbounds', {
          json: { warehouse: 'SP01', items: [{ sku: 'ACM-0014', quantity: 3 }] },
        }),
      ],
      ['queryInventory', call(sandbox, 'GET', '/inventories')],
      ['queryInventory', call(sandbox, 'GET', '/inventories?batch_expiry=true')],
      ['listOrders', call(sandbox, 'GET', '/orders?page_size=200')],
      ['getOrder', call(sandbox, 'GET', '/orders/PB-10050')],
      ['queryTrackings', call(sandbox, 'GET', '/trackings?order=PB-10050')],
      [
        'uploadInvoice',
        call(sandbox, 'POST', '/invoices', {
          form: { order: 'PB-10004', file: { data: PDF, name: 'nf.pdf' } },
        }),
      ],
      [
        'uploadLabel',
        call(sandbox, 'POST', '/labels', {
          form: { order: 'PB-10004', file: { data: ZPL_TWO_LABELS, name: 'l.zpl' } },
        }),
      ],
      ['getOrder', call(sandbox, 'GET', '/orders/NOPE')],
      ['createOrder', call(sandbox, 'POST', '/orders', { json: {} })],
    ];
    for (const [operationId, pending] of calls) expectConforms(operationId, await pending);
    expectConforms(
      'updateProduct',
      await call(sandbox, 'PUT', '/products', { json: { sku: 'CF-1', active: false } }),
    );
    const order = {
      id: 'CF-ORDER',
      warehouse: 'PE01',
      customer: { name: 'Conformidade' },
      shipping_address: { street: 'Rua A', city: 'Recife', state: 'PE', postal_code: '50000-000' },
      items: [{ sku: 'ACM-0001', quantity: 1 }],
    };
    expectConforms('createOrder', await call(sandbox, 'POST', '/orders', { json: order }));
    expectConforms(
      'updateOrder',
      await call(sandbox, 'PUT', '/orders', { json: { id: 'CF-ORDER', status: 'processing' } }),
    );
    expectConforms('getOrder', await call(sandbox, 'GET', '/orders/CF-ORDER'));
    expectConforms('deleteInbound', await call(sandbox, 'DELETE', '/inbounds/IN-00004'));
  });
});
