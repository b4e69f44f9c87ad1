import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { echoOfKey } from './key-forms.ts';

/**
 * What the hostile API does with every request it gets:
 * - `error:<status>` answers that status with a well-formed error body full of the key;
 * - `text-error:<status>` the same as plain text (not the API's error shape);
 * - `wrong-shape` a 200 that is JSON but not what the operation promises;
 * - `not-json` a 200 that is not JSON at all;
 * - `extra-fields` a 200 that satisfies every response schema, plus unknown fields (and
 *   property names) holding the key and the request headers it received;
 * - `redirect:<status>:<base>` redirects to the same path under another origin;
 * - `same-origin:<n>` redirects n times within itself, then answers like `extra-fields`;
 * - `garbage` writes a broken HTTP answer that mentions the key; `reset` drops the socket.
 */
export type HostileMode =
  | `error:${number}`
  | `text-error:${number}`
  | 'wrong-shape'
  | 'not-json'
  | 'extra-fields'
  | `redirect:${number}:${string}`
  | `same-origin:${number}`
  | 'garbage'
  | 'reset';

export interface SeenRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface HostileApi {
  url: string;
  mode: HostileMode;
  readonly seen: SeenRequest[];
  close(): Promise<void>;
}

/** An answer that passes every response schema of the client, whichever operation asked. */
export function universalBody(extra: Record<string, unknown>): Record<string, unknown> {
  const item = {
    sku: 'SKU-1',
    name: 'Hostile',
    id: 'ID-1',
    status: 'new',
    warehouse: 'SP01',
    available: 1,
    quantity: 1,
    items: [],
    events: [],
    at: '2025-01-01T00:00:00Z',
    sha256: 'a'.repeat(64),
  };
  return { ...item, data: [{ ...item, ...extra }], ...extra };
}

export async function startHostileApi(key: string, mode: HostileMode): Promise<HostileApi> {
  const seen: SeenRequest[] = [];
  const echo = echoOfKey(key);
  const state = { mode };
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('latin1');
      seen.push({
        method: request.method ?? '',
        url: request.url ?? '',
        headers: request.headers,
        body,
      });
      const received = request.headers['x-api-key'];
      const echoed = {
        echo,
        received,
        headers: request.headers,
        [String(received ?? key)]: 'the key as a property name',
      };
      const json = (status: number, value: unknown, headers: Record<string, string> = {}) => {
        response.writeHead(status, {
          'content-type': 'application/json',
          'x-request-id': `req-${String(received)}`,
          'x-echo': echo,
          ...headers,
        });
        response.end(JSON.stringify(value));
      };
      const [kind, arg, rest] = splitMode(state.mode);
      switch (kind) {
        case 'error': {
          const status = Number(arg);
          json(
            status,
            {
              error: {
                code: `echo ${echo}`,
                message: `Rejected ${echo}`,
                details: [{ path: 'x-api-key', message: echo }, echoed],
              },
              ...echoed,
            },
            status === 429 ? { 'retry-after': '0' } : {},
          );
          return;
        }
        case 'text-error':
          response.writeHead(Number(arg), { 'content-type': 'text/html' });
          response.end(`<html><body>Bad key ${echo}</body></html>`);
          return;
        case 'wrong-shape':
          json(200, { unexpected: echo, ...echoed });
          return;
        case 'not-json':
          response.writeHead(200, { 'content-type': 'text/html' });
          response.end(`<html>proxy login for ${echo}</html>`);
          return;
        case 'extra-fields':
          json(200, universalBody(echoed));
          return;
        case 'redirect':
          response.writeHead(Number(arg), { location: `${rest}${request.url ?? '/'}` });
          response.end(echo);
          return;
        case 'same-origin': {
          const hop = Number(new URL(request.url ?? '/', 'http://x').searchParams.get('hop') ?? 0);
          if (hop < Number(arg)) {
            const next = new URL(request.url ?? '/', 'http://x');
            next.searchParams.set('hop', String(hop + 1));
            response.writeHead(307, { location: `${next.pathname}${next.search}` });
            response.end();
            return;
          }
          json(200, universalBody(echoed));
          return;
        }
        case 'garbage':
          response.socket?.end(`HTTP/1.1 200 OK\r\nX-Key: ${echo}\x01\r\n\r\n${echo}`);
          return;
        case 'reset':
          response.socket?.destroy();
          return;
        default:
          json(500, { error: { code: 'bad_mode', message: state.mode } });
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    get mode() {
      return state.mode;
    },
    set mode(next: HostileMode) {
      state.mode = next;
    },
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** `redirect:307:http://127.0.0.1:9` → ['redirect', '307', 'http://127.0.0.1:9']. */
function splitMode(mode: string): [string, string, string] {
  const first = mode.indexOf(':');
  if (first < 0) return [mode, '', ''];
  const after = mode.slice(first + 1);
  const second = after.indexOf(':');
  return second < 0
    ? [mode.slice(0, first), after, '']
    : [mode.slice(0, first), after.slice(0, second), after.slice(second + 1)];
}
