// SPDX-License-Identifier: MIT
#include "core/param/parametric_graph.h"

#include <filesystem>

namespace mg {

int ParametricGraph::findNode(const std::string& name) const {
  for (int i = 0; i < nodeCount(); ++i) {
    if (nodes[i] && nodes[i]->name() == name) return i;
  }
  for (int i = 0; i < static_cast<int>(nodeSources.size()); ++i) {
    if (nodeSources[i].name == name) return i;
  }
  return -1;
}

std::vector<int> ParametricGraph::outgoingEdges(int node) const {
  std::vector<int> out;
  for (int e = 0; e < static_cast<int>(edges.size()); ++e) {
    if (edges[e].source == node && edges[e].edge.exists) out.push_back(e);
  }
  return out;
}

Result<std::shared_ptr<const ParametricNode>> buildNodeFromSource(const NodeSource& source,
                                                                  const std::string& baseDirectory,
                                                                  const MotionFileLoader& load,
                                                                  const Progress& progress) {
  if (source.name.empty() || source.name.find_first_of(" \t\r\n") != std::string::npos) {
    return Error{"node name '" + source.name + "' must be non-empty without whitespace"};
  }
  if (source.examples.empty())
    return Error{"node '" + source.name + "': no examples (an empty node)"};
  if (!load) return Error{"node '" + source.name + "': no motion loader"};
  std::vector<ExampleSegment> segments;
  std::vector<std::pair<std::string, std::shared_ptr<const Motion>>> loaded;
  for (const ExampleRef& ref : source.examples) {
    std::filesystem::path p(ref.path);
    if (p.is_relative() && !baseDirectory.empty()) p = std::filesystem::path(baseDirectory) / p;
    const std::string resolved = p.lexically_normal().string();
    std::shared_ptr<const Motion> motion;
    for (const auto& [path, m] : loaded) {
      if (path == resolved) motion = m;
    }
    if (!motion) {
      Result<std::shared_ptr<const Motion>> r = load(resolved, 0.0);
      if (!r) return Error{"node '" + source.name + "': " + r.error().message};
      motion = r.value();
      loaded.emplace_back(resolved, motion);
    }
    if (ref.beginFrame < 0 || ref.endFrame > motion->frameCount() ||
        ref.beginFrame >= ref.endFrame) {
      return Error{"node '" + source.name + "': frames [" + std::to_string(ref.beginFrame) + ", " +
                   std::to_string(ref.endFrame) + ") are outside '" + resolved + "' (" +
                   std::to_string(motion->frameCount()) + " frames)"};
    }
    segments.push_back({motion, ref.beginFrame, ref.endFrame});
  }
  // Phases: registration [0, 0.6], then the node's parameter sampling [0.6, 1].
  Result<ParametricSpace> space =
      registerExamples(segments, source.registration, progress.slice(0.0, 0.6));
  if (!space) return Error{"node '" + source.name + "': " + space.error().message};
  auto shared = std::make_shared<const ParametricSpace>(std::move(space.value()));
  Result<ParametricNode> node = buildParametricNode(source.name, shared, source.metrics,
                                                    source.inversion, progress.slice(0.6, 1.0));
  if (!node) return node.error();
  return std::make_shared<const ParametricNode>(std::move(node.value()));
}

Result<int> addEdge(ParametricGraph& graph, int source, int target, const EdgeSettings& settings,
                    const Progress& progress) {
  if (source < 0 || source >= graph.nodeCount() || target < 0 || target >= graph.nodeCount()) {
    return Error{"edge: node index out of range"};
  }
  if (Status s = settings.thresholds.validate(); !s) return s.error();
  EdgeSamplingJob job;
  job.source = graph.nodes[source].get();
  job.target = graph.nodes[target].get();
  job.settings = settings.sampling;
  Result<EdgeSampling> sampling = sampleEdge(job, progress);
  if (!sampling) return sampling.error();
  Result<ParametricEdge> edge = classifyEdge(*sampling, settings.thresholds);
  if (!edge) return edge.error();
  GraphEdge e;
  e.source = source;
  e.target = target;
  e.settings = settings;
  e.sampling = std::make_shared<const EdgeSampling>(std::move(sampling.value()));
  e.edge = std::move(edge.value());
  graph.edges.push_back(std::move(e));
  return static_cast<int>(graph.edges.size()) - 1;
}

Status rethresholdEdge(ParametricGraph& graph, int edge, const EdgeThresholds& thresholds) {
  if (edge < 0 || edge >= static_cast<int>(graph.edges.size()))
    return Error{"edge index out of range"};
  GraphEdge& e = graph.edges[edge];
  if (!e.sampling) {
    return Error{"edge " + e.edge.sourceNode + " -> " + e.edge.targetNode +
                 " has no cached sampling (it was read from a file); sample it again"};
  }
  Result<ParametricEdge> r = classifyEdge(*e.sampling, thresholds);
  if (!r) return r.error();
  e.edge = std::move(r.value());
  e.settings.thresholds = thresholds;
  return Status::success();
}

}  // namespace mg
