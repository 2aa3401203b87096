#!/bin/sh
# A broken system, as a new user may have one: without udisks2 on the
# system bus, or without a system bus at all, every command that needs it
# names the missing service and what to do, in the user's language, and
# exits with 2, touching nothing. Uses a private bus: the real services
# are never stopped.
set -u
cli=$1
. "$(dirname "$0")/lib.sh"

tmp=$(mktemp -d /tmp/fsbench-services-XXXXXX)
read -r address pid <<EOF2
$("$(dirname "$0")/private-system-bus.sh" "$tmp")
EOF2
[ -n "${pid:-}" ] || fail "no private system bus"
cleanup() {
  kill "$pid" 2>/dev/null
  rm -rf "$tmp"
}
trap cleanup EXIT
export XDG_STATE_HOME=$tmp/state XDG_CACHE_HOME=$tmp/cache LC_ALL=C.UTF-8 LANGUAGE=
mkdir -p "$tmp/images"

expect_diagnosis() {
  what=$1; shift
  out=$(DBUS_SYSTEM_BUS_ADDRESS=$address "$cli" "$@" 2>&1); st=$?
  [ $st -eq 2 ] || fail "$*: exited $st, not 2: $out"
  echo "$out" | grep -qF "$what" || fail "$*: does not say “$what”: $out"
  echo "$out" | grep -qi "org.freedesktop\|GDBus" && fail "$*: a raw D-Bus error: $out"
  [ -z "$(ls -A "$tmp/images")" ] || fail "$*: left an image"
  echo "$*: exit 2, “$(echo "$out" | head -1)”"
}

for command in "devices" "check --target image@$tmp/images" "clean" \
               "run --fs ext4 --target image@$tmp/images --output $tmp/r.json"; do
  # shellcheck disable=SC2086
  expect_diagnosis "The disk service udisks2 is not installed or not running." $command
  expect_diagnosis "sudo systemctl start udisks2" $command
done
[ ! -e "$tmp/r.json" ] || fail "run wrote a result"

# In the user's language.
out=$(DBUS_SYSTEM_BUS_ADDRESS=$address LC_ALL=ru_RU.UTF-8 "$cli" devices 2>&1)
echo "$out" | grep -qF "Служба дисков udisks2 не установлена или не запущена." \
  || fail "devices under ru_RU: $out"

# No system bus at all.
address=unix:path=$tmp/no-such-socket
expect_diagnosis "The system message bus (D-Bus) is not running." devices

# The plan needs no service.
DBUS_SYSTEM_BUS_ADDRESS=$address "$cli" plan --fs ext4 >/dev/null || fail "plan needs a service"
echo "fsbench-cli services: ok"
