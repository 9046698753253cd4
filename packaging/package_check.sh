#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The Debian package end to end, on this machine: builds motion-graph-studio_*.deb with CPack from
# the build in build/ (or $MG_BUILD_DIR), installs it with apt-get (which pulls its Depends),
# runs the installed mgtool from PATH and the installed mgstudio under Xvfb (on the sample, on a
# project given as a file and on a glTF file that the installed mgtool imports), then removes the
# package. Needs root or sudo; without either it says so and skips.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${MG_BUILD_DIR:-$root/build}
sudo=""
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null && sudo -n true 2>/dev/null; then
    sudo="sudo"
  else
    echo "package check: skipped: installing the .deb needs root or sudo"
    exit 0
  fi
fi
if dpkg-query -W -f='${Status}' motion-graph-studio 2>/dev/null | grep -q "install ok installed"; then
  echo "package check: skipped: motion-graph-studio is already installed here; it is not replaced"
  exit 0
fi

work="$build/package_check"
rm -rf "$work"
mkdir -p "$work"
(cd "$build" && rm -f motion-graph-studio_*.deb && cpack -G DEB >"$work/cpack.log") ||
  { cat "$work/cpack.log"; exit 1; }
deb=$(ls "$build"/motion-graph-studio_*.deb)
echo "package check: built $(basename "$deb") ($(du -k "$deb" | cut -f1) KiB)"
dpkg-deb --field "$deb" Package Version Depends Recommends Section
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get install -y -qq "$deb" >"$work/install.log" 2>&1 || { cat "$work/install.log"; exit 1; }
trap '$sudo apt-get purge -y -qq motion-graph-studio >/dev/null 2>&1 || true' EXIT

fail() { echo "package check: FAILED: $*"; exit 1; }
# Run from a neutral directory so nothing of the build tree can be found by accident.
cd "$work"
[ "$(command -v mgtool)" = /usr/bin/mgtool ] || fail "mgtool on PATH is $(command -v mgtool), not /usr/bin/mgtool"
[ "$(command -v mgstudio)" = /usr/bin/mgstudio ] || fail "mgstudio is not /usr/bin/mgstudio"
version=$(mgtool --version) || fail "mgtool --version failed"
echo "package check: $version"
[ "$version" = "mgtool (Motion Graph Studio) $(dpkg-deb --field "$deb" Version)" ] || fail "mgtool --version does not match the package"
for f in /usr/share/applications/org.motiongraphstudio.mgstudio.desktop \
         /usr/share/metainfo/org.motiongraphstudio.mgstudio.metainfo.xml \
         /usr/share/mime/packages/motion-graph-studio.xml \
         /usr/share/icons/hicolor/256x256/apps/org.motiongraphstudio.mgstudio.png \
         /usr/share/icons/hicolor/scalable/apps/org.motiongraphstudio.mgstudio.svg \
         /usr/share/man/man1/mgtool.1.gz /usr/share/man/man1/mgstudio.1.gz; do
  [ -f "$f" ] || fail "$f is not installed"
done
# dpkg's trigger for shared-mime-info rebuilt the MIME database with the package's type.
if [ -f /usr/share/mime/globs2 ]; then
  grep -q 'application/x-mgproj:\*\.mgproj' /usr/share/mime/globs2 || fail "*.mgproj is not in the system MIME database"
fi

# mgstudio under Xvfb, with its own empty settings; each run must exit 0 and print EXPECT.
studio() {
  local name=$1 expect=$2
  shift 2
  XDG_CONFIG_HOME="$work/config" XDG_DATA_HOME="$work/data" \
    xvfb-run -a -s "-screen 0 1366x768x24" mgstudio --timing "$@" >"$work/$name.log" 2>&1 ||
    { cat "$work/$name.log"; fail "mgstudio $* exited with $?"; }
  grep -q "$expect" "$work/$name.log" || { cat "$work/$name.log"; fail "mgstudio $* did not print $expect"; }
  echo "package check: mgstudio $*: $expect"
}
studio import-helper '"import-helper", "path": "/usr/bin/mgtool"' --quit-after-ms 0
if [ -f /usr/share/assimp/models/BVH/Boxing_Toes.bvh ]; then
  studio sample '"event": "screenshot"' --sample --quit-after-ms 1500 --screenshot "$work/mgstudio_sample.png"
else
  echo "package check: the sample (assimp-testmodels, recommended) is not installed: not opened"
fi
# A project as a file manager passes it (the desktop entry's %f), in a copy: the editor may
# autosave beside it.
cp "$root/tests/data/project_v1.mgproj" "$root/tests/data/small_walk.bvh" "$work/"
studio project '"event": "project-opened"' "$work/project_v1.mgproj" --quit-after-ms 1000
# glTF goes through Assimp in a child: the installed mgtool.
studio gltf '"event": "first-frame-shown"' "$root/tests/data/three_joint_chain.gltf" --quit-after-ms 500
echo "package check: the screenshot of the installed editor is $work/mgstudio_sample.png"
