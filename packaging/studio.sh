#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Sets up, builds and opens Motion Graph Studio on the sample capture (Boxing_Toes.bvh).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${MG_BUILD_DIR:-$root/build}
bash "$root/packaging/build.sh"
exec "$build/app/mgstudio/mgstudio" --sample "$@"
