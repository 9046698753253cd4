// SPDX-License-Identifier: MIT
#include "core/snap/hub_graph.h"

#include <algorithm>
#include <limits>
#include <string>
#include <tuple>

namespace mg {
namespace {

struct Located {
  FrameRef ref;
  int hub;
  int match;
};

std::vector<Located> allMatchFramesSorted(const std::vector<Hub>& hubs) {
  std::vector<Located> all;
  for (size_t h = 0; h < hubs.size(); ++h) {
    for (size_t i = 0; i < hubs[h].matchFrames.size(); ++i) {
      all.push_back({hubs[h].matchFrames[i].ref, static_cast<int>(h), static_cast<int>(i)});
    }
  }
  std::sort(all.begin(), all.end(), [](const Located& a, const Located& b) {
    return std::tie(a.ref.motion, a.ref.frame) < std::tie(b.ref.motion, b.ref.frame);
  });
  return all;
}

}  // namespace

DirectedGraph HubGraph::graph() const {
  DirectedGraph g;
  g.nodeCount = static_cast<int>(hubs.size());
  for (const HubEdge& e : edges) g.edges.push_back({e.fromHub, e.toHub});
  return g;
}

Status HubGraph::validate() const {
  for (int n : frameCounts) {
    if (n < 1) return Error{"hub graph: a motion has no frames"};
  }
  const int motions = static_cast<int>(frameCounts.size());
  for (size_t h = 0; h < hubs.size(); ++h) {
    const Hub& hub = hubs[h];
    if (hub.matchFrames.empty()) return Error{"hub graph: hub " + std::to_string(h) + " is empty"};
    if (hub.baseMatch < 0 || hub.baseMatch >= static_cast<int>(hub.matchFrames.size())) {
      return Error{"hub graph: hub " + std::to_string(h) + " has a bad base frame index"};
    }
    for (const MatchFrame& m : hub.matchFrames) {
      if (m.ref.motion < 0 || m.ref.motion >= motions || m.ref.frame < 1 ||
          m.ref.frame >= frameCounts[m.ref.motion] - 1) {
        return Error{"hub graph: hub " + std::to_string(h) + " has match frame " +
                     std::to_string(m.ref.frame) + " of motion " + std::to_string(m.ref.motion) +
                     ", which is not an interior frame"};
      }
    }
  }
  const std::vector<Located> all = allMatchFramesSorted(hubs);
  for (size_t i = 1; i < all.size(); ++i) {
    if (all[i].ref.motion == all[i - 1].ref.motion && all[i].ref.frame - all[i - 1].ref.frame < 3) {
      return Error{"hub graph: match frames " + std::to_string(all[i - 1].ref.frame) + " and " +
                   std::to_string(all[i].ref.frame) + " of motion " +
                   std::to_string(all[i].ref.motion) + " are fewer than 3 frames apart"};
    }
  }
  for (size_t e = 0; e < edges.size(); ++e) {
    const HubEdge& edge = edges[e];
    const std::string name = "hub graph: edge " + std::to_string(e);
    if (edge.fromHub < 0 || edge.fromHub >= static_cast<int>(hubs.size()) || edge.toHub < 0 ||
        edge.toHub >= static_cast<int>(hubs.size())) {
      return Error{name + " names a missing hub"};
    }
    const Hub& from = hubs[edge.fromHub];
    const Hub& to = hubs[edge.toHub];
    if (edge.fromMatch < 0 || edge.fromMatch >= static_cast<int>(from.matchFrames.size()) ||
        edge.toMatch < 0 || edge.toMatch >= static_cast<int>(to.matchFrames.size())) {
      return Error{name + " names a missing match frame"};
    }
    const FrameRef a = from.matchFrames[edge.fromMatch].ref;
    const FrameRef b = to.matchFrames[edge.toMatch].ref;
    if (a.motion != b.motion || edge.clip != Clip{a.motion, a.frame, b.frame} ||
        b.frame <= a.frame) {
      return Error{name + "'s clip does not run between its match frames"};
    }
  }
  return Status::success();
}

Result<Hub> makeHub(std::span<const MatchCandidate> matches, const FramePairMetric& metric) {
  if (matches.empty()) return Error{"make hub: the match set is empty"};
  if (!metric) return Error{"make hub: no frame metric given"};
  const size_t n = matches.size();
  size_t base = 0;
  double bestSum = std::numeric_limits<double>::infinity();
  for (size_t i = 0; i < n; ++i) {
    double sum = 0.0;
    for (size_t j = 0; j < n; ++j) {
      if (i != j) sum += metric(matches[i].ref, matches[j].ref).distance;
    }
    if (sum < bestSum) {
      bestSum = sum;
      base = i;
    }
  }
  Hub hub;
  hub.baseMatch = static_cast<int>(base);
  for (size_t j = 0; j < n; ++j) {
    if (j == base) {
      hub.matchFrames.push_back({matches[j].ref, FloorTransform{}, 0.0});
      continue;
    }
    const FramePairMatch m = metric(matches[base].ref, matches[j].ref);
    hub.matchFrames.push_back({matches[j].ref, m.alignment, m.distance});
  }
  return hub;
}

Result<HubGraph> buildHubGraph(std::span<const int> frameCounts, std::vector<Hub> hubs) {
  HubGraph graph;
  graph.frameCounts.assign(frameCounts.begin(), frameCounts.end());
  graph.hubs = std::move(hubs);
  const std::vector<Located> all = allMatchFramesSorted(graph.hubs);
  for (size_t i = 1; i < all.size(); ++i) {
    const Located& a = all[i - 1];
    const Located& b = all[i];
    if (a.ref.motion != b.ref.motion || b.ref.frame <= a.ref.frame) continue;
    graph.edges.push_back(
        {a.hub, b.hub, a.match, b.match, Clip{a.ref.motion, a.ref.frame, b.ref.frame}});
  }
  if (Status s = graph.validate(); !s) return s.error();
  return graph;
}

std::vector<int> deadEndHubs(const HubGraph& graph) {
  return deadEndNodes(graph.graph());
}

HubGraph pruneDeadEnds(const HubGraph& graph) {
  const InducedSubgraph sub = pruneToLargestComponent(graph.graph());
  HubGraph out;
  out.frameCounts = graph.frameCounts;
  for (int old : sub.oldNodeOfNew) out.hubs.push_back(graph.hubs[old]);
  for (int oldEdge : sub.oldEdgeOfNew) {
    HubEdge e = graph.edges[oldEdge];
    e.fromHub = sub.newNodeOfOld[e.fromHub];
    e.toHub = sub.newNodeOfOld[e.toHub];
    out.edges.push_back(e);
  }
  return out;
}

std::vector<std::vector<MatchSlot>> matchSlotsPerMotion(const HubGraph& graph) {
  std::vector<std::vector<MatchSlot>> slots(graph.frameCounts.size());
  for (size_t h = 0; h < graph.hubs.size(); ++h) {
    const auto& frames = graph.hubs[h].matchFrames;
    for (size_t i = 0; i < frames.size(); ++i) {
      slots[frames[i].ref.motion].push_back(
          {static_cast<int>(h), static_cast<int>(i), frames[i].ref.frame});
    }
  }
  for (auto& s : slots) {
    std::sort(s.begin(), s.end(),
              [](const MatchSlot& a, const MatchSlot& b) { return a.frame < b.frame; });
  }
  return slots;
}

}  // namespace mg
