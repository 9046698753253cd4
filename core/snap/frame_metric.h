// SPDX-License-Identifier: MIT
#pragma once

#include <functional>
#include <span>

#include "core/motion/floor_transform.h"

namespace mg {

// One frame of one motion of a collection.
struct FrameRef {
  int motion = 0;  // index into the collection
  int frame = 0;   // frame index in that motion
  bool operator==(const FrameRef&) const = default;
};

// The frame metric's answer for a pair of frames (a, b).
struct FramePairMatch {
  double distance = 0.0;     // D(a, b) >= 0, in the metric's units
  FloorTransform alignment;  // maps b's coordinates onto a's (applied to b's pose it best fits a)
};

// The frame distance and alignment, supplied by core/metric (or a test's slow reference).
// Must be callable from the calling thread; snap calls it only a few times per match frame.
using FramePairMetric = std::function<FramePairMatch(const FrameRef& a, const FrameRef& b)>;

// D(query, .) over all frames of motion `motion`: a row of that motion's frameCount() distances.
// The span must stay valid until the next call. Used by hub suggestion, which scans every frame.
using DistanceRowSource = std::function<std::span<const float>(const FrameRef& query, int motion)>;

}  // namespace mg
