import { API_VERSIONS, type ApiVersion } from '../../shared/api/types.ts';
import type { Method } from './redirects.ts';

// What the client sends: an operation of the API (its method, path and the version it needs) and
// the parts of one request (query, JSON body or a form with a file).

export interface UploadFile {
  name: string;
  bytes: Uint8Array;
  type?: string;
}

/** One operation of the API. */
export interface Operation {
  name: string;
  method: Method;
  /** A function when the path holds a caller's value: it is checked inside the call. */
  path: string | (() => string);
  minVersion: ApiVersion;
}

/** The parts of one request. */
export interface RequestSpec {
  query?: Record<string, string | number | undefined>;
  json?: unknown;
  form?: { fields: Record<string, string | undefined>; file: UploadFile };
}

// A version this build does not know is left for the server to judge.
export const versionAtLeast = (have: ApiVersion, need: ApiVersion) =>
  !API_VERSIONS.includes(have) || API_VERSIONS.indexOf(have) >= API_VERSIONS.indexOf(need);

export function op(
  name: string,
  method: Operation['method'],
  path: Operation['path'],
  minVersion: ApiVersion = 'v1',
): Operation {
  return { name, method, path, minVersion };
}

/** The operation's URL on the profile's base URL, with the query's non-empty values. */
export function buildUrl(baseUrl: string, path: string, query: RequestSpec['query']): string {
  const url = new URL(baseUrl.replace(/\/+$/, '') + path);
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== '') url.searchParams.set(name, String(value));
  }
  return url.toString();
}
