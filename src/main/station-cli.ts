// `npm run -s station -- …`: the station's own commands for IT (issue #31). Each command's
// contract (options, JSON, exit codes) is documented beside it; this file only dispatches.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { POLICY_USAGE, runPolicy } from './policy/cli.ts';
import { runSupportBundle, SUPPORT_USAGE } from './support/cli.ts';
import { supportCliIo } from './support-cli-io.ts';

const USAGE = `Usage:
  npm run -s station -- policy check FILE [--json]
  npm run -s station -- policy schema
  npm run -s station -- policy reference
  npm run -s station -- support-bundle --data-dir DIR --out FILE.zip [--json]
`;

export function runStation(
  args: readonly string[],
  io: {
    out: (line: string) => void;
    err: (line: string) => void;
    read?: (path: string) => string;
  },
): number | Promise<number> {
  const [command, ...rest] = args;
  if (command === 'policy') return runPolicy(rest, io);
  if (command === 'support-bundle') return runSupportBundle(rest, supportCliIo(io));
  if (command === '--help' || command === 'help') {
    io.out(`${USAGE.trimEnd()}\n\n${POLICY_USAGE.trimEnd()}\n\n${SUPPORT_USAGE.trimEnd()}`);
    return 0;
  }
  io.err(
    command === undefined
      ? 'Name a command: policy or support-bundle.'
      : `Unknown command "${command}".`,
  );
  io.err(USAGE.trimEnd());
  return 2;
}

if (import.meta.main) {
  process.exitCode = await runStation(process.argv.slice(2), {
    out: (line) => process.stdout.write(`${line}\n`),
    err: (line) => process.stderr.write(`${line}\n`),
    // npm runs scripts from the package's folder; a relative FILE is the caller's.
    read: (path) => readFileSync(resolve(process.env.INIT_CWD ?? process.cwd(), path), 'utf8'),
  });
}
