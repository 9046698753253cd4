#!/bin/sh
# SPDX-License-Identifier: MIT
# metainfo_test.sh METAINFO SCREENSHOT_DIR: every screenshot the AppStream metadata names is a PNG
# committed in SCREENSHOT_DIR, and `appstreamcli validate` passes (skipped, exit 77, without
# appstreamcli: packaging/install-deps.sh installs it with MG_TEST_TOOLS=1).
set -eu
metainfo=$1 shots=$2
names=$(sed -n 's|.*/resources/screenshots/\([^<]*\)</image>.*|\1|p' "$metainfo")
[ -n "$names" ] || { echo "$metainfo names no screenshot from resources/screenshots"; exit 1; }
for name in $names; do
  magic=$(od -An -tx1 -N8 "$shots/$name" 2>/dev/null | tr -d ' \n')
  [ "$magic" = 89504e470d0a1a0a ] || { echo "$shots/$name: missing or not a PNG"; exit 1; }
  echo "screenshot $name: PNG"
done
if ! command -v appstreamcli >/dev/null 2>&1; then
  echo "skipped: appstreamcli is not installed (package appstream)"
  exit 77
fi
exec appstreamcli validate --no-net --explain "$metainfo"
