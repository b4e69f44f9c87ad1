import { compileErrors, validate } from '@readme/openapi-parser';
import { describe, expect, it } from 'vitest';
import { openapiDocument } from './generated/openapi-document.ts';

type Operation = Record<string, unknown> & { parameters?: { name?: string; $ref?: string }[] };
const paths = openapiDocument['paths'] as Record<string, Record<string, Operation>>;
const methods = ['get', 'post', 'put', 'delete'] as const;

/** The endpoint table of the published specification, plus the three whose paths it leaves out. */
const SPEC_ENDPOINTS = [
  'GET /health-check',
  'POST /products',
  'PUT /products',
  'GET /inbounds/{id}',
  'POST /inbounds',
  'DELETE /inbounds/{id}',
  'GET /inventories',
  'GET /orders',
  'GET /orders/{id}',
  'POST /orders',
  'PUT /orders',
  'POST /invoices',
  'GET /trackings',
  'GET /products',
  'GET /products/{sku}',
  'POST /labels',
];

function* walk(
  node: unknown,
  path: string,
): Generator<{ path: string; value: Record<string, unknown> }> {
  if (node && typeof node === 'object') {
    if (!Array.isArray(node)) yield { path, value: node as Record<string, unknown> };
    for (const [key, child] of Object.entries(node)) yield* walk(child, `${path}/${key}`);
  }
}

describe('openapi.yaml', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    const result = await validate(structuredClone(openapiDocument) as never);
    if (!result.valid) throw new Error(compileErrors(result));
    expect(result.specification).toBe('OpenAPI');
    expect(openapiDocument['openapi']).toBe('3.1.0');
  });

  it('describes every endpoint of the specification and nothing removed', () => {
    const described = Object.entries(paths).flatMap(([path, item]) =>
      methods.filter((m) => item[m]).map((m) => `${m.toUpperCase()} ${path}`),
    );
    expect(described.sort()).toEqual([...SPEC_ENDPOINTS].sort());
    expect(
      Object.keys(paths).some((p) => p.includes('ticket') || p.includes('integration/api')),
    ).toBe(false);
  });

  it('requires the version header on every operation and declares a minimum version', () => {
    for (const [path, item] of Object.entries(paths)) {
      for (const method of methods) {
        const op = item[method];
        if (!op) continue;
        const refs = (op.parameters ?? []).map((p) => p.$ref);
        expect(refs, `${method} ${path}`).toContain('#/components/parameters/ApiVersion');
        expect(['v1', 'v1.1'], `${method} ${path}`).toContain(op['x-min-version']);
      }
    }
    expect(paths['/orders']?.['get']?.['x-min-version']).toBe('v1.1');
  });

  it('gives every assumption a reason', () => {
    const assumptions = [...walk(openapiDocument, '')].filter(
      ({ value }) => 'x-assumption' in value,
    );
    expect(assumptions.length).toBeGreaterThan(10);
    for (const { path, value } of assumptions) {
      expect(typeof value['x-assumption'], path).toBe('string');
      expect((value['x-assumption'] as string).length, path).toBeGreaterThan(20);
    }
  });

  it('never accepts the API key anywhere but the X-Api-Key header', () => {
    const schemes = (openapiDocument['components'] as Record<string, Record<string, unknown>>)[
      'securitySchemes'
    ];
    expect(schemes).toEqual({
      ApiKey: expect.objectContaining({ type: 'apiKey', in: 'header', name: 'X-Api-Key' }),
    });
  });
});
