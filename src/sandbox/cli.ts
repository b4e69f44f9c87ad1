import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { writeDemoDay } from './demo-day.ts';
import { startSandbox, type SandboxOptions } from './index.ts';

const USAGE = `Usage: npm run sandbox -- [--port 4010] [--host 127.0.0.1] [--rate-limit 100] [--window-ms 60000]
                          [--latency-ms 0] [--fail-rate 0] [--max-file-mb 10] [--data FILE]`;

const NUMERIC = {
  port: 'port',
  'rate-limit': 'rateLimit',
  'window-ms': 'windowMs',
  'latency-ms': 'latencyMs',
  'fail-rate': 'failRate',
} as const;

/** Turns command-line flags into sandbox options, or a sentence saying what is wrong. */
export function parseSandboxArgs(argv: string[]): { options: SandboxOptions } | { error: string } {
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: false,
      options: {
        port: { type: 'string' },
        host: { type: 'string' },
        'rate-limit': { type: 'string' },
        'window-ms': { type: 'string' },
        'latency-ms': { type: 'string' },
        'fail-rate': { type: 'string' },
        'max-file-mb': { type: 'string' },
        data: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (error) {
    return { error: (error as Error).message };
  }
  if (values['help']) return { error: '' };
  const options: Record<string, unknown> = {};
  for (const [flag, key] of Object.entries(NUMERIC)) {
    const raw = values[flag];
    if (raw === undefined) continue;
    const value = Number(raw);
    if (typeof raw !== 'string' || raw.trim() === '' || !Number.isFinite(value)) {
      return { error: `--${flag} needs a number, got "${String(raw)}"` };
    }
    options[key] = value;
  }
  const maxFileMb = values['max-file-mb'];
  if (maxFileMb !== undefined) {
    const mb = Number(maxFileMb);
    if (!Number.isFinite(mb) || mb <= 0)
      return { error: `--max-file-mb needs a positive number, got "${String(maxFileMb)}"` };
    options['maxFileBytes'] = Math.round(mb * 1024 * 1024);
  }
  if (typeof values['host'] === 'string') options['host'] = values['host'];
  if (typeof values['data'] === 'string') options['dataFile'] = values['data'];
  return { options: options as SandboxOptions };
}

async function main(): Promise<void> {
  const parsed = parseSandboxArgs(process.argv.slice(2));
  if ('error' in parsed) {
    if (parsed.error) console.error(`sandbox: ${parsed.error}`);
    console.error(USAGE);
    process.exit(parsed.error ? 2 : 0);
  }
  let sandbox;
  try {
    sandbox = await startSandbox(parsed.options);
  } catch (error) {
    console.error(`sandbox: ${(error as Error).message}`);
    process.exit(1);
  }
  console.log(`Packbench sandbox listening on ${sandbox.url}`);
  for (const company of sandbox.companies)
    console.log(`  ${company.name.padEnd(32)} X-Api-Key: ${company.apiKey}`);
  console.log('Versions: X-Api-Version v1 or v1.1.');
  // A day's labels and invoices for Acme's open orders, to try bulk files in a minute.
  const demo = join(tmpdir(), 'packbench-demo-day');
  try {
    const { orders } = await writeDemoDay(sandbox.state, 'acme', demo);
    console.log(`A demo day of ${orders} Acme orders (one ZPL file, one PDF of invoices): ${demo}`);
    console.log(
      `  npm run -s files -- match ${join(demo, 'drop')} --orders ${join(demo, 'orders.json')} --trackings ${join(demo, 'trackings.json')}`,
    );
  } catch (error) {
    console.log(`The demo day could not be written to ${demo}: ${(error as Error).message}`);
  }
  console.log('Press Ctrl+C to stop.');
  const stop = () => {
    void sandbox.close().then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
