#!/bin/sh
# SPDX-License-Identifier: MIT
# mime_test.sh MIME_XML DESKTOP_ENTRY WORKDIR: a MIME database built from freedesktop.org's types
# and ours maps *.mgproj to application/x-mgproj, and the desktop entry opens that type. Skipped
# (exit 77) without update-mime-database (package shared-mime-info).
set -eu
xml=$1 desktop=$2 work=$3
if ! command -v update-mime-database >/dev/null 2>&1; then
  echo "skipped: update-mime-database is not installed (package shared-mime-info)"
  exit 77
fi
rm -rf "$work"
mkdir -p "$work/mime/packages"
if [ -f /usr/share/mime/packages/freedesktop.org.xml ]; then
  cp /usr/share/mime/packages/freedesktop.org.xml "$work/mime/packages/"
fi
cp "$xml" "$work/mime/packages/"
XDG_DATA_DIRS=$work update-mime-database "$work/mime"
work=$work/mime
grep -q '^[0-9]*:application/x-mgproj:\*\.mgproj$' "$work/globs2" ||
  { echo "$work/globs2 does not map *.mgproj to application/x-mgproj"; exit 1; }
grep -q 'Motion Graph Studio project' "$work/application/x-mgproj.xml" ||
  { echo "no description of application/x-mgproj in the database"; exit 1; }
grep -q '^MimeType=.*application/x-mgproj;' "$desktop" ||
  { echo "$desktop does not open application/x-mgproj"; exit 1; }
grep -q '^Exec=mgstudio %[fF]$' "$desktop" ||
  { echo "$desktop does not pass the file to mgstudio"; exit 1; }
echo "*.mgproj is application/x-mgproj, opened by $(basename "$desktop")"
