// SPDX-License-Identifier: MIT
#include "core/subgraph/key_segments.h"

#include <algorithm>
#include <set>

namespace mg {

Result<KeyVertices> resolveKeySegments(const DatabaseMotionGraph& graph,
                                       std::span<const KeySegment> segments) {
  if (segments.empty()) return Error{"key motions: no key segment given"};
  std::set<std::string> names;
  for (const KeySegment& s : segments) {
    const std::string key = "key '" + s.name + "'";
    if (s.name.empty()) return Error{"key motions: a key segment has no name"};
    if (!names.insert(s.name).second)
      return Error{"key motions: two key segments are named '" + s.name + "'"};
    if (s.motion < 0 || s.motion >= graph.motionCount()) {
      return Error{key + " names motion " + std::to_string(s.motion) + ", but there are " +
                   std::to_string(graph.motionCount()) + " motions"};
    }
    if (s.endFrame <= s.beginFrame) {
      return Error{key + " is empty (frames " + std::to_string(s.beginFrame) + " to " +
                   std::to_string(s.endFrame) + ")"};
    }
    const int frames = graph.motionFrameCounts()[s.motion];
    if (s.beginFrame < 0 || s.endFrame > frames) {
      return Error{key + " (frames " + std::to_string(s.beginFrame) + " to " +
                   std::to_string(s.endFrame) + ") lies outside its motion, which has " +
                   std::to_string(frames) + " frames at the working rate"};
    }
  }
  for (size_t a = 0; a < segments.size(); ++a) {
    for (size_t b = a + 1; b < segments.size(); ++b) {
      const KeySegment &x = segments[a], &y = segments[b];
      if (x.motion == y.motion && x.beginFrame < y.endFrame && y.beginFrame < x.endFrame) {
        return Error{"key '" + x.name + "' and key '" + y.name + "' overlap"};
      }
    }
  }
  KeyVertices keys;
  for (size_t i = 0; i < segments.size(); ++i) {
    const KeySegment& s = segments[i];
    std::vector<int> vs;
    for (int f = s.beginFrame; f < s.endFrame; ++f) {
      const int v = graph.vertexOf(s.motion, f);
      if (v >= 0) vs.push_back(v);
    }
    const int lost = s.endFrame - s.beginFrame - static_cast<int>(vs.size());
    if (vs.empty()) {
      return Error{"key '" + s.name +
                   "': none of its frames is in the motion graph (they lie "
                   "outside its largest strongly connected component); pick other frames or "
                   "raise the threshold"};
    }
    if (lost > 0) {
      keys.droppedFrames += lost;
      keys.notes.push_back("key '" + s.name + "': " + std::to_string(lost) +
                           " frames are not in the motion graph and are left out");
    }
    for (int v : vs) {
      keys.vertices.push_back(v);
      keys.segmentOf.push_back(static_cast<int>(i));
    }
    keys.segmentVertices.push_back(std::move(vs));
  }
  return keys;
}

}  // namespace mg
