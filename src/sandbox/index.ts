import { SlidingWindowLimiter, type Traffic } from './rate-limiter.ts';
import { z } from 'zod';
import { DEMO_COMPANIES, type DemoCompany } from './companies.ts';
import type { Receipt, SandboxState } from './model.ts';
import { loadState, StateWriter } from './persistence.ts';
import { seedState } from './seed.ts';
import { buildSandboxServer } from './server.ts';

export { BOLT_PACK_FIXTURES, PACK_FIXTURES } from './seed-packing.ts';

const LOOPBACK = /^(127\.\d{1,3}\.\d{1,3}\.\d{1,3}|::1|localhost)$/;

export const sandboxOptionsSchema = z.object({
  port: z.number().int().min(0).max(65535).default(4010),
  host: z
    .string()
    .regex(LOOPBACK, 'the sandbox binds to loopback only (127.0.0.1, ::1 or localhost)')
    .default('127.0.0.1'),
  rateLimit: z.number().int().min(1).max(1_000_000).default(100),
  windowMs: z.number().int().min(1).max(86_400_000).default(60_000),
  latencyMs: z.number().int().min(0).max(60_000).default(0),
  failRate: z.number().min(0).max(1).default(0),
  dataFile: z.string().min(1).optional(),
  maxFileBytes: z
    .number()
    .int()
    .min(1)
    .default(10 * 1024 * 1024),
  bodyLimitBytes: z
    .number()
    .int()
    .min(1024)
    .default(1024 * 1024),
  now: z.custom<() => number>((v) => typeof v === 'function').default(() => Date.now),
  random: z.custom<() => number>((v) => typeof v === 'function').default(() => Math.random),
});

export type SandboxOptions = z.input<typeof sandboxOptionsSchema>;

export interface RunningSandbox {
  url: string;
  port: number;
  companies: readonly DemoCompany[];
  state: SandboxState;
  receipts: (company?: string) => Receipt[];
  /** Requests the rate limiter accepted and refused (429) for a company id, since start. */
  traffic: (company: string) => Traffic;
  close: () => Promise<void>;
}

/** Starts the sandbox on loopback; `port: 0` picks a free port. */
export async function startSandbox(options: SandboxOptions = {}): Promise<RunningSandbox> {
  const parsed = sandboxOptionsSchema.safeParse(options);
  if (!parsed.success) {
    throw new Error(
      `Invalid sandbox options: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
    );
  }
  const config = parsed.data;
  const state = (config.dataFile ? loadState(config.dataFile) : null) ?? seedState(config.now());
  const writer = config.dataFile ? new StateWriter(config.dataFile, () => state) : null;
  if (writer) {
    writer.markDirty();
    await writer.flush();
  }
  const limiter = new SlidingWindowLimiter({
    limit: config.rateLimit,
    windowMs: config.windowMs,
    now: config.now,
  });
  const app = buildSandboxServer(config, {
    state,
    changed: () => writer?.markDirty(),
    limiter,
  });
  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const host = config.host.includes(':') ? `[${config.host}]` : config.host;
  return {
    url: `http://${host}:${port}`,
    port,
    companies: DEMO_COMPANIES,
    state,
    traffic: (company) => limiter.traffic(company),
    receipts: (company) =>
      state.receipts.filter((r) => company === undefined || r.company === company),
    close: async () => {
      await app.close();
      await writer?.flush();
    },
  };
}

/** The demo companies (their names and keys): main lists them for the sandbox profile. */
export { DEMO_COMPANIES } from './companies.ts';
