import type { ApiVersion, LabelFormat } from '../../shared/api/types.ts';
import type { EndpointOverrides } from '../../shared/profile.ts';
import type { z } from 'zod';
import type {
  zCreateInboundBody,
  zCreateOrderBody,
  zCreateProductBody,
  zUpdateOrderBody,
  zUpdateProductBody,
} from '../../shared/api/generated/hey-api/zod.gen.ts';
import { sleep, systemRandom, type Clock } from '../platform/clock.ts';
import type { Lane } from '../budget/rate-budget.ts';
import type { RequestBudget } from '../budget/request-budget.ts';
import { ApiError, AuthenticationError, RateLimitedError, VersionError } from './errors.ts';
import { fillPath, pathSegment } from './path.ts';
import {
  buildUrl,
  op,
  versionAtLeast,
  type Operation,
  type RequestSpec,
  type UploadFile,
} from './operation.ts';
import { httpError, parseAnswer, parseRetryAfter, transportError } from './responses.ts';
import { createRedactor, type Redactor } from './redact.ts';
import { nextHop } from './redirects.ts';
import * as S from '../../shared/api/schemas.ts';

export interface ClientTarget {
  baseUrl: string;
  apiVersion: ApiVersion;
  overrides: EndpointOverrides;
}

export interface ApiClientOptions {
  target: ClientTarget;
  /** Reads the key from the keychain at the moment of each request; null when none is set. */
  getKey: () => Promise<string | null>;
  budget: RequestBudget;
  clock: Clock;
  fetch?: typeof fetch;
  random?: () => number;
  timeoutMs?: number;
  /** Retries of idempotent requests after network errors and 5xx. */
  maxRetries?: number;
  /** Waits after 429 before giving up (each waits Retry-After inside the budget). */
  maxRateLimitRetries?: number;
  backoffBaseMs?: number;
  backoffCapMs?: number;
  /** Called once per HTTP attempt, secrets already removed. */
  onAttempt?: (entry: AttemptLog) => void;
}

export interface AttemptLog {
  method: string;
  url: string;
  lane: Lane;
  status: number | null;
  ms: number;
  error?: string;
  requestId?: string;
}

export interface CallOptions {
  lane?: Lane;
  signal?: AbortSignal;
  timeoutMs?: number;
}

/** Request bodies, generated from the OpenAPI document. */
interface Bodies {
  createProduct: typeof zCreateProductBody;
  updateProduct: typeof zUpdateProductBody;
  createInbound: typeof zCreateInboundBody;
  createOrder: typeof zCreateOrderBody;
  updateOrder: typeof zUpdateOrderBody;
}
type Body<Op extends keyof Bodies> = z.input<Bodies[Op]>;

/** The client's options, every default applied. */
type ResolvedClientOptions = Required<Omit<ApiClientOptions, 'onAttempt'>> &
  Pick<ApiClientOptions, 'onAttempt'>;

/**
 * One typed method per API operation. Every request goes through the company budget, carries
 * X-Api-Key and X-Api-Version, and fails with one error class per family. GET, PUT and DELETE
 * are retried on network errors and 5xx; POST never is (the outbox decides), except after a 429,
 * which means the server did nothing.
 */
export class ApiClient {
  private readonly options: ResolvedClientOptions;
  private redaction: { key: string; redactor: Redactor } | null = null;

  constructor(options: ApiClientOptions) {
    this.options = {
      fetch: globalThis.fetch.bind(globalThis),
      random: systemRandom,
      timeoutMs: 15_000,
      maxRetries: 3,
      maxRateLimitRetries: 50,
      backoffBaseMs: 500,
      backoffCapMs: 8_000,
      ...options,
    };
  }

  get target(): ClientTarget {
    return this.options.target;
  }

  healthCheck(options?: CallOptions) {
    return this.send(op('healthCheck', 'GET', '/health-check'), {}, S.healthSchema, {
      lane: 'background',
      ...options,
    });
  }

  listProducts(
    params: { search?: string; page?: number; pageSize?: number } = {},
    options?: CallOptions,
  ) {
    const path = this.options.target.overrides.productsListPath;
    return this.send(
      op('listProducts', 'GET', path),
      { query: { search: params.search, page: params.page, page_size: params.pageSize } },
      S.productPageSchema,
      options,
    );
  }

  getProduct(sku: string, options?: CallOptions) {
    return this.send(
      op('getProduct', 'GET', () =>
        fillPath(this.options.target.overrides.productGetPath, { sku }),
      ),
      {},
      S.productSchema,
      options,
    );
  }

  createProduct(product: Body<'createProduct'>, options?: CallOptions) {
    return this.send(
      op('createProduct', 'POST', '/products'),
      { json: product },
      S.productSchema,
      options,
    );
  }

  updateProduct(product: Body<'updateProduct'>, options?: CallOptions) {
    return this.send(
      op('updateProduct', 'PUT', '/products'),
      { json: product },
      S.productSchema,
      options,
    );
  }

