// Runs a command in a D-Bus session and gnome-keyring of its own, set up exactly as `npm test`'s
// (scripts/with-keyring.sh), so a test may restart that daemon without touching the suite's.
import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The D-Bus call that names the process serving the keyring, for a shell to kill by its PID. */
export const KEYRING_DAEMON_PID_SH =
  'gdbus call --session --dest org.freedesktop.DBus --object-path /org/freedesktop/DBus ' +
  "--method org.freedesktop.DBus.GetConnectionUnixProcessID org.freedesktop.secrets | sed -E 's/.*uint32 ([0-9]+).*/\\1/'";

export function inPrivateKeyring(
  command: string[],
  env: NodeJS.ProcessEnv = {},
): SpawnSyncReturns<string> {
  const scratch = mkdtempSync(join(tmpdir(), 'packbench-keyring-'));
  const runtime = join(scratch, 'runtime');
  mkdirSync(runtime, { mode: 0o700 });
  try {
    return spawnSync('dbus-run-session', ['--', 'bash', 'scripts/with-keyring.sh', ...command], {
      encoding: 'utf8',
      timeout: 60_000,
      env: {
        ...process.env,
        XDG_DATA_HOME: join(scratch, 'data'),
        XDG_RUNTIME_DIR: runtime,
        DISPLAY: '',
        ...env,
      },
    });
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

/** The JSON objects a child printed, one per line, in order. */
export const jsonLines = (stdout: string): unknown[] =>
  stdout
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as unknown);
