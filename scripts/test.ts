// The whole suite: system prerequisites, generated API types, typecheck, lint, build, then every
// test (unit, integration, end-to-end) inside a private D-Bus session with an unlocked keyring.
// Extra arguments go to vitest and skip the static checks: `npm test -- src/sandbox`.
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensurePrerequisites } from './prerequisites.ts';

const vitestArgs = process.argv.slice(2);
const quick = vitestArgs.length > 0;

function run(
  label: string,
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv = process.env,
): void {
  console.log(`\n▶ ${label}`);
  const result = spawnSync(command, args, { stdio: 'inherit', env });
  if (result.status !== 0) {
    console.error(`✖ ${label} failed (exit ${result.status ?? result.signal})`);
    process.exit(result.status ?? 1);
  }
}

ensurePrerequisites();
run('generate API types', 'npm', ['run', '--silent', 'generate']);
if (!quick) {
  run('typecheck', 'npm', ['run', '--silent', 'typecheck']);
  run('lint', 'npm', ['run', '--silent', 'lint']);
  run('build', 'npx', ['electron-vite', 'build']);
}

const scratch = mkdtempSync(join(tmpdir(), 'packbench-test-'));
const runtimeDir = join(scratch, 'runtime');
const summaryFile = join(scratch, 'summary.json');
spawnSync('mkdir', ['-p', runtimeDir, join(scratch, 'data')]);
chmodSync(runtimeDir, 0o700);
const env = {
  ...process.env,
  XDG_DATA_HOME: join(scratch, 'data'),
  XDG_RUNTIME_DIR: runtimeDir,
  PACKBENCH_TEST_SUMMARY: summaryFile,
};
const result = spawnSync(
  'dbus-run-session',
  [
    '--',
    'bash',
    'scripts/with-keyring.sh',
    process.execPath,
    'node_modules/vitest/vitest.mjs',
    'run',
    ...vitestArgs,
  ],
  { stdio: 'inherit', env },
);

interface Summary {
  passed: number;
  failed: number;
  skipped: number;
}
function readSummary(): Summary | null {
  try {
    return JSON.parse(readFileSync(summaryFile, 'utf8')) as Summary;
  } catch {
    return null;
  }
}
const summary = readSummary();
rmSync(scratch, { recursive: true, force: true });

if (result.status !== 0) process.exit(result.status ?? 1);
if (!summary || summary.passed === 0) {
  console.error('No test ran.');
  process.exit(1);
}
if (summary.skipped > 0 && !quick) {
  console.error(`${summary.skipped} test(s) were skipped; the full suite must run everything.`);
  process.exit(1);
}
