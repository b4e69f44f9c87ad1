import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Policy } from '../../shared/policy/schema.ts';
import { messageOf } from '../platform/guards.ts';
import { readPolicy, type PolicyProblem } from './read-policy.ts';

// Where a machine's policy lives and how the station reads it at start (issue #31). A missing
// file means no policy; a file that does not parse or breaks the schema stops the start with
// the dialog naming the file, line and column and the rule: an IT policy silently ignored is
// worse than a station that says why it will not start.

/** The policy's path on this machine: PACKBENCH_POLICY, or the platform's place for IT. */
export function policyPath(
  env: NodeJS.ProcessEnv = process.env,
  platform: NodeJS.Platform = process.platform,
): string {
  if (env.PACKBENCH_POLICY) return env.PACKBENCH_POLICY;
  if (platform === 'win32')
    return join(env.ProgramData ?? 'C:\\ProgramData', 'Packbench', 'policy.json');
  if (platform === 'darwin') return '/Library/Application Support/Packbench/policy.json';
  return '/etc/packbench/policy.json';
}

/** The policy in effect and the file it came from. */
export interface LoadedPolicy {
  file: string;
  policy: Policy;
}

/** A policy file the station cannot go on with: what is wrong, where. */
export class PolicyError extends Error {
  readonly file: string;
  readonly problems: PolicyProblem[];
  constructor(file: string, problems: PolicyProblem[]) {
    const first = problems[0];
    super(
      first
        ? `The policy ${file} is not valid: line ${first.line}, column ${first.column}${first.path ? ` (${first.path})` : ''}: ${first.message}.`
        : `The policy ${file} is not valid.`,
    );
    this.name = 'PolicyError';
    this.file = file;
    this.problems = problems;
  }
}

/** Reads the policy at `file`: null when there is none; PolicyError when it is broken. */
export function loadPolicy(
  file: string,
  read: (path: string) => string = (path) => readFileSync(path, 'utf8'),
): LoadedPolicy | null {
  let text: string;
  try {
    text = read(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw new PolicyError(file, [
      { path: '', line: 1, column: 1, message: `cannot be read (${messageOf(error)})` },
    ]);
  }
  // A byte-order mark is what Notepad writes: read past it, as editors do.
  const result = readPolicy(text.replace(/^\uFEFF/, ''));
  if (!result.ok) throw new PolicyError(file, result.errors);
  return { file, policy: result.policy };
}
