// SPDX-License-Identifier: MIT
#pragma once

namespace mg {

// A piece of a motion in a collection: frames [beginFrame, endFrame) of motion `motion`.
struct Clip {
  int motion = 0;      // index into the owning collection of motions
  int beginFrame = 0;  // first frame, inclusive
  int endFrame = 0;    // one past the last frame

  int frameCount() const { return endFrame - beginFrame; }
  bool operator==(const Clip&) const = default;
};

}  // namespace mg