  getInbound(id: string, options?: CallOptions) {
    return this.send(
      op('getInbound', 'GET', () => `/inbounds/${pathSegment(id, 'id')}`),
      {},
      S.inboundSchema,
      options,
    );
  }

  createInbound(inbound: Body<'createInbound'>, options?: CallOptions) {
    return this.send(
      op('createInbound', 'POST', '/inbounds'),
      { json: inbound },
      S.inboundSchema,
      options,
    );
  }

  deleteInbound(id: string, options?: CallOptions) {
    return this.send(
      op('deleteInbound', 'DELETE', () => `/inbounds/${pathSegment(id, 'id')}`),
      {},
      null,
      options,
    );
  }

  queryInventory(
    params: { warehouse?: string; sku?: string; batchExpiry?: boolean } = {},
    options?: CallOptions,
  ) {
    const query: Record<string, string | undefined> = {
      warehouse: params.warehouse,
      sku: params.sku,
    };
    if (params.batchExpiry) query[this.options.target.overrides.batchExpiryParam] = 'true';
    return this.send(
      op('queryInventory', 'GET', '/inventories'),
      { query },
      S.inventoryListSchema,
      options,
    );
  }

  listOrders(
    params: { from?: string; to?: string; updated?: string; page?: number; pageSize?: number } = {},
    options?: CallOptions,
  ) {
    const query = {
      from: params.from,
      to: params.to,
      updated: params.updated,
      page: params.page,
      page_size: params.pageSize,
    };
    return this.send(
      op('listOrders', 'GET', '/orders', 'v1.1'),
      { query },
      S.orderPageSchema,
      options,
    );
  }

  getOrder(id: string, options?: CallOptions) {
    return this.send(
      op('getOrder', 'GET', () => `/orders/${pathSegment(id, 'id')}`),
      {},
      S.orderSchema,
      options,
    );
  }

  createOrder(order: Body<'createOrder'>, options?: CallOptions) {
    return this.send(op('createOrder', 'POST', '/orders'), { json: order }, S.orderSchema, options);
  }

  updateOrder(order: Body<'updateOrder'>, options?: CallOptions) {
    return this.send(op('updateOrder', 'PUT', '/orders'), { json: order }, S.orderSchema, options);
  }

  uploadInvoice(order: string, file: UploadFile, options?: CallOptions) {
    const upload = { fields: { order }, file: { type: 'application/pdf', ...file } };
    return this.send(
      op('uploadInvoice', 'POST', '/invoices'),
      { form: upload },
      S.invoiceReceiptSchema,
      options,
    );
  }

  uploadLabel(order: string, file: UploadFile, format?: LabelFormat, options?: CallOptions) {
    const { labelsPath, labelsMethod } = this.options.target.overrides;
    const upload = { fields: { order, format }, file };
    return this.send(
      op('uploadLabel', labelsMethod, labelsPath),
      { form: upload },
      S.labelReceiptSchema,
      options,
    );
  }

  queryTrackings(params: { order?: string; id?: string; code?: string }, options?: CallOptions) {
    return this.send(
      op('queryTrackings', 'GET', '/trackings'),
      { query: params },
      S.trackingListSchema,
      options,
    );
  }

  private async send<T>(
    operation: Operation,
    spec: RequestSpec,
    schema: z.ZodType<T>,
    options?: CallOptions,
  ): Promise<T>;
  private async send(
    operation: Operation,
    spec: RequestSpec,
    schema: null,
    options?: CallOptions,
  ): Promise<undefined>;
  private async send<T>(
    operation: Operation,
    spec: RequestSpec,
    schema: z.ZodType<T> | null,
    options: CallOptions = {},
  ): Promise<T | undefined> {
    const { target } = this.options;
    if (!versionAtLeast(target.apiVersion, operation.minVersion)) {
      throw new VersionError({
        code: 'version_too_old',
        requiredVersion: operation.minVersion,
        message: `${operation.name} needs API version ${operation.minVersion}; this profile uses ${target.apiVersion}.`,
      });
    }
    const key = await this.options.getKey();
    if (!key)
      throw new AuthenticationError({
        code: 'no_key',
        message: 'No API key is set for this profile.',
      });

    // The one redaction step: whatever leaves the client, answer or error, is copied with every
    // form of the key replaced, so no caller (IPC, status events, the audit log) can pass it on.
    const redactor = this.redactorFor(key);
    try {
      return redactor.value(await this.exchange(operation, spec, schema, options, key, redactor));
    } catch (error) {
      // The caller's own abort reason is the caller's object: handed back as it is.
      if (options.signal?.aborted && error === options.signal.reason) throw error;
      throw redactor.value(error);
    }
  }

