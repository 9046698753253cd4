// SPDX-License-Identifier: MIT
#pragma once

#include <memory>
#include <string>

#include "core/param/parametric_edge.h"
#include "core/util/json_text.h"

namespace mg {

// An edge's sampling (the expensive stage, n_s x n_t transition grids) kept in the project file,
// so opening a project does not sample every edge again. It is a cache: stored with the working
// rate it was computed at (the source node's frame rate, as sampleEdge uses) and read back only
// when it matches the edge's sampling settings; anything else is dropped and the edge is sampled
// anew. Parameters are JSON numbers (exact); the three n_s x n_t float arrays are base64 of
// little-endian IEEE floats, so a 50 x 1000 edge takes about 0.8 MB.
Json edgeSamplingCacheJson(const EdgeSampling& sampling, double workingFps);

// The sampling stored in `cache` for an edge with `settings` from `sourceNode` to `targetNode`,
// with settings.metric.workingFps set to the stored working rate (check it against the source
// node once built). Null when the cache is malformed, of other settings or sizes, or not finite.
std::shared_ptr<const EdgeSampling> readEdgeSamplingCache(const Json& cache,
                                                          const EdgeSamplingSettings& settings,
                                                          const std::string& sourceNode,
                                                          const std::string& targetNode);

}  // namespace mg
