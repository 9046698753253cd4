// SPDX-License-Identifier: MIT
#pragma once

#include <span>
#include <string>
#include <vector>

#include "core/dmg/database_motion_graph.h"
#include "core/util/result.h"

namespace mg {

// A key motion of Zhao et al. 2009 (section 3.2): a named segment of one motion that the
// application needs (a walk cycle, a jump's flight). Frames are at the database motion graph's
// working rate, 0-based, end exclusive. (KEYS.json stores the file's own frame indices;
// core/io/keys_json.h converts.)
struct KeySegment {
  std::string name;    // shown in messages and exports; unique among the segments
  int motion = 0;      // index of the motion in the graph
  int beginFrame = 0;  // first frame, inclusive
  int endFrame = 0;    // one past the last frame
  bool operator==(const KeySegment&) const = default;
};

// Key segments resolved to graph vertices (the paper's user selected vertices).
struct KeyVertices {
  // Vertices of each segment in frame order; frames the graph pruned are left out.
  std::vector<std::vector<int>> segmentVertices;
  std::vector<int> vertices;       // all of them, segment by segment
  std::vector<int> segmentOf;      // per entry of `vertices`: its segment
  int droppedFrames = 0;           // frames of segments that are not in the graph
  std::vector<std::string> notes;  // one line per segment that lost frames, naming it
};

// Fails, naming the segment (and the other one for an overlap), when: a name is empty or
// repeated; a motion index is out of range; a segment is empty (end <= begin) or reaches outside
// its motion; two segments overlap; none of a segment's frames is in the graph (the graph's
// largest strongly connected component leaves it out). There must be at least one segment.
Result<KeyVertices> resolveKeySegments(const DatabaseMotionGraph& graph,
                                       std::span<const KeySegment> segments);

}  // namespace mg
