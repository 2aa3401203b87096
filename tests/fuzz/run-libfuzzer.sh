#!/bin/sh
# run-libfuzzer.sh HARNESS NEW_DIR DICT CORPUS...: a libFuzzer harness for
# 60 s, new inputs written to NEW_DIR (the corpus stays as it is), a crash
# left in NEW_DIR as crash-*.
set -eu
harness=$1 new=$2 dict=$3
shift 3
mkdir -p "$new"
exec "$harness" -max_total_time=60 -max_len=65536 -dict="$dict" -artifact_prefix="$new/" "$new" "$@"
