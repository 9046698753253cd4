#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Installs every Debian 12 package that Motion Graph Studio needs to build, test and open its
# sample. Idempotent: packages already present are left alone. Run as root (or with sudo).
set -euo pipefail

packages=(
  # toolchain; clang, its runtime and LLVM's linker for the sanitizer and libFuzzer build
  # (packaging/sanitize.sh)
  build-essential cmake ninja-build pkg-config clang libclang-rt-14-dev lld
  # the man pages, written from mgtool's and mgstudio's --help (packaging/linux)
  help2man
  # the replay of damaged inputs (tests/fuzz/mutate.py)
  python3
  # libraries
  qt6-base-dev qt6-base-dev-tools qt6-3d-dev libqt6opengl6-dev libgl-dev
  libeigen3-dev libassimp-dev libnanoflann-dev libpng-dev zlib1g-dev nlohmann-json3-dev
  libgtest-dev libgmock-dev
  # mgtool's command-line parser (CLI11, header-only)
  libcli11-dev
  # GUI tests: a virtual X server and Mesa's software OpenGL
  xvfb xauth libgl1-mesa-dri libglx-mesa0 libegl-mesa0 fonts-dejavu-core
  # Qt's xcb platform plugin needs these at run time
  libxcb-cursor0 qt6-qpa-plugins
  # the sample motion capture the editor opens on first start
  assimp-testmodels
)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
# node and npm run the glTF validator below, a test tool: only for check.sh (MG_TEST_TOOLS=1), and
# Debian's only when the machine has none of its own. Opening the editor does not need them.
test_tools=${MG_TEST_TOOLS:-0}
if [ "$test_tools" = 1 ] && { ! command -v node >/dev/null || ! command -v npm >/dev/null; }; then
  missing+=(nodejs npm)
fi
# The validators of the desktop files and man pages (packaging/linux's tests), and clang-format for
# the format check of the sources: test tools too.
if [ "$test_tools" = 1 ]; then
  for p in desktop-file-utils appstream shared-mime-info man-db clang-format; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
  done
fi

sudo=""
if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
if [ ${#missing[@]} -eq 0 ]; then
  echo "install-deps: all ${#packages[@]} packages already installed"
else
  echo "install-deps: installing ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  $sudo apt-get update -qq
  $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

# The Khronos glTF validator (npm package gltf-validator, the version package-lock.json pins) for
# the tests of the glTF export. Without the npm registry those tests skip; nothing else needs it.
validator="$(cd "$(dirname "$0")" && pwd)/gltf-validator"
if [ "$test_tools" != 1 ]; then
  :
elif [ -f "$validator/node_modules/gltf-validator/package.json" ]; then
  echo "install-deps: the glTF validator is installed"
# A machine without the registry must not stall the build: npm gives up after 10 minutes at most.
elif (cd "$validator" && timeout 600 npm ci --no-audit --no-fund --loglevel=error --fetch-retries=1 >/dev/null); then
  echo "install-deps: installed the glTF validator"
else
  echo "install-deps: could not install the glTF validator from the npm registry; its tests will skip"
fi
