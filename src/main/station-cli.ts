// `npm run -s station -- …`: the station's own commands for IT (issue #31). Each command's
// contract (options, JSON, exit codes) is documented beside it; this file only dispatches.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { POLICY_USAGE, runPolicy } from './policy/cli.ts';

const USAGE = `Usage:
  npm run -s station -- policy check FILE [--json]
  npm run -s station -- policy schema
  npm run -s station -- policy reference
`;

export function runStation(
  args: readonly string[],
  io: {
    out: (line: string) => void;
    err: (line: string) => void;
    read?: (path: string) => string;
  },
): number {
  const [command, ...rest] = args;
  if (command === 'policy') return runPolicy(rest, io);
  if (command === '--help' || command === 'help') {
    io.out(`${USAGE.trimEnd()}\n\n${POLICY_USAGE.trimEnd()}`);
    return 0;
  }
  io.err(command === undefined ? 'Name a command: policy.' : `Unknown command "${command}".`);
  io.err(USAGE.trimEnd());
  return 2;
}

if (import.meta.main) {
  process.exitCode = runStation(process.argv.slice(2), {
    out: (line) => process.stdout.write(`${line}\n`),
    err: (line) => process.stderr.write(`${line}\n`),
    // npm runs scripts from the package's folder; a relative FILE is the caller's.
    read: (path) => readFileSync(resolve(process.env.INIT_CWD ?? process.cwd(), path), 'utf8'),
  });
}
