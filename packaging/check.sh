#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Sets up, builds and runs every test: the release build's unit, widget and GUI tests (the GUI
# ones under Xvfb), then builds the .deb, installs it, starts what it installed and removes it
# (packaging/package_check.sh). Then it makes the second build, packaging/sanitize.sh: the unit and
# widget tests under AddressSanitizer and UBSan, and the fuzz targets' regressions and short runs
# (MG_CHECK_SANITIZE=0 skips it). Each phase prints how long it took.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${MG_BUILD_DIR:-$root/build}
source "$root/packaging/phase.sh"
export MG_TEST_TOOLS=1  # install-deps.sh also installs the glTF validator the tests use
phase "release build" bash "$root/packaging/build.sh"
phase "release tests" ctest --test-dir "$build" --output-on-failure --parallel "$(nproc)"
phase "Debian package" bash "$root/packaging/package_check.sh"
if [ "${MG_CHECK_SANITIZE:-1}" = 1 ]; then
  bash "$root/packaging/sanitize.sh"
fi
echo "check: all passed in $((SECONDS / 60)) min $((SECONDS % 60)) s"
