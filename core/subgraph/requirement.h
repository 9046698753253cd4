// SPDX-License-Identifier: MIT
#pragma once

#include <string>
#include <vector>

#include "core/dmg/database_motion_graph.h"
#include "core/subgraph/key_segments.h"
#include "core/util/result.h"

namespace mg {

// The four user requirements of Zhao et al. 2009 (sections 3.2 and 3.4.2).
enum class RequirementKind {
  PairTime = 1,    // (1) every ordered pair of key vertices within gamma frames
  DmgMinimum = 2,  // (2) every ordered pair of key vertices as fast as in the whole DMG
  ClipToClip = 3,  // (3) from the last frame of every key segment to one of the first
                   //     entryFrames frames of every key segment (itself included) within gamma
  Quality = 4,     // (4) as (1), but a path costs sum(alpha c_t + frameCost) over its edges
};

// A requirement and its numbers. Wherever the whole DMG cannot meet the bound for a pair, that
// pair's bound becomes the DMG's own minimum (section 3.2), so every valid requirement can be met.
//
// Path lengths are integers in "units": one unit per edge (frame) for requirements 1-3; for
// requirement 4 an edge is ceil(kQualityUnitsPerCost x (alpha c_t + frameCost)) units and the
// bound is gamma x kQualityUnitsPerCost: the discretisation the paper's dynamic programme needs,
// rounded up so a path the search accepts is never over the real bound by more than rounding.
struct Requirement {
  RequirementKind kind = RequirementKind::PairTime;
  int gamma = 40;          // frames (1-3) or quality cost (4); in [1, kMaxGamma]
  double alpha = 10.0;     // (4) weight of the transition cost c_t in [0, 1]; >= 0
  double frameCost = 1.0;  // (4) cost of one frame of transition time (the paper's gamma); > 0
  int entryFrames = 10;    // (3) how many first frames of a segment count as its beginning; >= 1
  // When set, gamma is a hard limit (1, 3, 4): a pair whose DMG minimum is longer is an error
  // naming it, instead of being relaxed to that minimum as the paper does.
  bool strict = false;

  // Fails when: the kind is not 1-4; gamma is outside [1, kMaxGamma]; alpha or frameCost is not
  // finite, alpha < 0, frameCost <= 0 (for requirement 4); entryFrames < 1.
  Status validate() const;
};

inline constexpr int kMaxGamma = 2000;          // bounds the DP's memory (gamma x vertices)
inline constexpr int kQualityUnitsPerCost = 4;  // requirement 4's discretisation

// Units of every edge of `graph` under the requirement (edge-id order).
std::vector<int> edgeUnits(const DatabaseMotionGraph& graph, const Requirement& requirement);
// The requirement's bound in units (before any pair is relaxed to the DMG's minimum).
int boundUnits(const Requirement& requirement);

// The ordered pairs a requirement constrains. A pair runs from one source vertex to the nearest
// vertex of a target group: each key vertex is its own group for requirements 1, 2 and 4 (pairs
// s != t), a segment's first entryFrames vertices form one group for requirement 3 (sources are
// the segments' last vertices).
struct KeyPairs {
  std::vector<std::vector<int>> groups;   // target vertex sets (graph vertex ids)
  std::vector<std::string> groupLabels;   // "key 'walk' frame 12" / "beginning of key 'jump'"
  std::vector<std::string> sourceLabels;  // "key 'walk' frame 12" / "the end of key 'walk'"
  struct Pair {
    int source = 0;       // vertex id
    int group = 0;        // index into groups
    int sourceLabel = 0;  // index into sourceLabels
  };
  std::vector<Pair> pairs;
  std::string label(const Pair& p) const {
    return sourceLabels[p.sourceLabel] + " -> " + groupLabels[p.group];
  }
};
KeyPairs keyPairs(const DatabaseMotionGraph& graph, const KeyVertices& keys,
                  std::span<const KeySegment> segments, const Requirement& requirement);

// The bound of one pair given its DMG minimum distance `dmgUnits` (kUnreachable-safe): gamma, the
// minimum for requirement 2, and the minimum wherever it exceeds gamma.
int pairBound(const Requirement& requirement, int dmgUnits);

}  // namespace mg
