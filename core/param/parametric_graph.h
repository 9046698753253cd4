// SPDX-License-Identifier: MIT
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "core/motion/motion_file_loader.h"
#include "core/param/parametric_edge.h"
#include "core/param/parametric_node.h"
#include "core/util/progress.h"
#include "core/util/result.h"

namespace mg {

// An example named the way files name it: a capture file and a frame range.
struct ExampleRef {
  std::string path;    // as written in a file: relative to that file, or absolute
  int beginFrame = 0;  // inclusive, frames of the file at its own rate
  int endFrame = 0;    // exclusive
};

// Everything needed to rebuild a node deterministically from its capture files.
struct NodeSource {
  std::string name;  // unique in the graph, no whitespace
  std::vector<ExampleRef> examples;
  RegistrationSettings registration;
  std::vector<ParameterMetric> metrics;
  InversionSettings inversion;
};

// One edge of a graph: author settings, the cached expensive stage (null when the edge was read
// from a file) and the current cheap-stage result.
struct GraphEdge {
  int source = 0, target = 0;  // node indices
  EdgeSettings settings;
  std::shared_ptr<const EdgeSampling> sampling;
  ParametricEdge edge;
};

// A parametric motion graph. Nodes are shared immutable; edges are values.
struct ParametricGraph {
  std::vector<NodeSource> nodeSources;  // one per node, same order
  std::vector<std::shared_ptr<const ParametricNode>> nodes;
  std::vector<GraphEdge> edges;
  // Informative: wall time the nodes and edges took to build, as graph files record it (the
  // quality report shows it); < 0 when unknown.
  double buildSeconds = -1;

  int nodeCount() const { return static_cast<int>(nodes.size()); }
  int findNode(const std::string& name) const;  // index or -1
  // Edges leaving node `node` that exist (edge.exists), in edge order.
  std::vector<int> outgoingEdges(int node) const;
};

// Loads the examples of `source` (paths resolved against `baseDirectory` unless absolute),
// registers them and builds the node. Fails when: the name is empty or has whitespace; there
// are no examples; a file cannot be loaded; a frame range is outside its motion; and as
// registerExamples and buildParametricNode.
Result<std::shared_ptr<const ParametricNode>> buildNodeFromSource(const NodeSource& source,
                                                                  const std::string& baseDirectory,
                                                                  const MotionFileLoader& load,
                                                                  const Progress& progress = {});

// Samples and classifies the edge source -> target of `graph` with `settings` and appends it
// (also when it does not exist: edge.exists and edge.why tell). Fails when a node index is out
// of range or sampleEdge / classifyEdge fail.
Result<int> addEdge(ParametricGraph& graph, int source, int target, const EdgeSettings& settings,
                    const Progress& progress = {});

// Re-derives one edge's boxes for new thresholds from its cached sampling (the cheap stage).
// Fails when the edge index is out of range, it has no cached sampling (read from a file), or
// the thresholds are invalid.
Status rethresholdEdge(ParametricGraph& graph, int edge, const EdgeThresholds& thresholds);

}  // namespace mg
