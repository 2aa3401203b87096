# lib.sh: what the shell tests share. Source it: . "$(dirname "$0")/lib.sh"

fail() { echo "FAIL: $*"; exit 1; }

# skip_unless_udisks: exit 77 (skipped) without root or a running udisksd.
skip_unless_udisks() {
  [ "$(id -u)" -eq 0 ] || { echo "SKIP: needs root (or a polkit rule)"; exit 77; }
  udisksctl status >/dev/null 2>&1 || { echo "SKIP: udisksd is not running"; exit 77; }
}

# loops_under DIR: the loop devices whose backing file is below DIR.
loops_under() {
  losetup -a | grep -F "$1/" | cut -d: -f1
}

# release_loops_under DIR: only what a test set up below DIR: unmounts the
# mounts of the loop devices on its files, then detaches those devices.
release_loops_under() {
  for dev in $(loops_under "$1"); do
    for mp in $(awk -v dev="$dev" '{ for (i = 7; i <= NF; i++) if ($i == "-" && $(i+2) == dev) print $5 }' /proc/self/mountinfo); do
      umount "$mp" 2>/dev/null
    done
    losetup -d "$dev" 2>/dev/null
  done
}

# no_state_left WHAT IMAGES STATE: fails when the folder IMAGES holds a
# file or STATE (an XDG_STATE_HOME) holds a target state file.
no_state_left() {
  [ -z "$(ls -A "$2" 2>/dev/null)" ] || fail "$1: an image is left: $(ls "$2")"
  [ -z "$(ls -A "$3/fsbench/targets" 2>/dev/null)" ] || fail "$1: a state file is left"
}
