import type { Socket } from 'node:net';
import multipart from '@fastify/multipart';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { API_VERSIONS, type ApiVersion } from '../shared/api/types.ts';
import { companyByKey, type DemoCompany } from './companies.ts';
import { allowedMethods, describeErrors, OPERATIONS, type OperationSpec } from './contract.ts';
import { badRequest, SandboxHttpError, type ErrorDetail } from './errors.ts';
import { formerPathMessage, RENAMED_QUERY_PARAMETERS } from './legacy.ts';
import type { Receipt, ReceiptKind, SandboxState } from './model.ts';
import { SlidingWindowLimiter } from './rate-limiter.ts';
import { HANDLERS } from './routes/index.ts';

export interface SandboxConfig {
  rateLimit: number;
  windowMs: number;
  latencyMs: number;
  failRate: number;
  maxFileBytes: number;
  bodyLimitBytes: number;
  now: () => number;
  random: () => number;
}

export interface SandboxStore {
  state: SandboxState;
  changed: () => void;
  /** The per-company limiter, when the caller wants to read its totals. */
  limiter?: SlidingWindowLimiter;
}

declare module 'fastify' {
  interface FastifyRequest {
    company: DemoCompany | null;
    dropResponse: boolean;
    /** When the rate limiter let the request in: receipts carry it, so they line up with the window. */
    acceptedAt: number;
  }
}

const KEY_PARAMETERS = new Set(['api_key', 'apikey', 'key', 'token', 'x-api-key', 'access_token']);
const SANDBOX_PREFIX = '/_sandbox/';
const RATE_MESSAGE = 'Requests limited. Retry after seconds in Headers.';

export function buildSandboxServer(config: SandboxConfig, store: SandboxStore): FastifyInstance {
  const limiter =
    store.limiter ??
    new SlidingWindowLimiter({
      limit: config.rateLimit,
      windowMs: config.windowMs,
      now: config.now,
    });
  const app = Fastify({
    logger: false,
    bodyLimit: config.bodyLimitBytes,
    forceCloseConnections: true,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    clientErrorHandler: answerClientError,
    // Router errors (bad percent-encoding, over-long ids) arrive here, before any hook.
    frameworkErrors: (error, _request, reply) => {
      const mapped = toHttpError(error);
      void reply.headers(mapped.headers);
      void send(reply, mapped.status, mapped.body());
    },
  });
  app.decorateRequest('company', null);
  app.decorateRequest('dropResponse', false);
  app.decorateRequest('acceptedAt', 0);
  app.removeContentTypeParser('text/plain');
  void app.register(multipart, { throwFileSizeLimit: true });

  app.addHook('onRequest', async (request, reply) => {
    if (config.latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, config.latencyMs));
    const url = parseUrl(request.url);
    const former = formerPathMessage(url.pathname);
    if (former) throw new SandboxHttpError(410, 'gone', former);
    request.company = authenticate(request, url);
    if (url.pathname.startsWith(SANDBOX_PREFIX)) return;
    const decision = limiter.take(request.company.id);
    request.acceptedAt = decision.at;
    if (!decision.allowed) {
      throw new SandboxHttpError(429, 'rate_limited', RATE_MESSAGE, {
        headers: { 'retry-after': String(decision.retryAfterSeconds) },
      });
    }
    if (config.failRate > 0 && config.random() < config.failRate) {
      if (config.random() < 0.5) {
        throw new SandboxHttpError(
          503,
          'service_unavailable',
          'The sandbox simulated an outage (--fail-rate).',
        );
      }
      // A dropped connection, half the time after the work was done: the client cannot know.
      if (config.random() < 0.5) {
        reply.hijack();
        request.raw.socket.destroy();
        return;
      }
      request.dropResponse = true;
    }
  });

  app.addHook('onSend', async (request, _reply, payload) => {
    if (request.dropResponse) request.raw.socket.destroy();
    return payload;
  });

  for (const op of OPERATIONS) {
    const handler = HANDLERS[op.operationId];
    if (!handler)
      throw new Error(`openapi.yaml has ${op.operationId}, but the sandbox has no handler for it`);
    app.route({
      method: op.method,
      url: op.routePath,
      handler: async (request, reply) => {
        const company = request.company;
        if (!company) throw new Error('onRequest did not authenticate');
        const version = checkVersion(request, op);
        const { query, params } = checkParameters(request, op);
        const body = checkJsonBody(request, op);
        const data = store.state.companies[company.id];
        if (!data) throw new Error(`no state for company ${company.id}`);
        const result = await handler({
          company,
          data,
          version,
          query,
          params,
          body,
          request,
          now: () => new Date(config.now()),
          maxFileBytes: config.maxFileBytes,
          commit: (kind: ReceiptKind, ref: string, sha256: string) => {
            const receipt: Receipt = {
              company: company.id,
              kind,
              ref,
              sha256,
              at: new Date(request.acceptedAt || config.now()).toISOString(),
            };
            store.state.receipts.push(receipt);
            store.changed();
          },
        });
        return send(reply, result.status, result.body);
      },
    });
  }

  app.get(`${SANDBOX_PREFIX}receipts`, async (request) => ({
    data: store.state.receipts.filter((r) => r.company === request.company?.id),
  }));

  app.setNotFoundHandler(async (request) => {
    const { pathname } = parseUrl(request.url);
    if (/^\/tickets(\/|$)/i.test(pathname)) {
      throw new SandboxHttpError(
        404,
        'route_not_found',
        'The tickets endpoint was removed in 11/2025 and is not part of the API.',
      );
    }
    const allowed = allowedMethods(pathname);
    if (allowed.length > 0) {
      throw new SandboxHttpError(
        405,
        'method_not_allowed',
        `${request.method} is not allowed on ${pathname}; use ${allowed.join(', ')}.`,
        {
          headers: { allow: allowed.join(', ') },
        },
      );
    }
    throw new SandboxHttpError(
      404,
      'route_not_found',
      `There is no endpoint at ${truncate(pathname)}.`,
    );
  });

  app.setErrorHandler(async (error, _request, reply) => {
    const mapped = toHttpError(error);
    void reply.headers(mapped.headers);
    return send(reply, mapped.status, mapped.body());
  });

  return app;
}

