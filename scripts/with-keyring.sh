#!/usr/bin/env bash
# Runs inside a private `dbus-run-session`: gives the suite a keyring that is always unlocked, starts
# gnome-keyring on it, waits for it to own org.freedesktop.secrets (a fast first client would
# otherwise activate a second daemon), then runs the given command.
#
# The keyring has no password, written beforehand in gnome-keyring's plain-text form. A keyring with
# a password is unlocked only by the daemon that was given it: twice in CI the daemon went away in
# the middle of the suite, D-Bus started another one, and that one found the keyring locked and
# tried to show a password prompt with no display, failing every keychain test after it. A keyring
# without a password is open to whichever daemon reads it. It holds test keys only.
set -euo pipefail
keyrings="${XDG_DATA_HOME:?XDG_DATA_HOME must point at the test scratch folder}/keyrings"
mkdir -p "$keyrings"
chmod 700 "$keyrings"
if [ ! -e "$keyrings/login.keyring" ]; then
  printf '[keyring]\ndisplay-name=Login\nctime=0\nmtime=0\nlock-on-idle=false\nlock-after=false\n' \
    >"$keyrings/login.keyring"
  printf 'login' >"$keyrings/default"
  chmod 600 "$keyrings/login.keyring" "$keyrings/default"
fi
out="$(gnome-keyring-daemon --start --components=secrets </dev/null)"
if [ -n "$out" ]; then
  while IFS= read -r line; do export "${line?}"; done <<<"$out"
fi
gdbus wait --session --timeout 10 org.freedesktop.secrets
exec "$@"
