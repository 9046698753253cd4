#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The bounded replay of the test suite: mutate.py makes COUNT damaged inputs (seed SEED) from the
# fuzz seeds and fixtures and from Assimp's animated test models, then replay.sh runs mgtool on
# each. Usage: replay_test.sh MGTOOL [COUNT] [SEED]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
mgtool=$1 count=${2:-150} seed=${3:-1}
corpus=$(mktemp -d)
trap 'rm -rf "$corpus"' EXIT
models=/usr/share/assimp/models
sources=("$here"/bvh/seeds/*.bvh "$here/../data/three_joint_chain.gltf" \
         "$here/snap_graph/export" "$here/subgraph/export" "$here/pmg_text/export")
for m in FBX/animation_with_skeleton.fbx FBX/huesitos.fbx Collada/box_nested_animation.dae \
         glTF2/simple_skin/simple_skin.gltf SMD/triangle.smd; do
  [ -f "$models/$m" ] && sources+=("$models/$m")
done
python3 "$here/mutate.py" "$corpus" "$count" "$seed" "${sources[@]}"
# Inputs that once failed, kept for ever (see mgtool_regressions/README.md).
find "$here/mgtool_regressions" -type f ! -name README.md -exec cp {} "$corpus"/ \;
bash "$here/replay.sh" "$mgtool" "$corpus"
