import { RedirectError } from './errors.ts';

/** Same-origin redirects followed for one call; more is a loop or a misconfigured service. */
export const MAX_REDIRECTS = 3;

const FOLLOWED = new Set([301, 302, 303, 307, 308]);

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface Hop {
  url: string;
  method: Method;
  /** False after a 303: the new location is read with GET and no body. */
  keepBody: boolean;
}

/**
 * Decides what a redirect answer leads to. Redirects are followed by hand (fetch runs with
 * `redirect: 'manual'`) because fetch would carry X-Api-Key to any origin it is sent to; here
 * only the origin the profile names ever sees the key.
 *
 * Returns null when the answer is not a redirect to follow. 301, 302, 307 and 308 repeat the same
 * method and body (a moved endpoint must still receive the submission; browsers turning a
 * redirected POST into a GET would lose it silently); 303 reads the new location with GET.
 */
export function nextHop(
  status: number,
  location: string | null,
  from: string,
  method: Method,
  hopsSoFar: number,
): Hop | null {
  if (!FOLLOWED.has(status)) return null;
  let target: URL;
  try {
    if (!location) throw new Error('no Location header');
    target = new URL(location, from);
  } catch {
    throw new RedirectError({
      code: 'invalid_location',
      status,
      message: `The API answered ${status} without a Location that can be followed.`,
    });
  }
  const origin = new URL(from).origin;
  if (target.origin !== origin || target.username || target.password) {
    throw new RedirectError({
      code: 'cross_origin',
      status,
      message: `The API redirected from ${origin} to another origin (${target.origin}); Packbench does not follow, so the API key is not sent there. Check the profile's base URL.`,
    });
  }
  if (hopsSoFar >= MAX_REDIRECTS) {
    throw new RedirectError({
      code: 'too_many_redirects',
      status,
      message: `The API redirected more than ${MAX_REDIRECTS} times in a row.`,
    });
  }
  const seeOther = status === 303 && method !== 'GET';
  return { url: target.toString(), method: seeOther ? 'GET' : method, keepBody: !seeOther };
}
