#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Installs the Debian packages (once), then configures and builds into build/ (or $MG_BUILD_DIR).
# Extra arguments go to CMake's configure step, e.g. -DMG_NATIVE=ON.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${MG_BUILD_DIR:-$root/build}
bash "$root/packaging/install-deps.sh"
cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release "$@"
cmake --build "$build" --parallel "$(nproc)"
