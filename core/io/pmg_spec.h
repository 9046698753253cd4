// SPDX-License-Identifier: MIT
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "core/param/parametric_graph.h"
#include "core/param/step_cycles.h"
#include "core/util/json_text.h"

namespace mg {

// A node of a build spec: examples named directly and/or cut from files as step cycles.
struct NodeSpec {
  NodeSource source;                    // examples listed in the spec go here
  std::vector<std::string> cycleFiles;  // files cut into step cycles (relative to the spec)
  StepCycleSettings cycles;
};

// An edge of a build spec, by node names.
struct EdgeSpec {
  std::string source, target;
  EdgeSettings settings;
};

// A graph to build (format "mg-pmg-spec", version 1; see PMG_FORMAT.md for the fields).
struct PmgSpec {
  std::vector<NodeSpec> nodes;
  std::vector<EdgeSpec> edges;
};

// Reads a spec from JSON. Fails, naming the field, on: a wrong format tag or version; a missing
// or mistyped field; an unknown metric, weighting or joint selection; a node without examples
// or cycle files; a repeated node name; an edge naming an unknown node; invalid edge settings
// (e.g. t_good > t_bad, n_s = 0).
Result<PmgSpec> parsePmgSpec(const Json& json);
Result<PmgSpec> readPmgSpec(const std::string& path);

// Called after each edge is built, with its index in graph.edges and the seconds it took.
using EdgeBuiltCallback =
    std::function<void(const ParametricGraph& graph, int edge, double seconds)>;

// How buildGraphFromSpec builds.
struct SpecBuildOptions {
  // false: an example or step cycle that holds a capture glitch frame (core/motion/pose_glitches.h)
  // is left out of its node, with a note.
  bool keepGlitches = false;
  EdgeBuiltCallback onEdge;
  std::function<void(const std::string&)> onNote;  // one line per example left out
};

// Builds the graph: loads files relative to `baseDirectory` (each once), cuts step cycles, builds
// every node, then samples and classifies every edge (edges that do not exist are kept with their
// reason). Fails as buildNodeFromSource and addEdge, and when every example of a node holds a
// glitch.
Result<ParametricGraph> buildGraphFromSpec(const PmgSpec& spec, const std::string& baseDirectory,
                                           const MotionFileLoader& load,
                                           const SpecBuildOptions& options = {},
                                           const Progress& progress = {});

}  // namespace mg
