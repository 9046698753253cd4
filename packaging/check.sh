#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Sets up, builds and runs every test (unit, widget, and the GUI smoke test under Xvfb).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${MG_BUILD_DIR:-$root/build}
bash "$root/packaging/build.sh"
ctest --test-dir "$build" --output-on-failure --parallel "$(nproc)"
