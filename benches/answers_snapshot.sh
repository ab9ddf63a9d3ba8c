#!/bin/bash
# The board analysis's answers, to compare two builds byte for byte (issue 29: "same answers
# as before"): `nakade analyze --json` of the six bench positions and of every third
# position of the six random games (276 analyses), one file each, and the wall time.
#
#   benches/answers_snapshot.sh OLD_NAKADE /tmp/old
#   benches/answers_snapshot.sh target/release/nakade /tmp/new
#   diff -r /tmp/old /tmp/new
set -euo pipefail
if [ $# -ne 2 ]; then
    echo "usage: $0 NAKADE_BINARY OUTPUT_DIR" >&2
    exit 2
fi
bin=$(realpath "$1")
out=$2
mkdir -p "$out"
cd "$(dirname "$0")/.."
start=$(date +%s%N)
for f in benches/positions/*.sgf; do
    "$bin" analyze --json "$f" > "$out/$(basename "$f").json" 2>&1 || true
done
for g in benches/games/*.sgf; do
    n=$(grep -o ';[BW]\[' "$g" | wc -l)
    for ((m = 1; m <= n + 1; m += 3)); do
        "$bin" analyze --json --move "$m" "$g" > "$out/$(basename "$g")-$m.json" 2>&1 || true
    done
done
echo "$(ls "$out" | wc -l) analyses in $(( ($(date +%s%N) - start) / 1000000 )) ms"