  private async exchange<T>(
    operation: Operation,
    spec: RequestSpec,
    schema: z.ZodType<T> | null,
    options: CallOptions,
    key: string,
    redactor: Redactor,
  ): Promise<T | undefined> {
    const lane = options.lane ?? 'interactive';
    const path = typeof operation.path === 'function' ? operation.path() : operation.path;
    let url = buildUrl(this.options.target.baseUrl, path, spec.query);
    let method = operation.method;
    let body = spec;
    const idempotent = operation.method !== 'POST';
    let failures = 0;
    let rateLimited = 0;
    let hops = 0;
    for (;;) {
      const release = await this.options.budget.acquire(lane, options.signal);
      const started = this.options.clock.now();
      let response: Response;
      try {
        response = await this.attempt(method, url, key, body, options);
      } catch (error) {
        release();
        const failure = transportError(error, options.signal);
        this.log(redactor, {
          method,
          url,
          lane,
          status: null,
          ms: this.options.clock.now() - started,
          error: failure.message,
        });
        // A PUT whose answer was lost may have been applied: sending it again re-applies it over
        // whatever changed in between. Only failures that prove nothing arrived are retried
        // here; the outbox verifies the rest by reading back.
        const uncertain = failure instanceof ApiError && failure.uncertain;
        const retryable = idempotent && !(method === 'PUT' && uncertain);
        if (retryable && failures < this.options.maxRetries) {
          await sleep(this.options.clock, this.backoff((failures += 1)), options.signal);
          continue;
        }
        throw failure;
      }
      release();
      const requestId = response.headers.get('x-request-id') ?? undefined;
      this.log(redactor, {
        method,
        url,
        lane,
        status: response.status,
        ms: this.options.clock.now() - started,
        ...(requestId ? { requestId } : {}),
      });

      let hop;
      try {
        hop = nextHop(response.status, response.headers.get('location'), url, method, hops);
      } catch (error) {
        await response.body?.cancel().catch(() => undefined);
        throw error;
      }
      if (hop) {
        await response.body?.cancel();
        hops += 1;
        url = hop.url;
        method = hop.method;
        if (!hop.keepBody) body = {};
        continue;
      }

      if (response.status === 429) {
        const retryAfter = parseRetryAfter(
          response.headers.get('retry-after'),
          this.options.clock.now(),
        );
        await response.body?.cancel();
        this.options.budget.rateLimited(retryAfter);
        if ((rateLimited += 1) <= this.options.maxRateLimitRetries) continue;
        throw new RateLimitedError({
          status: 429,
          retryAfterSeconds: retryAfter,
          message: 'The API kept answering 429 Too Many Requests.',
          ...(requestId ? { requestId } : {}),
        });
      }
      if (response.status >= 500 && idempotent && failures < this.options.maxRetries) {
        await response.body?.cancel();
        await sleep(this.options.clock, this.backoff((failures += 1)), options.signal);
        continue;
      }
      if (!response.ok) throw await httpError(response, operation.name, redactor, requestId);
      if (schema === null || response.status === 204) {
        await response.body?.cancel();
        return undefined;
      }
      return parseAnswer(response, schema, redactor, requestId);
    }
  }

  private attempt(
    method: string,
    url: string,
    key: string,
    spec: RequestSpec,
    options: CallOptions,
  ): Promise<Response> {
    const headers: Record<string, string> = {
      'X-Api-Key': key,
      'X-Api-Version': this.options.target.apiVersion,
      Accept: 'application/json',
    };
    let body: string | FormData | undefined;
    if (spec.json !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(spec.json);
    } else if (spec.form) {
      body = new FormData();
      for (const [name, value] of Object.entries(spec.form.fields))
        if (value !== undefined) body.set(name, value);
      const { file } = spec.form;
      body.set(
        'file',
        new Blob([Buffer.from(file.bytes)], { type: file.type ?? 'application/octet-stream' }),
        file.name,
      );
    }
    const timeout = AbortSignal.timeout(options.timeoutMs ?? this.options.timeoutMs);
    const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
    // Never 'follow': fetch would take X-Api-Key along to whatever origin a redirect names.
    return this.options.fetch(url, {
      method,
      headers,
      signal,
      redirect: 'manual',
      ...(body === undefined ? {} : { body }),
    });
  }

  private backoff(failure: number): number {
    const ceiling = Math.min(
      this.options.backoffCapMs,
      this.options.backoffBaseMs * 2 ** (failure - 1),
    );
    return Math.round(ceiling / 2 + (this.options.random() * ceiling) / 2);
  }

  private redactorFor(key: string): Redactor {
    if (this.redaction?.key !== key) this.redaction = { key, redactor: createRedactor([key]) };
    return this.redaction.redactor;
  }

  private log(redactor: Redactor, entry: AttemptLog): void {
    this.options.onAttempt?.(redactor.value(entry));
  }
}

export { parseRetryAfter } from './responses.ts';
export type { UploadFile } from './operation.ts';
