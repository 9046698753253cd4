#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Installs every Debian 12 package that Motion Graph Studio needs to build, test and open its
# sample. Idempotent: packages already present are left alone. Run as root (or with sudo).
set -euo pipefail

packages=(
  # toolchain; clang and its runtime for the sanitizer and libFuzzer build (packaging/sanitize.sh)
  build-essential cmake ninja-build pkg-config clang libclang-rt-14-dev
  # the replay of damaged inputs (tests/fuzz/mutate.py)
  python3
  # libraries
  qt6-base-dev qt6-base-dev-tools qt6-3d-dev libqt6opengl6-dev libgl-dev
  libeigen3-dev libassimp-dev libnanoflann-dev
  libgtest-dev libgmock-dev
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

if [ ${#missing[@]} -eq 0 ]; then
  echo "install-deps: all ${#packages[@]} packages already installed"
  exit 0
fi

sudo=""
if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
echo "install-deps: installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
