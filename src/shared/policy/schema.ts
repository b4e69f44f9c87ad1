import { z } from 'zod';
import { coordinationUrlSchema } from '../coordination.ts';
import { recordsUrlSchema, SSL_MODES } from '../records.ts';
import { PAPER_SIZES } from '../documents.ts';
import { ABSOLUTE_FOLDER, CAMERA_RESOLUTIONS } from '../camera.ts';
import { PRINTER_DENSITIES, printerTargetSchema } from '../printing.ts';
import { baseUrlSchema, endpointOverridesSchema, ENVIRONMENTS } from '../profile.ts';

// The machine policy IT writes for every station (issue #31): what a station needs, set and
// optionally locked, in one file per machine. One zod schema is the source of truth; the JSON
// Schema IT's editors read is made from it (`npm run -s station -- policy schema`). Every object
// is strict: a key the station does not know is refused, because a typo IT never hears about
// ("lockd": true) is a setting silently not enforced. Keys are never in a policy: the profiles
// carry none, and the Redis password stays in each station's keychain.
//
// IT validates files with that JSON Schema in editors and pipelines, so every rule here is one
// the JSON Schema carries (issue #38): an enum, a range, a length, or a pattern (written for the
// `u` flag, as JSON Schema reads patterns), never a `refine` it cannot see. Where a value goes on
// to a station schema that trims it or parses it as a URL, the pattern describes exactly what
// that schema takes (spaces around the value allowed, as the trim allows them), and the value is
// then piped through the station's schema, which gives the station the same value as before.
// Each pattern's refusal keeps a specific sentence: the station schema's own, when it has one.
// One rule alone is beyond any JSON Schema: `profiles.active` must name a profile of the list.

const locked = z
  .boolean()
  .optional()
  .describe('true: the station shows this as set by IT and refuses to change it');

const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/u, 'is not a time of day as HH:MM (24 h)');

/** A short helper: the field's meaning, as the JSON Schema and the reference say it. */
const d = <T extends z.ZodType>(schema: T, meaning: string): T => schema.describe(meaning);

/** A pattern made of parts, with the `u` flag JSON Schema reads patterns with. */
const pattern = (...parts: string[]) => new RegExp(parts.join(''), 'u');

/** A value a trimming schema takes: `core`, with any spaces around it. */
const padded = (core: string) => pattern(String.raw`^\s*(?:`, core, String.raw`)\s*$`);

/** The sentence a station schema refuses `value` with, or `otherwise` (never zod's defaults). */
const refusal =
  (schema: z.ZodType, otherwise: string) =>
  (issue: { input?: unknown }): string => {
    const message = schema.safeParse(issue.input).error?.issues[0]?.message;
    return message && !/^(Invalid|Too (big|small))\b/.test(message) ? message : otherwise;
  };

/** Text with a character other than a space, at most `max` long; spaces around it are cut. */
const name = (max: number) => z.string().max(max).regex(/\S/u, 'must not be empty').trim();

// Host names as every URL parser takes them: letters, digits and single dashes, the last label
// starting with a letter (a last label of digits is read as an IPv4 address); or an IPv4
// address; ports 0–65535.
const LABEL = '[A-Za-z0-9]+(?:-[A-Za-z0-9]+)*';
const DOMAIN = String.raw`(?:${LABEL}\.)*[A-Za-z][A-Za-z0-9]*(?:-[A-Za-z0-9]+)*`;
const OCTET = String.raw`(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)`;
const IPV4 = String.raw`${OCTET}(?:\.${OCTET}){3}`;
const PORT = String.raw`(?::(?:6553[0-5]|655[0-2]\d|65[0-4]\d\d|6[0-4]\d{3}|[1-5]\d{4}|[1-9]\d{0,3}|0))?`;
const LOOPBACK = String.raw`localhost|127(?:\.${OCTET}){3}|\[::1\]`;

/** A base URL as the station takes it: https://, http:// on this computer; no user, ?query, #fragment. */
const BASE_URL = padded(
  String.raw`(?:https://(?:${DOMAIN}|${IPV4}|\[::1\])|http://(?:${LOOPBACK}))${PORT}(?:/[^\s?#]*)?`,
);
/** The updates folder: an http(s) address. */
const UPDATES_URL = padded(
  String.raw`https?://(?:[^\s/?#@\\]+@)?(?:${DOMAIN}|${IPV4}|\[::1\])${PORT}(?:[/?#]\S*)?`,
);
/**
 * An Ed25519 public key (issue #43): `npm run -s release -- keygen`'s release-public.pem, or the
 * one line of base64 inside it (its SPKI: a fixed 12-byte head, `MCowBQYDK2VwAyEA`, then 32
 * bytes), which fits a JSON string without escaped line breaks.
 */
