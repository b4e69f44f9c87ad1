import type { MessageKey } from './i18n/message-key.ts';

// A warehouse's Redis run under Sentinel (issue #42): the stations are given the Sentinels and
// the name of the master they watch, never the master itself, so they follow whichever replica
// the Sentinels promote. One address, like the plain one, so the settings file, the policy and
// the form keep a single field:
//
//   redis+sentinel://[user@]host[:port][,host[:port]…]/master[/db]
//   rediss+sentinel://…   TLS to the Sentinels and to the Redis they name
//
// WHATWG's URL parser does not take a list of hosts, so this is parsed here, by hand, and each
// way it can be wrong has its own sentence.

/** Sentinel's own default port. */
export const SENTINEL_DEFAULT_PORT = 26379;

export interface SentinelAddress {
  tls: boolean;
  /** The Redis ACL user (the password has its own field, kept in the OS keychain). */
  username: string | null;
  sentinels: { host: string; port: number }[];
  /** The master's name in the Sentinels' configuration (`sentinel monitor NAME …`). */
  name: string;
  db: number;
}

export type SentinelProblem = { messageKey: MessageKey; message: string };

const SCHEME = /^(rediss?)\+sentinel:\/\/(.*)$/;
// Host names as every URL parser takes them (the last label starts with a letter: one of digits
// is read as an IPv4 address), or an IPv4 address: the policy's JSON Schema says the same.
const LABEL = '[A-Za-z0-9]+(?:-[A-Za-z0-9]+)*';
const OCTET = '(?:25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)';
const HOST = new RegExp(
  `^(?:(?:${LABEL}\\.)*[A-Za-z][A-Za-z0-9]*(?:-[A-Za-z0-9]+)*|${OCTET}(?:\\.${OCTET}){3})$`,
);
/** Names `sentinel monitor` takes in practice: no spaces, nothing a URL would split on. */
const NAME = /^[A-Za-z0-9._-]{1,64}$/;

/** A user name as written, when its %-escapes do not decode (Redis then refuses it, saying so). */
function decoded(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** True for an address meant for Sentinel (redis+sentinel:// or rediss+sentinel://). */
export const isSentinelAddress = (value: string): boolean => SCHEME.test(value.trim());

/** The Sentinels and master of an address, or the first thing wrong with it. */
export function parseSentinelAddress(
  value: string,
): { ok: true; address: SentinelAddress } | { ok: false; problem: SentinelProblem } {
  const fail = (messageKey: MessageKey, message: string) =>
    ({ ok: false, problem: { messageKey, message } }) as const;
  const scheme = SCHEME.exec(value.trim());
  if (!scheme) return fail('coordination.errors.url', 'is not a redis+sentinel:// address');
  const rest = scheme[2] ?? '';
  if (/[?#]/.test(rest)) return fail('coordination.errors.url', 'has ?query or #fragment');
  const slash = rest.indexOf('/');
  const authority = slash < 0 ? rest : rest.slice(0, slash);
  const path = slash < 0 ? '' : rest.slice(slash + 1);
  const at = authority.lastIndexOf('@');
  const user = at < 0 ? null : authority.slice(0, at);
  if (user !== null && user.includes(':'))
    return fail(
      'coordination.errors.passwordInUrl',
      'contains a password (it belongs in the password field, kept in the OS keychain)',
    );
  if (user !== null && !/^[^\s/?#@:\\[\]]+$/.test(user))
    return fail('coordination.errors.url', 'has a user name Redis cannot take');
  const sentinels: SentinelAddress['sentinels'] = [];
  for (const part of (at < 0 ? authority : authority.slice(at + 1)).split(',')) {
    const hostPort = /^([^:]*)(?::(.*))?$/.exec(part);
    const host = hostPort?.[1] ?? '';
    if (!host || !HOST.test(host))
      return fail('coordination.errors.sentinelHost', 'lists a Sentinel without a valid host');
    const portText = hostPort?.[2];
    const port = portText === undefined ? SENTINEL_DEFAULT_PORT : Number(portText);
    if (!/^[1-9]\d{0,4}$/.test(portText ?? '1') || port > 65_535)
      return fail('coordination.errors.sentinelPort', 'gives a Sentinel a port outside 1–65535');
    sentinels.push({ host, port });
  }
  const [name, db, ...more] = path.split('/');
  if (!name || !NAME.test(name))
    return fail('coordination.errors.sentinelName', 'does not name the master after the Sentinels');
  if (more.length > 0 || (db !== undefined && !/^\d{1,2}$/.test(db)))
    return fail(
      'coordination.errors.sentinelDatabase',
      'has something after the master name other than a database number',
    );
  return {
    ok: true,
    address: {
      tls: scheme[1]?.toLowerCase() === 'rediss',
      username: user ? decoded(user) : null,
      sentinels,
      name,
      db: db ? Number(db) : 0,
    },
  };
}
