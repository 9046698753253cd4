#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Sets up, builds and runs every test (unit, widget, and the GUI smoke test under Xvfb). With
# MG_CHECK_SANITIZE=1 it then makes the second build, packaging/sanitize.sh: the unit and widget
# tests under AddressSanitizer and UBSan and the fuzz targets' regressions and short runs.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${MG_BUILD_DIR:-$root/build}
bash "$root/packaging/build.sh"
ctest --test-dir "$build" --output-on-failure --parallel "$(nproc)"
if [ "${MG_CHECK_SANITIZE:-0}" = 1 ]; then
  bash "$root/packaging/sanitize.sh"
fi