const RELEASE_KEY_LINE = String.raw`MCowBQYDK2VwAyEA[A-Za-z0-9+/]{43}=`;
const RELEASE_KEY = new RegExp(
  String.raw`^\s*(?:${RELEASE_KEY_LINE}|-----BEGIN PUBLIC KEY-----\s*${RELEASE_KEY_LINE}\s*-----END PUBLIC KEY-----)\s*$`,
  'u',
);
/** A Sentinel of a list: host[:port], ports 1–65535 (issue #42). */
const SENTINEL = String.raw`(?:${DOMAIN}|${IPV4})(?::(?:6553[0-5]|655[0-2]\d|65[0-4]\d\d|6[0-4]\d{3}|[1-5]\d{4}|[1-9]\d{0,3}))?`;
/**
 * redis://[user@]host[:port][/db] or rediss://…: no password, query or fragment; or the
 * Sentinels and the master they watch, redis+sentinel://[user@]host[:port],…/master[/db].
 */
const REDIS_URL = padded(
  String.raw`rediss?://(?:[^\s/?#@:\\\[\]]+@)?(?:${DOMAIN}|${IPV4})${PORT}(?:/\d{0,2})?` +
    String.raw`|rediss?\+sentinel://(?:[^\s/?#@:\\\[\]]+@)?${SENTINEL}(?:,${SENTINEL})*/[A-Za-z0-9._-]{1,64}(?:/\d{1,2})?`,
);

/** postgres://[user@]host[:port][/database][?sslmode=…]: no password, no other option. */
const POSTGRES_URL = padded(
  String.raw`postgres(?:ql)?://(?:[^\s/?#@:%\\\[\]]+@)?(?:${DOMAIN}|${IPV4})${PORT}(?:/[A-Za-z0-9_$-]{0,63})?(?:\?sslmode=(?:${SSL_MODES.join('|')}))?`,
);

// Printer targets, the parts of printerTargetSchema's pattern: a document printer takes no tcp://.
const TCP = String.raw`tcp://[^\s/]+`;
const CUPS = String.raw`cups:[^\s/#]+`;
const WINDOWS = String.raw`windows:[^\s,!\p{Cc}][^,!\p{Cc}]*`;
const TARGET_SENTENCE = 'is not tcp://host[:port] or cups:QUEUE (or, on Windows, windows:PRINTER)';
const labelTarget = z
  .string()
  .min(1)
  .max(300)
  .regex(padded(`${TCP}|${CUPS}|${WINDOWS}`), {
    error: refusal(printerTargetSchema, TARGET_SENTENCE),
  })
  .pipe(printerTargetSchema);
const documentTarget = z
  .string()
  .min(1)
  .max(300)
  .regex(padded(`${CUPS}|${WINDOWS}`), {
    error: (issue) =>
      typeof issue.input === 'string' && /^\s*tcp:\/\//u.test(issue.input)
        ? 'is a label printer address: a document printer is cups:QUEUE or windows:PRINTER'
        : refusal(printerTargetSchema, TARGET_SENTENCE)(issue),
  })
  .pipe(printerTargetSchema);

// Endpoint paths as endpointOverridesSchema takes them: a / and letters, digits, / _ . - { },
// no ".." segment (a segment is empty, or starts with anything but a dot, or is "." or ".x…",
// or is "..x…").
const PATH_CHAR = '[A-Za-z0-9_.{}-]';
const NOT_DOT = '[A-Za-z0-9_{}-]';
const SEGMENT = String.raw`(?:${NOT_DOT}${PATH_CHAR}*|\.(?:${NOT_DOT}${PATH_CHAR}*)?|\.\.${PATH_CHAR}+)?`;
const apiPath = (field: 'productsListPath' | 'productGetPath' | 'labelsPath') => {
  const station = endpointOverridesSchema.shape[field];
  const path = z
    .string()
    .min(1)
    .max(200)
    .regex(padded(`(?:/${SEGMENT})+`), {
      error: refusal(station, 'must start with / and hold only letters, digits, / _ . - { }'),
    });
  return (field === 'productGetPath' ? path.regex(/\{sku\}/u, 'must contain {sku}') : path)
    .optional()
    .meta({ default: station.def.defaultValue });
};

// Piped through the station's own overrides, which trim the values and fill in the defaults.
const policyOverridesSchema = z
  .strictObject({
    productsListPath: apiPath('productsListPath'),
    productGetPath: apiPath('productGetPath'),
    labelsPath: apiPath('labelsPath'),
    labelsMethod: endpointOverridesSchema.shape.labelsMethod
      .unwrap()
      .optional()
      .meta({ default: endpointOverridesSchema.shape.labelsMethod.def.defaultValue }),
    batchExpiryParam: z
      .string()
      .regex(padded('[A-Za-z_][A-Za-z0-9_.-]{0,63}'), 'must be a plain query parameter name')
      .optional()
      .meta({ default: endpointOverridesSchema.shape.batchExpiryParam.def.defaultValue }),
  })
  .pipe(endpointOverridesSchema.partial().strict());

