#!/bin/sh
# SPDX-License-Identifier: MIT
# man_page_test.sh PAGE MGTOOL: mgtool's man page renders without a warning, carries the version
# mgtool prints, and has a section for every command `mgtool --help` lists. Skipped (exit 77)
# without man (package man-db).
set -eu
page=$1 mgtool=$2
if ! command -v man >/dev/null 2>&1; then
  echo "skipped: man is not installed (package man-db)"
  exit 77
fi
warnings=$(LC_ALL=C.UTF-8 MANWIDTH=80 man --warnings -E UTF-8 -l -Tutf8 "$page" 2>&1 >/dev/null)
[ -z "$warnings" ] || { echo "man warns about $page:"; echo "$warnings"; exit 1; }
version=$("$mgtool" --version | sed -n '1s/.* //p')
grep -q "$version" "$page" || { echo "$page does not carry version $version"; exit 1; }
commands=$("$mgtool" --help | sed -n '/^Commands:/,/^$/s/^  \([a-z][a-z-]*\) .*/\1/p')
[ -n "$commands" ] || { echo "mgtool --help lists no commands"; exit 1; }
for c in $commands; do
  grep -q "^\.SS $c\$" "$page" || { echo "$page has no section for 'mgtool $c'"; exit 1; }
done
echo "$page: version $version, commands:" $commands
