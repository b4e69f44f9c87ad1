// `npm run -s station -- policy check FILE [--json]` and `policy schema`: IT checks a policy
// before putting it on fifty machines (issue #31). A contract for IT's scripts:
//   0 the file is a valid policy (with --json: {"errors": []})
//   1 it is not: {"errors": [{"path", "line", "column", "message"}]} with --json (path a JSON
//     pointer, line and column 1-based), else one sentence per error on stderr
//   2 a usage error (an unknown command or option, no FILE)
import { z } from 'zod';
import { policySchema } from '../../shared/policy/schema.ts';
import { loadPolicy, PolicyError } from './policy-file.ts';
import { policyReference } from './reference.ts';

export const POLICY_USAGE = `Usage:
  npm run -s station -- policy check FILE [--json]
  npm run -s station -- policy schema
  npm run -s station -- policy reference
check: exit 0 when FILE is a valid Packbench policy, 1 when it is not (each error with its JSON
pointer, line and column), 2 for a usage error. schema: the policy's JSON Schema, for editors;
reference: every setting as a Markdown table.
`;

export interface PolicyIo {
  out: (line: string) => void;
  err: (line: string) => void;
  read?: (path: string) => string;
}

/** The policy's JSON Schema (draft 2020-12), made from the one zod schema. */
export function policyJsonSchema(): Record<string, unknown> {
  return {
    ...z.toJSONSchema(policySchema, { io: 'input', unrepresentable: 'any' }),
    title: 'Packbench machine policy',
  };
}

export function runPolicy(args: readonly string[], io: PolicyIo): number {
  const [command, ...rest] = args;
  if (command === undefined || command === '--help' || command === 'help') {
    (command === undefined ? io.err : io.out)(POLICY_USAGE.trimEnd());
    return command === undefined ? 2 : 0;
  }
  if (command === 'reference') {
    io.out(policyReference());
    return 0;
  }
  if (command === 'schema') {
    if (rest.length > 0) return usage(io, `policy schema takes no options, got "${rest[0]}".`);
    io.out(JSON.stringify(policyJsonSchema(), null, 2));
    return 0;
  }
  if (command !== 'check')
    return usage(io, `Unknown policy command "${command}": use check, schema or reference.`);
  const unknown = rest.find((arg) => arg.startsWith('-') && arg !== '--json');
  if (unknown) return usage(io, `Unknown option ${unknown}.`);
  const files = rest.filter((arg) => arg !== '--json');
  const json = rest.includes('--json');
  if (files.length !== 1)
    return usage(io, files.length === 0 ? 'Name the policy FILE to check.' : 'Check one FILE.');
  const file = files[0] ?? '';
  try {
    const loaded = loadPolicy(file, io.read);
    if (!loaded) {
      const missing = { path: '', line: 1, column: 1, message: 'does not exist' };
      if (json) io.out(JSON.stringify({ errors: [missing] }));
      else io.err(`${file} does not exist.`);
      return 1;
    }
    if (json) io.out(JSON.stringify({ errors: [] }));
    else io.out(`${file} is a valid Packbench policy.`);
    return 0;
  } catch (error) {
    if (!(error instanceof PolicyError)) throw error;
    if (json) io.out(JSON.stringify({ errors: error.problems }));
    else
      for (const p of error.problems)
        io.err(
          `${file}:${p.line}:${p.column}: ${p.path ? `${p.path} ` : ''}${p.message.replace(/\.$/, '')}.`,
        );
    return 1;
  }
}

function usage(io: PolicyIo, sentence: string): number {
  io.err(sentence);
  io.err(POLICY_USAGE.trimEnd());
  return 2;
}
