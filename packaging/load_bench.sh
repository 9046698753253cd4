#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The load benchmark of issue 28: mgstudio --bench-load on (1) 500 takes opened at once and (2) one
# BVH file of about 1 GB, each printing one JSON line (load seconds, the longest UI-thread gap,
# gaps over 100 ms, decoded MB, peak resident MB before and after, growth over decoded).
# Usage: packaging/load_bench.sh [CAPTURE_DIR] [BUILD_DIR]   (default ../shared/mocap/cmu_db, build)
# The inputs are made in a temporary folder from CAPTURE_DIR's BVH files: 500 symbolic links
# cycling over them, and one file repeating the longest one's frames up to 1 GB.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
capture=${1:-$root/../shared/mocap/cmu_db}
build=${2:-$root/build}
mgstudio=$build/app/mgstudio/mgstudio
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mapfile -t clips < <(find "$capture" -maxdepth 1 -name '*.bvh' | sort)
[ "${#clips[@]}" -gt 0 ] || { echo "load_bench: no .bvh files in $capture" >&2; exit 1; }
mkdir "$work/takes"
for i in $(seq 0 499); do
  ln -s "${clips[$((i % ${#clips[@]}))]}" "$work/takes/take_$(printf %03d "$i").bvh"
done
longest=$(ls -S "${clips[@]}" | head -1)
python3 - "$longest" "$work/big.bvh" <<'PY'
import sys
src, out = sys.argv[1], sys.argv[2]
text = open(src, 'rb').read()
head, _, data = text.partition(b'MOTION')
lines = data.split(b'\n')
frames = [l for l in lines[3:] if l.strip()]  # after "", "Frames: n", "Frame Time: t"
frame_time = lines[2]
block = b'\n'.join(frames) + b'\n'
repeats = max(1, (10**9) // len(block))
with open(out, 'wb') as f:
    f.write(head + b'MOTION\nFrames: %d\n' % (len(frames) * repeats) + frame_time.rstrip(b'\r') + b'\n')
    for _ in range(repeats):
        f.write(block)
PY
run() { xvfb-run -a -s '-screen 0 1600x1000x24' "$mgstudio" --bench-load --bench-seconds 10 "$@"; }
echo "# 500 takes from $capture" >&2
run "$work"/takes/*.bvh
echo "# one $(( $(stat -c %s "$work/big.bvh") / 1000000 )) MB BVH ($(basename "$longest") repeated)" >&2
run "$work/big.bvh"
