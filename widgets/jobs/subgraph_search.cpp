// SPDX-License-Identifier: MIT
#include "widgets/jobs/subgraph_search.h"

#include <algorithm>
#include <climits>
#include <cmath>

#include "core/dmg/dmg_builder.h"
#include "core/graph/graph_search.h"
#include "core/subgraph/requirement.h"
#include "core/util/stopwatch.h"

namespace mg {

namespace {

QString text(const Error& e) {
  return QString::fromStdString(e.message);
}

// The per-segment-pair times and the manual-mode measures of `outcome` (keys already resolved).
void summarise(const DatabaseMotionGraph& graph, const KeyVertices& keys, const Requirement& req,
               SubgraphOutcome& out) {
  const int k = static_cast<int>(keys.segmentVertices.size());
  out.keySegments = k;
  std::vector<int> segmentOfVertex(graph.vertexCount(), -1);
  for (size_t i = 0; i < keys.vertices.size(); ++i)
    segmentOfVertex[keys.vertices[i]] = keys.segmentOf[i];
  auto groupSegment = [&](int group) {
    return req.kind == RequirementKind::ClipToClip ? group : keys.segmentOf[group];
  };
  out.segmentPairs.assign(static_cast<size_t>(k) * k, {});
  const double unitsPerFrame = req.kind == RequirementKind::Quality ? kQualityUnitsPerCost : 1.0;
  for (size_t p = 0; p < out.subgraph.pairs.size(); ++p) {
    const VerifiedPair& pair = out.subgraph.pairs[p];
    const int a = segmentOfVertex[pair.source], b = groupSegment(pair.group);
    if (a < 0 || b < 0) continue;
    SegmentPairTimes& cell = out.segmentPairs[static_cast<size_t>(a) * k + b];
    auto worst = [](int& into, int frames) {
      if (into < 0) return;
      into = frames == INT_MAX ? -1 : std::max(into, frames);
    };
    ++cell.pairs;
    worst(cell.subgraphFrames, pair.subgraphFrames);
    const int core = p < out.core.pairs.size() ? out.core.pairs[p].subgraphFrames : INT_MAX;
    if (!out.core.pairs.empty()) worst(cell.coreFrames, core);
    cell.boundFrames =
        std::max(cell.boundFrames, static_cast<int>(std::ceil(pair.boundUnits / unitsPerFrame)));
    cell.satisfied += pair.satisfied;
    out.subgraphFramesOfPair.push_back(pair.subgraphFrames);
    out.coreFramesOfPair.push_back(core);
  }
  out.satisfaction = out.subgraph.pairs.empty()
                         ? 0.0
                         : static_cast<double>(out.subgraph.satisfied) / out.subgraph.pairs.size();
  // Connectivity: ordered pairs of distinct key segments the kept frames join at all.
  VertexMask kept(graph.vertexCount(), 0);
  for (int v : out.result.vertices) kept[v] = 1;
  int joined = 0;
  for (int a = 0; a < k; ++a) {
    std::vector<int> sources;
    for (int v : keys.segmentVertices[a]) {
      if (kept[v]) sources.push_back(v);
    }
    const ShortestPathTree tree = breadthFirst(graph.graph(), sources, kept);
    for (int b = 0; b < k; ++b) {
      if (a == b) continue;
      joined += std::any_of(keys.segmentVertices[b].begin(), keys.segmentVertices[b].end(),
                            [&](int v) { return tree.distance[v] != kUnreachable; });
    }
  }
  out.connectivity = k > 1 ? static_cast<double>(joined) / (k * (k - 1)) : 1.0;
}

}  // namespace

std::vector<int> chosenVertices(const DatabaseMotionGraph& graph,
                                const SubgraphSearchInput& input) {
  std::vector<int> out;
  for (const SubgraphSearchInput::Stretch& s : input.chosen) {
    for (int f = s.beginFrame; f < s.endFrame; ++f) {
      const int v = graph.vertexOf(s.motion, f);
      if (v >= 0) out.push_back(v);
    }
  }
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

void runSubgraphSearch(const SubgraphSearchInput& input, bool search,
                       JobContext<SubgraphSearchUpdate>& job) {
  Stopwatch clock;
  auto outcome = std::make_shared<SubgraphOutcome>();
  outcome->thresholdM2 = input.thresholdM2;
  outcome->searched = search;
  auto finish = [&] {
    outcome->seconds = clock.seconds();
    SubgraphSearchUpdate last;
    last.iterations = outcome->result.iterations;
    last.outcome = outcome;
    job.addResult(std::move(last));
  };
  auto progress = [&](double from, double to, const QString& phase) {
    job.setPhase(phase);
    return job.progress().slice(from, to);
  };
  if (!input.frames || input.working.empty()) {
    outcome->error =
        QStringLiteral("Load motions first: the subgraph is chosen from their frames.");
    return finish();
  }
  if (input.keys.empty()) {
    outcome->error = QStringLiteral("Drag key segments on the timeline first.");
    return finish();
  }
  std::shared_ptr<const DatabaseMotionGraph> graph = input.cachedGraph;
  double graphShare = 0.0;
  if (!graph) {
    DmgBuildSettings settings;
    settings.metric = input.frames->settings;
    settings.threshold = input.thresholdM2;
    settings.excludeDiagonalFrames =
        std::max(1, static_cast<int>(std::lround(15.0 * settings.metric.workingFps / 30.0)));
    graphShare = 0.4;
    Result<DmgBuildResult> built = buildDatabaseMotionGraph(
        *input.frames, settings, progress(0.0, graphShare, QStringLiteral("Database motion graph")),
        input.leftOut);
    if (job.cancelled()) return;
    if (!built) {
      outcome->error = text(built.error());
      return finish();
    }
    graph = std::make_shared<const DatabaseMotionGraph>(std::move(built->graph));
  }
  outcome->graph = graph;
  Result<KeyVertices> keys = resolveKeySegments(*graph, input.keys);
  if (!keys) {
    outcome->error = text(keys.error());
    return finish();
  }
  const std::vector<int> chosen = chosenVertices(*graph, input);
  if (search) {
    SubgraphJob isa;
    isa.graph = graph.get();
    isa.keys = input.keys;
    isa.requirement = input.requirement;
    isa.settings = input.isa;
    isa.include = chosen;
    std::vector<IsaIteration> iterations;
    isa.onIteration = [&](const IsaIteration& it) {
      iterations.push_back(it);
      job.addResult(SubgraphSearchUpdate{iterations, nullptr});
    };
    Result<SubgraphResult> result = findMinimumSubgraph(
        isa, progress(graphShare, 0.9, QStringLiteral("Iterative Sub-graph Algorithm")));
    if (job.cancelled()) return;
    if (!result) {
      outcome->error = text(result.error());
      return finish();
    }
    outcome->result = std::move(result.value());
  } else {
    // Manual mode: the keys and the chosen stretches as they are.
    std::vector<std::uint8_t> isKey(graph->vertexCount(), 0);
    for (int v : keys->vertices) isKey[v] = 1;
    std::vector<int> kept = chosen;
    kept.insert(kept.end(), keys->vertices.begin(), keys->vertices.end());
    std::sort(kept.begin(), kept.end());
    kept.erase(std::unique(kept.begin(), kept.end()), kept.end());
    for (int v : kept) {
      outcome->result.vertices.push_back(v);
      outcome->result.reasons.push_back(isKey[v] ? KeptReason::Key : KeptReason::Chosen);
    }
    outcome->result.edges = 0;
    for (int v : kept) {
      for (int t : graph->graph().out(v))
        outcome->result.edges += std::binary_search(kept.begin(), kept.end(), t);
    }
  }
  job.setPhase(QStringLiteral("Checking every key pair"));
  job.progress().report(0.92);
  Result<VerificationReport> verified =
      verifySubgraph(*graph, input.keys, input.requirement, outcome->result.vertices, 5);
  if (!verified) {
    outcome->error = text(verified.error());
    return finish();
  }
  outcome->subgraph = std::move(verified.value());
  if (search) {
    Result<VerificationReport> core =
        verifySubgraph(*graph, input.keys, input.requirement, outcome->result.coreVertices, 0);
    if (core) outcome->core = std::move(core.value());
  }
  if (job.cancelled()) return;
  summarise(*graph, keys.value(), input.requirement, *outcome);
  job.setPhase(QString());
  job.progress().report(1.0);
  finish();
}

}  // namespace mg