/** Environments whose profiles name their service (the sandbox's is built in). */
const NEED_BASE_URL: readonly string[] = ENVIRONMENTS.filter((e) => e !== 'sandbox');

export const policyProfileSchema = z
  .strictObject({
    name: d(name(80), "the profile's name, as Settings shows it"),
    environment: d(z.enum(ENVIRONMENTS), 'which service it talks to'),
    baseUrl: d(
      z
        .string()
        .max(500)
        .regex(BASE_URL, {
          error: refusal(
            baseUrlSchema,
            'is not an https:// address (http:// only on this computer) without ?query or #fragment',
          ),
        })
        .pipe(baseUrlSchema)
        .nullable()
        .optional(),
      'null or absent: the embedded sandbox; test and production need one (https://)',
    ),
    apiVersion: d(z.enum(['v1', 'v1.1']).optional(), 'the API version (v1.1 unless given)'),
    orderWindowDays: d(
      z.number().int().min(1).max(90).optional(),
      'days of orders (today included) a Bulk drop is matched against (14 unless given)',
    ),
    overrides: d(
      policyOverridesSchema.optional(),
      "endpoint paths that differ from the service's (see docs/environments.md)",
    ),
  })
  // The one rule across fields, in both forms: the checker's and the JSON Schema's if/then.
  .refine((p) => !NEED_BASE_URL.includes(p.environment) || typeof p.baseUrl === 'string', {
    message: 'test and production profiles need a baseUrl',
    path: ['baseUrl'],
  })
  .meta({
    if: { properties: { environment: { enum: NEED_BASE_URL } }, required: ['environment'] },
    then: { properties: { baseUrl: { type: 'string' } }, required: ['baseUrl'] },
  });

