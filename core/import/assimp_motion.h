// SPDX-License-Identifier: MIT
#pragma once

#include <string>

#include "core/motion/motion.h"
#include "core/util/result.h"

namespace mg {

// How to turn an Assimp scene into a Motion.
struct AssimpMotionOptions {
  // BVH only: Assimp's root position keys are the raw position channels, without the root
  // OFFSET; set this when the root has position channels so the offset is added back
  // (world root position = OFFSET + channels).
  bool addRootOffsetToPositions = false;
  // BVH only: key times are frame indices at mTicksPerSecond frames per second. Otherwise the
  // frame rate is inferred from the smallest gap between key times.
  bool keysAreFrames = false;
  // BVH only: bone lengths are the nodes' OFFSETs. Assimp gives a non-root joint with 6 channels
  // position keys holding the raw channels, which are not bone offsets. Otherwise a joint's
  // offset is its first position key, or its node translation when it has none.
  bool offsetsFromNodes = false;
};

// Reads `path` with a fresh Assimp importer (Assimp's BVH loader keeps state between files) and
// converts the first animation to a Motion in the file's units, times the scale of any node
// above the skeleton. The skeleton is the smallest subtree holding every animated node: its
// mesh-free nodes become joints, and its mesh-free leaves without keys become end sites. Nodes
// without keys keep their rest rotation. Position keys of non-root joints are reduced to the
// first key (bone lengths are fixed). name, sourcePath are left empty; not validated. Never
// throws: Assimp exceptions become errors that name the file.
Result<Motion> readAssimpMotion(const std::string& path, const AssimpMotionOptions& options);

}  // namespace mg
