// SPDX-License-Identifier: MIT
#pragma once

#include <vector>

#include <QString>

#include "core/util/json_text.h"
#include "core/util/result.h"
#include "widgets/document/parametric_document.h"

namespace mg {

class Project;

// The "pmg" section of the project file (ParametricDocument's ProjectSection): the build spec
// format of core/param (format "mg-pmg-spec", version 1, see core/io/PMG_FORMAT.md), so the same
// reader checks it, plus two fields the spec reader ignores: per example "motion" (index into the
// project's motions list, as the project file stores motions), per node "canvas" [x, y] and per
// edge "sampling_cache" (edge_sampling_cache.h: the edge's sampling with the working rate it was
// computed at, read back when it still fits the edge's settings). Built nodes are not stored:
// they are rebuilt after loading (the editor then checks each cached sampling's rate against its
// rebuilt source node and samples the edges without a valid cache). The
// project file keeps it under the optional key "pmg" (version 1 files: "parametric"); a project
// without parametric nodes has no such section. ParametricDocument's save, check and apply are
// these functions.

// The section for `doc` (null Json when there are no nodes to save). Example "file" paths are
// relative to `projectDirectory` when the motion has a source file. Nodes with an example on a
// motion no longer in the project are left out, with their edges.
Json parametricSectionJson(const ParametricDocument& doc, const Project& project,
                           const QString& projectDirectory);

// A section read and checked, not yet applied: entries with ids 1..n; ParamExample::motion holds
// the index into the project file's motions until applied.
struct ParametricSection {
  std::vector<ParamNodeEntry> nodes;  // built == null
  std::vector<ParamEdgeEntry> edges;  // sampling from "sampling_cache", or null
};

// Reads a section against the project file's motions (in file order). Fails, naming the field,
// as parsePmgSpec, and when an example's "motion" index is missing or out of range or its frames
// are outside that motion. Thread-safe.
Result<ParametricSection> readParametricSection(
    const Json& section, const std::vector<std::shared_ptr<const Motion>>& motions);

// Replaces the document's content with `section` (not undoable: part of loading a project);
// `motionIds[i]` is the MotionId given to the file's i-th motion.
void applyParametricSection(ParametricDocument* doc, ParametricSection section,
                            const std::vector<int>& motionIds);

}  // namespace mg
