// SPDX-License-Identifier: MIT
#pragma once

#include <memory>
#include <vector>

#include "core/motion/motion.h"
#include "core/util/json_text.h"
#include "core/util/result.h"
#include "widgets/document/subgraph_document.h"

namespace mg {

class Project;

// The optional "subgraph" section of a project file (version 1 files without it still load):
//   {"keys": [{"name", "colour": "#rrggbb", "motion": index, "begin_seconds", "end_seconds"}],
//    "settings": {"requirement", "gamma", "alpha", "frame_cost", "entry_frames", "strict",
//                 "from_core", "threshold_m2", "max_iterations"},
//    "choices": [{"motion": index, "begin_seconds", "end_seconds"}]}
// `motion` is the index into the file's "motions". Null when the document is empty (nothing is
// written). Keys and choices of motions no longer in the project are left out.
Json subgraphSectionJson(const SubgraphDocument& doc, const Project& project);

// A section read and checked, not yet applied: key ids 1..n, motions as file indices.
struct SubgraphSection {
  std::vector<SubgraphKeySpec> keys;
  SubgraphSettings settings;
  std::vector<SubgraphChoice> choices;
};

// Fails, naming the key or field, when: a field is missing or of the wrong type; a name is empty
// or repeated; a colour is not a colour; a motion index is out of range; a time is negative, not
// finite, past its motion's end, or end <= begin; a setting is out of its range (requirement 1-4,
// gamma 1-2000, alpha >= 0, frame cost > 0, entry frames >= 1, threshold > 0, iterations >= 1).
Result<SubgraphSection> readSubgraphSection(
    const Json& section, const std::vector<std::shared_ptr<const Motion>>& motions);

// Replaces the document's content (not undoable: part of loading a project); `motionIds[i]` is
// the MotionId given to the file's i-th motion.
void applySubgraphSection(SubgraphDocument* doc, SubgraphSection section,
                          const std::vector<int>& motionIds);

}  // namespace mg
