# image-lib.sh: what the bench/*-compare.sh scripts share, sourced after
# they set $task (fsb-bench-task) and $base: a disk image in a folder of
# its own, attached, formatted and mounted through udisks, made cold
# between runs, and everything undone on exit.
#
#   image_work NAME      the folder ($work) and the image's path ($img); the exit trap
#   image_new FS [SIZE] [direct]  a fresh image (1G unless SIZE, as truncate takes it) formatted FS
#                        and mounted at $mnt; with direct, the loop device reads and writes the image
#                        with direct I/O, as FS Bench's runner sets its images (fsb-target-image.c)
#   cold                 unmounted, its pages dropped, mounted again, udev settled
#   image_done           unmounted and detached
#   metric NAME FILE     a figure of fsb-bench-task's output

loop=
mnt=

image_cleanup() {
  if [ -n "$loop" ]; then
    udisksctl unmount --no-user-interaction -b "$loop" >/dev/null 2>&1 || true
    udisksctl loop-delete --no-user-interaction -b "$loop" >/dev/null 2>&1 || true
  fi
  rm -rf "$work"
}

image_work() {
  work=$(mktemp -d "$base/fsbench-$1-XXXXXX")
  img=$work/disk.img
  trap image_cleanup EXIT INT TERM
}

mount_it() {
  for try in 1 2 3 4 5 6 7 8 9 10; do
    mnt=$(udisksctl mount --no-user-interaction -b "$loop" 2>/dev/null | sed -n 's/^Mounted .* at \(.*\)$/\1/p' | sed 's/\.$//')
    [ -n "$mnt" ] && [ -d "$mnt" ] && return 0
    sleep 0.5
  done
  echo "could not mount $loop" >&2
  exit 1
}

# A busy udisksd (other runs attaching images) may refuse a loop device
# for a moment: tried again a few times.
image_new() {
  rm -f "$img"
  truncate -s "${2:-1G}" "$img"
  for try in 1 2 3 4 5; do
    loop=$(udisksctl loop-setup --no-user-interaction -f "$img" 2>/dev/null | sed -n 's/.* as \(\/dev\/loop[0-9]*\)\.$/\1/p')
    [ -b "$loop" ] && break
    sleep 2
  done
  [ -b "$loop" ] || { echo "loop-setup failed" >&2; exit 1; }
  # the image's pages then stay out of this machine's page cache: a flush
  # inside the image is the disk's flush, not this cache's write-back of
  # everything written into the image since the last one
  if [ "${3:-}" = direct ]; then
    losetup --direct-io=on "$loop"
    [ "$(cat "/sys/block/${loop#/dev/}/loop/dio")" = 1 ] || { echo "no direct I/O on $loop" >&2; exit 1; }
  fi
  # ext4's inode tables and journal zeroed now, not by a kernel thread
  # during the first measurements
  case $1 in
    ext*) "mkfs.$1" -q -F -E lazy_itable_init=0,lazy_journal_init=0 "$loop" ;;
    *) "mkfs.$1" -q -f "$loop" ;;
  esac >/dev/null
  udevadm settle 2>/dev/null || sleep 1
  mount_it
}

# udev probes the device again after each mount: that reading is let
# finish first, so it falls in neither side's time
cold() {
  udisksctl unmount --no-user-interaction -b "$loop" >/dev/null
  "$task" --drop-cache "$img"
  mount_it
  udevadm settle 2>/dev/null || true
}

image_done() {
  udisksctl unmount --no-user-interaction -b "$loop" >/dev/null
  udisksctl loop-delete --no-user-interaction -b "$loop" >/dev/null
  loop=
}

metric() { sed -n "s/.* $1=\([^ ]*\).*/\1/p" "$2" | head -n 1; }