export const policySchema = z
  .strictObject({
    $schema: z.string().optional(),
    profiles: d(
      z
        .strictObject({
          list: d(
            z.array(policyProfileSchema).min(1).max(50),
            'the profiles every station has; never an API key: each station keeps its own',
          ),
          active: d(
            name(80).optional(),
            "the name of the profile stations use: one of the list's names",
          ),
          locked,
        })
        .refine((p) => p.active === undefined || p.list.some((q) => q.name === p.active), {
          message: 'names no profile of the list',
          path: ['active'],
        })
        .optional(),
      'API profiles',
    ),
    labelPrinter: d(
      z
        .strictObject({
          target: d(
            labelTarget.nullable(),
            'tcp://HOST[:PORT], cups:QUEUE or windows:PRINTER; null: no label printer',
          ),
          dpmm: d(
            z
              .literal(PRINTER_DENSITIES, {
                message: 'is 6, 8, 12 or 24 (dots per mm: 8 is 203 dpi, 12 is 300 dpi)',
              })
              .optional(),
            'dots per mm of the head: 6, 8 (203 dpi), 12 (300 dpi) or 24',
          ),
          autoPrint: d(
            z.boolean().optional(),
            'print a label as soon as the service confirms its upload',
          ),
          locked,
        })
        .optional(),
      'the label printer',
    ),
    documentPrinter: d(
      z
        .strictObject({
          target: d(
            documentTarget.nullable(),
            'cups:QUEUE (a queue with a driver) or windows:PRINTER; null: none',
          ),
          paper: d(z.enum(PAPER_SIZES).optional(), 'the paper slips and invoices print on'),
          locked,
        })
        .optional(),
      'the document printer (packing slips and invoices)',
    ),
    coordination: d(
      z
        .strictObject({
          url: d(
            z
              .string()
              .min(1)
              .max(500)
              .regex(REDIS_URL, {
                error: refusal(
                  coordinationUrlSchema,
                  'is not redis://[USER@]HOST[:PORT][/DB], rediss://… or redis+sentinel://HOST[:PORT],…/MASTER',
                ),
              })
              .pipe(coordinationUrlSchema)
              .nullable(),
            "redis://, rediss:// or redis+sentinel://HOST:PORT,…/MASTER address of the warehouse's Redis; null: each station alone",
          ),
          ca: d(
            z.string().max(100_000).nullable().optional(),
            "PEM of a private CA for rediss://; the password stays in each station's keychain",
          ),
          locked,
        })
        .optional(),
      'stations sharing one key through Redis',
    ),
    records: d(
      z
        .strictObject({
          url: d(
            z
              .string()
              .min(1)
              .max(500)
              .regex(POSTGRES_URL, {
                error: refusal(
                  recordsUrlSchema,
                  'is not postgres://[USER@]HOST[:PORT][/DATABASE][?sslmode=MODE]',
                ),
              })
              .pipe(recordsUrlSchema)
              .nullable(),
            "postgres:// address of the warehouse's PostgreSQL; null: the records stay on each station",
          ),
          ca: d(
            z.string().max(100_000).nullable().optional(),
            "PEM of a private CA for PostgreSQL's TLS; the password stays in each station's keychain",
          ),
          locked,
        })
        .optional(),
      "where the fleet's pack records go (PostgreSQL, issue #40)",
    ),
    camera: d(
      z
        .strictObject({
          enabled: d(z.boolean().optional(), 'record every pack with the camera over the bench'),
          resolution: d(
            z.enum(CAMERA_RESOLUTIONS, { message: 'is 720p or 1080p' }).optional(),
            '720p or 1080p',
          ),
          fps: d(z.number().int().min(5).max(30).optional(), 'frames per second (5–30)'),
          audio: d(z.boolean().optional(), "record the camera's sound too"),
          tailSeconds: d(
            z.number().int().min(0).max(30).optional(),
            'seconds recorded after the finish (0–30)',
          ),
          keepDays: d(
            z.number().int().min(1).max(3650).nullable().optional(),
            'days a clip is kept; null: kept by age forever',
          ),
          maxGigabytes: d(
            z.number().min(1).max(100_000).nullable().optional(),
            'GB the clips may take, the oldest going first; null: no cap',
          ),
          folder: d(
            z
              .string()
              .max(1000)
              .regex(padded(ABSOLUTE_FOLDER.source.replace(/^\^/u, '') + '.*'), {
                message: 'is not a whole path (/…, C:\\… or \\\\server\\share)',
              })
              .pipe(z.string().trim())
              .nullable()
              .optional(),
            'where clips go (a network share, say); null: the data folder',
          ),
          required: d(z.boolean().optional(), 'a pack cannot finish without a clip being recorded'),
          locked,
        })
        .optional(),
      'the pack camera (proof of pack, issue #41)',
    ),
    language: d(
      z
        .strictObject({
          value: d(
            z.enum(['en', 'pt-BR', 'es'], { message: 'is en, pt-BR or es' }),
            "the window's language",
          ),
          locked,
        })
        .optional(),
      'language',
    ),
    sound: d(
      z.strictObject({ muted: d(z.boolean(), 'no success and failure tones'), locked }).optional(),
      'feedback sounds',
    ),
    expiryWarningDays: d(
      z
        .strictObject({
          value: d(z.number().int().min(0).max(3650), 'days before expiry a lot turns amber'),
          locked,
        })
        .optional(),
      'the expiry warning',
    ),
    packing: d(
      z
        .strictObject({
          autoFinish: d(z.boolean().optional(), 'finish when the last unit is counted'),
          markPacked: d(z.boolean().optional(), 'set the order packed through the outbox'),
          printLabel: d(z.boolean().optional(), "print the order's label when a pack finishes"),
          printSlip: d(z.boolean().optional(), 'print the packing slip when a pack finishes'),
          printInvoice: d(
            z.boolean().optional(),
            'print the delivered invoice when a pack finishes',
          ),
          ackCode: d(
            name(64).nullable().optional(),
            'a barcode that acknowledges a locked screen, as Enter does',
          ),
          locked,
        })
        .optional(),
      'how a verified pack finishes',
    ),
    updates: d(
      z
        .strictObject({
          enabled: d(z.boolean(), 'false: this station never updates by itself'),
          url: d(
            z
              .string()
              .regex(UPDATES_URL, 'is not an http:// or https:// address')
              .pipe(z.url({ protocol: /^https?$/u }))
              .optional(),
            'the folder with latest.yml and the installers (a private mirror)',
          ),
          channel: d(
            z
              .string()
              .regex(/^[a-z0-9-]{1,32}$/u, {
                message: 'is 1 to 32 lowercase letters, digits or dashes (e.g. beta)',
              })
              .optional(),
            'latest unless given (e.g. beta)',
          ),
          hours: d(
            z.strictObject({ from: hhmm, to: hhmm }).optional(),
            'when an update may install (station time, HH:MM); absent: at the next quit only',
          ),
          publicKeys: d(
            z
              .array(
                z.string().regex(RELEASE_KEY, {
                  message: 'is not an Ed25519 public key (release-public.pem, or its base64 line)',
                }),
              )
              .max(2, { message: 'names at most two keys (the current one and the next)' })
              .optional(),
            'release keys: latest*.yml must be signed by one of them before anything downloads',
          ),
          locked,
        })
        .optional(),
      'updates',
    ),
  })
  .describe('Packbench machine policy (issue #31)');

export type Policy = z.output<typeof policySchema>;
/** The parts of a policy a station can lock. */
export type PolicySection = Exclude<keyof Policy, '$schema'>;
export const POLICY_SECTIONS = Object.keys(policySchema.shape).filter(
  (key): key is PolicySection => key !== '$schema',
);
