#!/usr/bin/env bash
# Runs inside a private `dbus-run-session`: starts an unlocked gnome-keyring, waits for it to own
# org.freedesktop.secrets (a fast first client would otherwise activate a second, locked daemon),
# then runs the given command.
set -euo pipefail
out="$(printf '%s' "packbench-test-keyring" | gnome-keyring-daemon --unlock --components=secrets)"
if [ -n "$out" ]; then
  while IFS= read -r line; do export "${line?}"; done <<<"$out"
fi
gdbus wait --session --timeout 10 org.freedesktop.secrets
exec "$@"
