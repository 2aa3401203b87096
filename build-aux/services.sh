# build-aux/services.sh: start what FS Bench's tests need when it is not
# running, and stop only what was started here, by pid. Sourced by dev.

started_pids=()
services_state=${TMPDIR:-/tmp}/fsbench-services.$$

as_root_bg() {
  if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi
}

system_bus_running() {
  [ -S /run/dbus/system_bus_socket ] && dbus-send --system --print-reply --dest=org.freedesktop.DBus \
    /org/freedesktop/DBus org.freedesktop.DBus.GetId >/dev/null 2>&1
}

bus_has_name() {
  dbus-send --system --print-reply --dest=org.freedesktop.DBus /org/freedesktop/DBus \
    org.freedesktop.DBus.NameHasOwner "string:$1" 2>/dev/null | grep -q 'boolean true'
}

wait_for_name() {
  for _ in $(seq 1 100); do bus_has_name "$1" && return 0; sleep 0.1; done
  echo "dev: $1 did not appear on the system bus" >&2
  return 1
}

services_start() {
  if ! system_bus_running; then
    say "starting a system D-Bus"
    as_root_bg mkdir -p /run/dbus
    as_root_bg rm -f /run/dbus/pid /run/dbus/system_bus_socket
    as_root_bg dbus-daemon --system --fork --print-pid > "$services_state.dbus"
    started_pids+=("$(cat "$services_state.dbus")")
  fi
  if ! pgrep -x systemd-udevd >/dev/null 2>&1; then
    say "starting udevd"
    as_root_bg /lib/systemd/systemd-udevd --daemon
    sleep 0.3
    started_pids+=("$(pgrep -n -x systemd-udevd)")
    as_root_bg udevadm trigger --action=add >/dev/null 2>&1 || true
    as_root_bg udevadm settle --timeout=30 || true
  fi
  if ! bus_has_name org.freedesktop.PolicyKit1; then
    say "starting polkitd"
    as_root_bg /usr/lib/polkit-1/polkitd --no-debug >/dev/null 2>&1 &
    started_pids+=("$!")
    wait_for_name org.freedesktop.PolicyKit1
  fi
  if ! bus_has_name org.freedesktop.UDisks2; then
    say "starting udisksd"
    # Its warnings (a take-ownership unmount that failed, say) explain
    # many a failed test: kept where FSBENCH_SERVICES_LOG says.
    as_root_bg /usr/libexec/udisks2/udisksd >>"${FSBENCH_SERVICES_LOG:-/dev/null}" 2>&1 &
    started_pids+=("$!")
    wait_for_name org.freedesktop.UDisks2
  fi
}

services_stop() {
  # Newest first, and only ours.
  local i
  for (( i=${#started_pids[@]}-1; i>=0; i-- )); do
    as_root_bg kill "${started_pids[$i]}" 2>/dev/null || true
  done
  started_pids=()
  rm -f "$services_state".*
}

x_pids=()

# A private X server, session bus and AT-SPI for the GUI suite, unless a
# display is already there.
xsession_start() {
  if [ -n "${DISPLAY:-}" ] && xdpyinfo >/dev/null 2>&1; then
    return 0
  fi
  local n=99
  while [ -e "/tmp/.X11-unix/X$n" ] || [ -e "/tmp/.X$n-lock" ]; do n=$((n+1)); done
  say "starting Xvfb :$n with a session bus and AT-SPI"
  Xvfb ":$n" -screen 0 1280x900x24 -nolisten tcp >/dev/null 2>&1 &
  x_pids+=("$!")
  export DISPLAY=":$n"
  for _ in $(seq 1 50); do [ -e "/tmp/.X11-unix/X$n" ] && break; sleep 0.1; done
  eval "$(dbus-launch --sh-syntax)"
  x_pids+=("$DBUS_SESSION_BUS_PID")
  export DBUS_SESSION_BUS_ADDRESS
  /usr/libexec/at-spi-bus-launcher --launch-immediately >/dev/null 2>&1 &
  x_pids+=("$!")
  export GTK_MODULES=gail:atk-bridge NO_AT_BRIDGE=
  unset NO_AT_BRIDGE
  sleep 1
}

xsession_stop() {
  local i
  for (( i=${#x_pids[@]}-1; i>=0; i-- )); do
    kill "${x_pids[$i]}" 2>/dev/null || true
  done
  x_pids=()
}
