import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

// The keyring `npm test` runs in (scripts/with-keyring.sh) must outlive its daemon: if
// gnome-keyring goes away mid-suite, the daemon D-Bus starts next has to find the same keys, open.
// This runs the script in its own private session, so the suite's keyring is never touched.
const keyringOf = `
  const { Entry } = await import('@napi-rs/keyring');
  const [op, account, secret] = process.argv.slice(1);
  const entry = new Entry('packbench-keyring-test', account);
  try {
    if (op === 'set') entry.setPassword(secret);
    console.log(JSON.stringify({ ok: true, value: entry.getPassword() }));
  } catch (error) {
    console.log(JSON.stringify({ ok: false, error: String(error) }));
  }`;

const session = `
  set -euo pipefail
  node=$1
  probe() { "$node" --input-type=module -e "$KEYRING_PROBE" "$@"; }
  probe set before-restart key-one
  pid=$(gdbus call --session --dest org.freedesktop.DBus --object-path /org/freedesktop/DBus \\
    --method org.freedesktop.DBus.GetConnectionUnixProcessID org.freedesktop.secrets | sed -E 's/.*uint32 ([0-9]+).*/\\1/')
  kill "$pid"
  while kill -0 "$pid" 2>/dev/null; do sleep 0.05; done
  probe get before-restart
  probe set after-restart key-two`;

let scratch = '';
afterEach(() => {
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

describe('the keyring npm test runs in', () => {
  it('keeps its keys readable and writable after its daemon goes away', () => {
    scratch = mkdtempSync(join(tmpdir(), 'packbench-keyring-'));
    const runtime = join(scratch, 'runtime');
    mkdirSync(runtime, { mode: 0o700 });
    const result = spawnSync(
      'dbus-run-session',
      ['--', 'bash', 'scripts/with-keyring.sh', 'bash', '-c', session, 'session', process.execPath],
      {
        encoding: 'utf8',
        timeout: 60_000,
        env: {
          ...process.env,
          XDG_DATA_HOME: join(scratch, 'data'),
          XDG_RUNTIME_DIR: runtime,
          DISPLAY: '',
          KEYRING_PROBE: keyringOf,
        },
      },
    );
    expect(result.status, result.stderr).toBe(0);
    const answers = result.stdout
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as unknown);
    expect(answers).toEqual([
      { ok: true, value: 'key-one' },
      { ok: true, value: 'key-one' },
      { ok: true, value: 'key-two' },
    ]);
  });
});
