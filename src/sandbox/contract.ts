import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { openapiDocument } from '../shared/api/generated/openapi-document.ts';
import type { ApiVersion } from '../shared/api/types.ts';
import type { ErrorDetail } from './errors.ts';

// The sandbox takes routes, minimum versions and every request schema from openapi.yaml, so the
// document and the implementation cannot drift apart.

const API_ID = 'https://packbench.invalid/openapi.json';
const METHODS = ['get', 'post', 'put', 'delete'] as const;
type Method = (typeof METHODS)[number];

interface RawParameter {
  name: string;
  in: 'query' | 'path' | 'header';
  required?: boolean;
}

export interface ParameterSpec {
  name: string;
  in: 'query' | 'path';
  required: boolean;
  validate: ValidateFunction;
}

export interface OperationSpec {
  operationId: string;
  method: Uppercase<Method>;
  /** OpenAPI template, e.g. `/orders/{id}`. */
  path: string;
  /** Fastify route, e.g. `/orders/:id`. */
  routePath: string;
  minVersion: ApiVersion;
  parameters: ParameterSpec[];
  jsonBody: ValidateFunction | null;
  multipart: boolean;
}

// ajv-formats is CommonJS with a default export; under Node's ESM loader it arrives wrapped.
const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule })
  .default ?? addFormatsModule) as typeof addFormatsModule;

function makeAjv(coerceTypes: boolean): Ajv2020 {
  const ajv = new Ajv2020({ allErrors: true, strict: false, coerceTypes, useDefaults: false });
  addFormats(ajv);
  ajv.addSchema(structuredClone(openapiDocument) as object, API_ID);
  return ajv;
}

const bodyAjv = makeAjv(false);
const queryAjv = makeAjv(true);

const escapePointer = (segment: string) => segment.replaceAll('~', '~0').replaceAll('/', '~1');

function resolveLocal(ref: string): unknown {
  let node: unknown = openapiDocument;
  for (const raw of ref.replace(/^#\//, '').split('/')) {
    const key = raw.replaceAll('~1', '/').replaceAll('~0', '~');
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}

function compileParameter(pointer: string, raw: RawParameter): ParameterSpec | null {
  if (raw.in === 'header') return null;
  // Wrapped in an object so Ajv can coerce the query string ("5" → 5) in place.
  const validate = queryAjv.compile({
    type: 'object',
    properties: { value: { $ref: `${API_ID}#${pointer}/schema` } },
  });
  return { name: raw.name, in: raw.in, required: raw.required === true, validate };
}

function loadOperations(): OperationSpec[] {
  const paths = openapiDocument['paths'] as Record<string, Record<string, unknown>>;
  const operations: OperationSpec[] = [];
  for (const [path, item] of Object.entries(paths)) {
    const shared = (item['parameters'] as unknown[] | undefined) ?? [];
    for (const method of METHODS) {
      const op = item[method] as Record<string, unknown> | undefined;
      if (!op) continue;
      const opPointer = `/paths/${escapePointer(path)}/${method}`;
      const parameters: ParameterSpec[] = [];
      const collect = (list: unknown[], base: string) =>
        list.forEach((entry, index) => {
          const ref = (entry as { $ref?: string }).$ref;
          const pointer = ref ? ref.replace(/^#/, '') : `${base}/parameters/${index}`;
          const raw = (ref ? resolveLocal(ref) : entry) as RawParameter;
          const spec = compileParameter(pointer, raw);
          if (spec) parameters.push(spec);
        });
      collect(shared, `/paths/${escapePointer(path)}`);
      collect((op['parameters'] as unknown[] | undefined) ?? [], opPointer);
      const content =
        (op['requestBody'] as { content?: Record<string, unknown> } | undefined)?.content ?? {};
      operations.push({
        operationId: op['operationId'] as string,
        method: method.toUpperCase() as Uppercase<Method>,
        path,
        routePath: path.replace(/\{(\w+)\}/g, ':$1'),
        minVersion: (op['x-min-version'] as ApiVersion | undefined) ?? 'v1',
        parameters,
        jsonBody: content['application/json']
          ? bodyAjv.compile({
              $ref: `${API_ID}#${opPointer}/requestBody/content/application~1json/schema`,
            })
          : null,
        multipart: 'multipart/form-data' in content,
      });
    }
  }
  return operations;
}

export const OPERATIONS: readonly OperationSpec[] = loadOperations();

/** Ajv's errors as `{path, message}` pairs an integrator can act on. */
export function describeErrors(errors: ErrorObject[] | null | undefined, root = ''): ErrorDetail[] {
  return (errors ?? []).map((error) => {
    const params = error.params as Record<string, unknown>;
    const extra = params['additionalProperty'] ?? params['unevaluatedProperty'];
    const base = `${root}${error.instancePath}`.replace(/^\//, '').replaceAll('/', '.') || '(body)';
    if (extra !== undefined)
      return {
        path: `${base === '(body)' ? '' : `${base}.`}${String(extra)}`,
        message: 'is not a known field',
      };
    if (error.keyword === 'required') {
      const missing = String(params['missingProperty']);
      return { path: `${base === '(body)' ? '' : `${base}.`}${missing}`, message: 'is required' };
    }
    return { path: base, message: error.message ?? 'is invalid' };
  });
}

/** The OpenAPI path templates and the methods each allows, for 405 answers. */
export function allowedMethods(pathname: string): string[] {
  return OPERATIONS.filter((op) => templateRegex(op.path).test(pathname)).map((op) => op.method);
}

function templateRegex(template: string): RegExp {
  const pattern = template
    .split(/\{\w+\}/)
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('[^/]+');
  return new RegExp(`^${pattern}/?$`);
}
