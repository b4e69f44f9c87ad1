import type { MessageKey } from './i18n/message-key.ts';
import { z } from 'zod';

// A profile is shared knowledge: main stores it, the renderer edits it, both validate with this.

export const ENVIRONMENTS = ['sandbox', 'test', 'production'] as const;
export type Environment = (typeof ENVIRONMENTS)[number];

const apiPath = (template?: string) =>
  z
    .string()
    .trim()
    .min(1)
    .max(200)
    .regex(/^\/[A-Za-z0-9/_.{}-]*$/, 'must start with / and hold only letters, digits, / _ . - { }')
    .refine((p) => !p.split('/').includes('..'), 'must not contain ..')
    .refine((p) => !template || p.includes(`{${template}}`), `must contain {${template}}`);

/** Paths and names the specification does not give; each profile may override them. */
export const endpointOverridesSchema = z.object({
  productsListPath: apiPath().default('/products'),
  productGetPath: apiPath('sku').default('/products/{sku}'),
  labelsPath: apiPath().default('/labels'),
  labelsMethod: z.enum(['POST', 'PUT']).default('POST'),
  batchExpiryParam: z
    .string()
    .trim()
    .regex(/^[A-Za-z_][A-Za-z0-9_.-]{0,63}$/, 'must be a plain query parameter name')
    .default('batch_expiry'),
});
export type EndpointOverrides = z.output<typeof endpointOverridesSchema>;

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);
export const isLoopbackHost = (hostname: string) =>
  LOOPBACK_HOSTS.has(hostname) || /^127\.\d+\.\d+\.\d+$/.test(hostname);

/** Base URLs: https everywhere except loopback; no credentials, query or fragment. */
export const baseUrlSchema = z
  .string()
  .trim()
  .max(500)
  .superRefine((value, ctx) => {
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      ctx.addIssue({
        code: 'custom',
        message: 'is not a URL',
        params: { messageKey: 'profiles.errors.base_url_invalid' },
      });
      return;
    }
    const problem = (messageKey: MessageKey, message: string) =>
      ctx.addIssue({ code: 'custom', message, params: { messageKey } });
    if (url.protocol !== 'https:' && !(url.protocol === 'http:' && isLoopbackHost(url.hostname))) {
      problem(
        'profiles.errors.base_url_https',
        'must use https:// (plain http:// only on this computer)',
      );
    }
    if (url.username || url.password)
      problem('profiles.errors.base_url_credentials', 'must not contain a user name or password');
    if (url.search || url.hash)
      problem(
        'profiles.errors.base_url_query',
        'must not contain ?query or #fragment (the API key goes in a header)',
      );
  })
  .transform((value) => value.replace(/\/+$/, ''));

export const profileInputSchema = z
  .object({
    name: z.string().trim().min(1).max(80),
    environment: z.enum(ENVIRONMENTS),
    /** null: the embedded sandbox (only for the sandbox environment). */
    baseUrl: baseUrlSchema.nullable(),
    apiVersion: z.enum(['v1', 'v1.1']).default('v1.1'),
    /**
     * How many days of orders (today included) a drop on the Bulk board is matched against: the
     * listing's `from` (v1.1), or the orders opened on this station (v1, which lists none).
     */
    orderWindowDays: z.number().int().min(1).max(90).default(14),
    // Parsed when needed, not when this module loads: a parse at import time would run before
    // the window switches zod to jitless mode, and its eval probe would trip the page's CSP.
    overrides: endpointOverridesSchema.default(() => endpointOverridesSchema.parse({})),
  })
  .superRefine((profile, ctx) => {
    if (profile.baseUrl === null && profile.environment !== 'sandbox') {
      ctx.addIssue({
        code: 'custom',
        path: ['baseUrl'],
        message: 'test and production profiles need a base URL',
        params: { messageKey: 'profiles.errors.base_url_required' },
      });
    }
  });
export type ProfileInput = z.input<typeof profileInputSchema>;

export const profileSchema = z.intersection(
  profileInputSchema,
  z.object({
    id: z.string().regex(/^[a-z0-9-]{1,64}$/),
    createdAt: z.string(),
    updatedAt: z.string(),
  }),
);
export type Profile = z.output<typeof profileSchema>;
