// SPDX-License-Identifier: MIT
#pragma once

#include <filesystem>
#include <map>
#include <memory>
#include <string>
#include <utility>

#include "core/import/bvh_text.h"
#include "core/import/bvh_writer.h"
#include "core/import/import_motion_loader.h"
#include "core/synth/pose_stream.h"
#include "fuzz_support.h"

namespace mg::fuzz {

// The application's loader, for BVH files only: a fuzzed path may name any file of the scratch
// folder, and Assimp (the other formats) is not what these targets fuzz (it runs in a child
// process in the application, see core/import/isolated_import.h).
inline MotionFileLoader bvhOnlyLoader() {
  return
      [load = importMotionLoader()](const std::string& path,
                                    double metresPerUnit) -> Result<std::shared_ptr<const Motion>> {
        if (std::filesystem::path(path).extension() != ".bvh")
          return Error{path + ": not a .bvh file (fuzz loader)"};
        return load(path, metresPerUnit);
      };
}

// bvhOnlyLoader for a target whose .bvh files are fixtures that never change while it runs (it
// writes no .bvh file of its own): a file read once is served from memory afterwards, so an input
// costs no disk reads. Only successful reads are kept, at most 64 (the fixtures, under the unit
// sizes the inputs ask for); failures are read again each time.
inline MotionFileLoader cachedFixtureLoader() {
  using Key = std::pair<std::string, double>;
  auto cache = std::make_shared<std::map<Key, std::shared_ptr<const Motion>>>();
  return
      [load = bvhOnlyLoader(), cache](
          const std::string& path, double metresPerUnit) -> Result<std::shared_ptr<const Motion>> {
        std::error_code ec;
        const Key key{std::filesystem::weakly_canonical(path, ec).string(), metresPerUnit};
        if (!ec) {
          if (auto hit = cache->find(key); hit != cache->end()) return hit->second;
        }
        Result<std::shared_ptr<const Motion>> motion = load(path, metresPerUnit);
        if (motion && !ec) {
          if (cache->size() >= 64) cache->clear();
          cache->emplace(key, *motion);
        }
        return motion;
      };
}

// Plays up to `frames` frames of `stream` and checks what a walk written as BVH would be: when
// the frames can be written (formatBvh, the bytes writeBvhStream writes for the same frames),
// the text must parse back with the same joints and frames. In memory: no file per input.
inline void requireWalkReadsBack(PoseStream& stream, int frames) {
  Motion walk;
  walk.skeleton = stream.skeleton();
  walk.fps = stream.fps();
  Pose pose;
  for (int f = 0; f < frames && stream.next(pose); ++f) {
    walk.rootPositions.push_back(pose.rootPosition);
    walk.localRotations.insert(walk.localRotations.end(), pose.localRotations.begin(),
                               pose.localRotations.end());
  }
  if (walk.rootPositions.empty()) return;
  Result<std::string> text = formatBvh(walk);
  if (!text) return;
  Result<BvhDocument> back = parseBvhText(*text, "walk.bvh");
  require(back.ok(), "the walk gives a BVH its reader refuses:", back ? "" : back.error().message);
  require(back->frameCount == walk.frameCount() &&
              static_cast<int>(back->joints.size()) == walk.jointCount(),
          "the walk's BVH has another shape");
}

}  // namespace mg::fuzz
