// The whole suite: system prerequisites, generated API types, typecheck, lint, build, then every
// test (unit, integration, end-to-end) inside a private D-Bus session with an unlocked keyring.
// Extra arguments go to vitest and skip the static checks: `npm test -- src/sandbox`.
import { spawn, spawnSync } from 'node:child_process';
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

/**
 * The static checks and the build at once: each is mostly one thread, and on a 2-core machine
 * running them side by side saves about a minute. Each one's output is printed whole when it
 * ends, so the three never interleave; any failure stops the suite with its exit code.
 */
async function runTogether(steps: { label: string; command: string; args: string[] }[]) {
  const results = await Promise.all(
    steps.map(
      ({ label, command, args }) =>
        new Promise<{ label: string; status: number | null; output: string }>((done) => {
          const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
          let output = '';
          child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
          child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
          child.on('close', (status) => {
            console.log(`\n▶ ${label}\n${output}`);
            done({ label, status, output });
          });
        }),
    ),
  );
  const failed = results.find((result) => result.status !== 0);
  if (failed) {
    console.error(`✖ ${failed.label} failed (exit ${failed.status})`);
    process.exit(failed.status ?? 1);
  }
}

ensurePrerequisites();
run('generate API types', 'npm', ['run', '--silent', 'generate']);
if (!quick)
  await runTogether([
    { label: 'typecheck', command: 'npm', args: ['run', '--silent', 'typecheck'] },
    { label: 'lint', command: 'npm', args: ['run', '--silent', 'lint'] },
    { label: 'build', command: 'npx', args: ['electron-vite', 'build'] },
  ]);

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
  // Hundreds of tests start a command as IT runs it (`node src/main/…/cli.ts`), each compiling
  // the same modules again. Node's compile cache keeps the compiled code for the run's later
  // processes: test/documents/cli and test/print/cli took 38.4 s without it, 24.3 s with it.
  NODE_COMPILE_CACHE: join(scratch, 'compile-cache'),
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