function send(reply: FastifyReply, status: number, body: unknown): FastifyReply {
  void reply.code(status);
  return status === 204 || body === undefined ? reply.send() : reply.send(body);
}

function parseUrl(raw: string): URL {
  try {
    return new URL(raw, 'http://sandbox.invalid');
  } catch {
    throw new SandboxHttpError(400, 'bad_request', 'The request URL cannot be parsed.');
  }
}

const truncate = (text: string, max = 120) => (text.length > max ? `${text.slice(0, max)}…` : text);

function authenticate(request: FastifyRequest, url: URL): DemoCompany {
  for (const name of url.searchParams.keys()) {
    if (KEY_PARAMETERS.has(name.toLowerCase())) {
      throw new SandboxHttpError(
        401,
        'api_key_in_query',
        `The API key is not accepted in the query string (parameter "${truncate(name, 40)}") since 09/2022; send it in the X-Api-Key header.`,
      );
    }
  }
  const header = request.headers['x-api-key'];
  if (header === undefined || header === '') {
    throw new SandboxHttpError(
      401,
      'missing_api_key',
      'Send your API key in the X-Api-Key header.',
    );
  }
  const company = typeof header === 'string' ? companyByKey(header.trim()) : undefined;
  if (!company)
    throw new SandboxHttpError(401, 'invalid_api_key', 'The API key in X-Api-Key is not valid.');
  return company;
}

function checkVersion(request: FastifyRequest, op: OperationSpec): ApiVersion {
  const header = request.headers['x-api-version'];
  const supported = API_VERSIONS.join(', ');
  if (header === undefined || header === '') {
    throw new SandboxHttpError(
      400,
      'missing_version',
      `Send the X-Api-Version header; supported versions: ${supported}.`,
    );
  }
  const version = typeof header === 'string' ? header.trim() : '';
  if (!(API_VERSIONS as readonly string[]).includes(version)) {
    throw new SandboxHttpError(
      400,
      'unsupported_version',
      `X-Api-Version "${truncate(String(header), 20)}" is not supported; supported versions: ${supported}.`,
    );
  }
  if (API_VERSIONS.indexOf(version as ApiVersion) < API_VERSIONS.indexOf(op.minVersion)) {
    throw new SandboxHttpError(
      400,
      'version_too_old',
      `${op.method} ${op.path} needs X-Api-Version ${op.minVersion} or later; this request used ${version}.`,
    );
  }
  return version as ApiVersion;
}

