import { describe, expect, it } from 'vitest';
import { inPrivateKeyring, jsonLines, KEYRING_DAEMON_PID_SH } from './private-keyring.ts';

// The keyring `npm test` runs in (scripts/with-keyring.sh) must outlive its daemon: if
// gnome-keyring goes away mid-suite, the daemon D-Bus starts next has to find the same keys, open.
// Each call here makes a fresh native entry, so only the keyring itself is under test.
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
  pid=$(${KEYRING_DAEMON_PID_SH})
  kill "$pid"
  while kill -0 "$pid" 2>/dev/null; do sleep 0.05; done
  probe get before-restart
  probe set after-restart key-two`;

describe('the keyring npm test runs in', () => {
  it('keeps its keys readable and writable after its daemon goes away', () => {
    const result = inPrivateKeyring(['bash', '-c', session, 'session', process.execPath], {
      KEYRING_PROBE: keyringOf,
    });
    expect(result.status, result.stderr).toBe(0);
    expect(jsonLines(result.stdout)).toEqual([
      { ok: true, value: 'key-one' },
      { ok: true, value: 'key-one' },
      { ok: true, value: 'key-two' },
    ]);
  });
});
