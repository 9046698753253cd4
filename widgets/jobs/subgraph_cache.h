// SPDX-License-Identifier: MIT
#pragma once

#include <memory>
#include <string>

#include "core/util/json_text.h"
#include "core/util/result.h"
#include "widgets/jobs/subgraph_search.h"

namespace mg {

class Project;

// The subgraph search's cache beside the project (widgets/document/result_cache.h).
inline constexpr const char* kSubgraphCacheName = "subgraph.cache";

// The inputs of a search of `project`, as cache inputs: its motions' fingerprints, import and
// metric settings and the "subgraph" section (keys, requirement, hand-picked stretches).
Json subgraphCacheInputs(const Project& project);

// The payload: every field of `outcome` (its database motion graph included), binary
// (QDataStream, Qt 6.0 layout, little-endian), so a reopened project shows the result without
// building the graph or searching again.
std::string encodeSubgraphOutcome(const SubgraphOutcome& outcome);
// Fails when the payload is truncated, has another tag or version, or its graph does not
// validate (DatabaseMotionGraph::create).
Result<std::shared_ptr<const SubgraphOutcome>> decodeSubgraphOutcome(const std::string& payload);

}  // namespace mg