function checkParameters(request: FastifyRequest, op: OperationSpec) {
  const rawQuery = (request.query ?? {}) as Record<string, unknown>;
  const rawParams = (request.params ?? {}) as Record<string, string>;
  const details: ErrorDetail[] = [];
  for (const [former, current] of Object.entries(RENAMED_QUERY_PARAMETERS[op.operationId] ?? {})) {
    if (former in rawQuery)
      details.push({ path: former, message: `was renamed to "${current}" in 09/2022` });
  }
  const query: Record<string, unknown> = {};
  const params: Record<string, string> = {};
  for (const spec of op.parameters) {
    const value = spec.in === 'query' ? rawQuery[spec.name] : rawParams[spec.name];
    if (value === undefined || value === '') {
      if (spec.required) details.push({ path: spec.name, message: 'is required' });
      continue;
    }
    const holder = { value };
    if (!spec.validate(holder)) {
      details.push(
        ...describeErrors(spec.validate.errors).map((d) => ({
          ...d,
          path: d.path.replace(/^value/, spec.name),
        })),
      );
      continue;
    }
    if (spec.in === 'query') query[spec.name] = holder.value;
    else params[spec.name] = String(holder.value);
  }
  if (details.length > 0) {
    throw badRequest(
      `Invalid parameters: ${details.map((d) => `${d.path} ${d.message}`).join('; ')}.`,
      details,
    );
  }
  return { query, params };
}

function checkJsonBody(request: FastifyRequest, op: OperationSpec): unknown {
  if (!op.jsonBody) return undefined;
  const type = String(request.headers['content-type'] ?? '').toLowerCase();
  if (!type.startsWith('application/json')) {
    throw new SandboxHttpError(
      415,
      'unsupported_media_type',
      `${op.method} ${op.path} takes a JSON body (Content-Type: application/json); got ${type || 'no Content-Type'}.`,
    );
  }
  if (request.body === undefined || request.body === null) {
    throw new SandboxHttpError(400, 'invalid_json', `${op.method} ${op.path} needs a JSON body.`);
  }
  if (!op.jsonBody(request.body)) {
    const details = describeErrors(op.jsonBody.errors);
    throw badRequest(
      `The body is not valid: ${details.map((d) => `${d.path} ${d.message}`).join('; ')}.`,
      details,
    );
  }
  return request.body;
}

function toHttpError(error: unknown): SandboxHttpError {
  if (error instanceof SandboxHttpError) return error;
  const e = error as { code?: string; statusCode?: number; message?: string };
  const message = e.message ?? String(error);
  switch (e.code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new SandboxHttpError(
        415,
        'unsupported_media_type',
        'This Content-Type is not accepted; send application/json or multipart/form-data.',
      );
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new SandboxHttpError(
        413,
        'payload_too_large',
        'The request body is larger than the sandbox accepts.',
      );
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return new SandboxHttpError(400, 'invalid_json', 'The JSON body is empty.');
    default:
      break;
  }
  if (error instanceof SyntaxError || e.code === 'FST_ERR_CTP_INVALID_JSON_BODY') {
    return new SandboxHttpError(400, 'invalid_json', `The body is not valid JSON: ${message}`);
  }
  if (typeof e.statusCode === 'number' && e.statusCode >= 400 && e.statusCode < 500) {
    return new SandboxHttpError(
      e.statusCode,
      e.statusCode === 413 ? 'payload_too_large' : 'bad_request',
      message,
    );
  }
  console.error('sandbox: unexpected error', error);
  return new SandboxHttpError(
    500,
    'internal_error',
    'The sandbox failed unexpectedly; this is a bug in Packbench.',
  );
}

function answerClientError(error: Error & { code?: string }, socket: Socket): void {
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  const tooLarge = error.code === 'HPE_HEADER_OVERFLOW';
  const status = tooLarge ? 431 : 400;
  const body = JSON.stringify({
    error: tooLarge
      ? { code: 'header_too_large', message: 'The request headers are too large.' }
      : { code: 'bad_request', message: 'The request is not valid HTTP.' },
  });
  socket.end(
    `HTTP/1.1 ${status} ${tooLarge ? 'Request Header Fields Too Large' : 'Bad Request'}\r\n` +
      `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}
