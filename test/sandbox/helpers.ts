import { startSandbox, type RunningSandbox, type SandboxOptions } from '../../src/sandbox/index.ts';

export const ACME = 'sbx-demo-acme';
export const BOLT = 'sbx-demo-bolt';

type Body = NonNullable<RequestInit['body']>;

export interface CallOptions {
  key?: string | null;
  version?: string | null;
  json?: unknown;
  body?: Body;
  form?: Record<string, string | { data: Uint8Array | string; name: string; type?: string }>;
  headers?: Record<string, string>;
}

export interface CallResult {
  status: number;
  headers: Headers;
  body: unknown;
  text: string;
}

/** One HTTP call to a running sandbox, with the demo key and v1.1 unless told otherwise. */
export async function call(
  sandbox: RunningSandbox,
  method: string,
  path: string,
  options: CallOptions = {},
): Promise<CallResult> {
  const headers: Record<string, string> = { ...options.headers };
  const key = options.key === undefined ? ACME : options.key;
  const version = options.version === undefined ? 'v1.1' : options.version;
  if (key !== null) headers['X-Api-Key'] = key;
  if (version !== null) headers['X-Api-Version'] = version;
  let body: Body | undefined = options.body;
  if (options.json !== undefined) {
    headers['Content-Type'] ??= 'application/json';
    body = JSON.stringify(options.json);
  }
  if (options.form) {
    const form = new FormData();
    for (const [name, value] of Object.entries(options.form)) {
      if (typeof value === 'string') form.set(name, value);
      else
        form.set(
          name,
          new Blob(
            [typeof value.data === 'string' ? value.data : Buffer.from(value.data)],
            value.type ? { type: value.type } : {},
          ),
          value.name,
        );
    }
    body = form;
  }
  const response = await fetch(`${sandbox.url}${path}`, {
    method,
    headers,
    ...(body === undefined ? {} : { body }),
  });
  const text = await response.text();
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    parsed = null;
  }
  return { status: response.status, headers: response.headers, body: parsed, text };
}

export const errorOf = (result: CallResult) =>
  (result.body as { error: { code: string; message: string; details?: unknown[] } }).error;

export async function withSandbox(options: SandboxOptions = {}): Promise<RunningSandbox> {
  return startSandbox({ port: 0, ...options });
}

export const PDF = '%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n';
export const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
export const ZPL_TWO_LABELS =
  '^XA^FO50,50^A0N,40,40^FDPedido PB-10001^FS^XZ\n^XA^FO50,50^BCN,100^FD123456^FS^XZ\n';
