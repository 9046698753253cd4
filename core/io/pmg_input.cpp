// SPDX-License-Identifier: MIT
// A parametric motion graph text file (PMG_FORMAT.md) as a GraphInput: GraphPlayer walks, steerable
// by heading. Every output frame is a blend, so frames have no single source; the playable source
// is the example segments of the nodes a walk from the first node can reach.
#include <filesystem>
#include <map>

#include "core/io/graph_input.h"
#include "core/io/pmg_text.h"
#include "core/param/graph_player.h"

namespace mg {
namespace {

class PmgInput final : public GraphInput {
 public:
  PmgInput(const std::string& path, std::shared_ptr<const ParametricGraph> graph)
      : GraphInput("pmg", path), m_graph(std::move(graph)) {
    // Nodes a walk from node 0 can reach over existing edges.
    std::vector<bool> reached(static_cast<size_t>(m_graph->nodeCount()), false);
    std::vector<int> todo{0};
    if (!reached.empty()) reached[0] = true;
    while (!todo.empty()) {
      const int n = todo.back();
      todo.pop_back();
      for (int e : m_graph->outgoingEdges(n)) {
        const int t = m_graph->edges[static_cast<size_t>(e)].target;
        if (!reached[static_cast<size_t>(t)])
          reached[static_cast<size_t>(t)] = true, todo.push_back(t);
      }
    }
    std::map<std::string, int> sourceOf;
    for (int n = 0; n < m_graph->nodeCount(); ++n) {
      for (const RegisteredExample& ex : m_graph->nodes[static_cast<size_t>(n)]->space().examples) {
        const ExampleSegment& s = ex.segment;
        std::error_code ec;
        const std::string file =
            s.motion->sourcePath.empty()
                ? std::string()
                : std::filesystem::absolute(s.motion->sourcePath, ec).lexically_normal().string();
        auto [it, added] = sourceOf.emplace(file, static_cast<int>(m_sources.size()));
        if (added) m_sources.push_back({file, 0});  // example frames count the whole file
        m_size.framesKept += s.endFrame - s.beginFrame;
        ++m_size.clips;
        if (reached[static_cast<size_t>(n)]) {
          m_spans.push_back({it->second, s.beginFrame / s.motion->fps, s.endFrame / s.motion->fps});
        }
      }
    }
    for (const GraphEdge& e : m_graph->edges) m_size.transitions += e.edge.exists ? 1 : 0;
    m_size.fileBytes = bytesOnDisk(path);
    m_size.buildSeconds = m_graph->buildSeconds;
  }

  double fps() const override { return m_graph->nodes.front()->space().fps; }
  bool steerable() const override { return true; }

  Result<std::unique_ptr<PoseStream>> makeStream(std::uint64_t seed) const override {
    PlayerSettings settings;
    settings.seed = seed;
    Result<GraphPlayer> player = GraphPlayer::create(m_graph, 0, std::nullopt, settings);
    if (!player) return Error{path() + ": " + player.error().message};
    return std::unique_ptr<PoseStream>(std::make_unique<GraphPlayer>(std::move(player.value())));
  }

  SourceTime toSource(SourceFrame) const override { return {}; }  // every frame is a blend
  std::vector<SourceSpan> playableSpans() const override { return m_spans; }

 private:
  std::shared_ptr<const ParametricGraph> m_graph;
  std::vector<SourceSpan> m_spans;
};

}  // namespace

GraphInputKind pmgGraphInputKind() {
  GraphInputKind kind;
  kind.name = "pmg";
  kind.description = "parametric motion graph text file (.pmg)";
  kind.claims = [](const std::string& path) {
    std::error_code ec;
    return std::filesystem::path(path).extension() == ".pmg" &&
           std::filesystem::is_regular_file(path, ec);
  };
  kind.open = [](const std::string& path,
                 const MotionFileLoader& load) -> Result<std::unique_ptr<GraphInput>> {
    Result<ParametricGraph> graph = readPmgText(path, load);
    if (!graph) return graph.error();
    if (graph->nodeCount() == 0) return Error{path + ": the graph has no node to walk"};
    auto shared = std::make_shared<const ParametricGraph>(std::move(graph.value()));
    return std::unique_ptr<GraphInput>(std::make_unique<PmgInput>(path, std::move(shared)));
  };
  return kind;
}

}  // namespace mg
