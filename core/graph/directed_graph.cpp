// SPDX-License-Identifier: MIT
#include "core/graph/directed_graph.h"

#include <algorithm>
#include <string>

namespace mg {

std::vector<std::vector<int>> DirectedGraph::outEdges() const {
  std::vector<std::vector<int>> out(static_cast<size_t>(std::max(nodeCount, 0)));
  for (size_t e = 0; e < edges.size(); ++e) out[edges[e].from].push_back(static_cast<int>(e));
  return out;
}

Status DirectedGraph::validate() const {
  if (nodeCount < 0) return Error{"graph: negative node count"};
  for (size_t e = 0; e < edges.size(); ++e) {
    const Edge& edge = edges[e];
    if (edge.from < 0 || edge.from >= nodeCount || edge.to < 0 || edge.to >= nodeCount) {
      return Error{"graph: edge " + std::to_string(e) + " names a node outside [0, " +
                   std::to_string(nodeCount) + ")"};
    }
  }
  return Status::success();
}

StronglyConnectedComponents stronglyConnectedComponents(const DirectedGraph& graph) {
  std::vector<std::pair<int, int>> edges;
  edges.reserve(graph.edges.size());
  for (const DirectedGraph::Edge& e : graph.edges) edges.emplace_back(e.from, e.to);
  // The stable CSR keeps each node's out-edges in edge order, as outEdges() lists them.
  return stronglyConnectedComponents(CsrGraph::fromEdges(graph.nodeCount, edges));
}

StronglyConnectedComponents stronglyConnectedComponents(const CsrGraph& graph) {
  const int n = graph.vertexCount;
  StronglyConnectedComponents result;
  result.component.assign(n, -1);
  std::vector<int> index(n, -1), lowLink(n, 0);
  std::vector<bool> onStack(n, false);
  std::vector<int> stack;
  // Explicit DFS frames: the node and how many of its out-edges have been followed.
  struct Frame {
    int node;
    int nextEdge;  // edge id of the next out-edge to follow
  };
  std::vector<Frame> dfs;
  int counter = 0;
  for (int root = 0; root < n; ++root) {
    if (index[root] >= 0) continue;
    dfs.push_back({root, graph.edgeBegin(root)});
    index[root] = lowLink[root] = counter++;
    stack.push_back(root);
    onStack[root] = true;
    while (!dfs.empty()) {
      Frame& frame = dfs.back();
      const int v = frame.node;
      if (frame.nextEdge < graph.edgeEnd(v)) {
        const int w = graph.targets[frame.nextEdge++];
        if (index[w] < 0) {
          index[w] = lowLink[w] = counter++;
          stack.push_back(w);
          onStack[w] = true;
          dfs.push_back(
              {w, graph.edgeBegin(w)});  // invalidates `frame`; it is not used again this turn
        } else if (onStack[w]) {
          lowLink[v] = std::min(lowLink[v], index[w]);
        }
        continue;
      }
      if (lowLink[v] == index[v]) {
        int size = 0;
        int w;
        do {
          w = stack.back();
          stack.pop_back();
          onStack[w] = false;
          result.component[w] = result.componentCount;
          ++size;
        } while (w != v);
        result.sizes.push_back(size);
        ++result.componentCount;
      }
      dfs.pop_back();
      if (!dfs.empty()) {
        const int parent = dfs.back().node;
        lowLink[parent] = std::min(lowLink[parent], lowLink[v]);
      }
    }
  }
  return result;
}

int largestComponent(const StronglyConnectedComponents& scc) {
  const int n = static_cast<int>(scc.component.size());
  int best = -1;
  // Walk nodes in index order so that ties go to the component holding the lowest node.
  for (int v = 0; v < n; ++v) {
    const int c = scc.component[v];
    if (best < 0 || scc.sizes[c] > scc.sizes[best]) best = c;
  }
  return best;
}

std::vector<int> deadEndNodes(const DirectedGraph& graph) {
  const StronglyConnectedComponents scc = stronglyConnectedComponents(graph);
  const int largest = largestComponent(scc);
  std::vector<int> dead;
  for (int v = 0; v < graph.nodeCount; ++v) {
    if (scc.component[v] != largest) dead.push_back(v);
  }
  return dead;
}

InducedSubgraph inducedSubgraph(const DirectedGraph& graph, const std::vector<bool>& keep) {
  InducedSubgraph sub;
  sub.newNodeOfOld.assign(graph.nodeCount, -1);
  for (int v = 0; v < graph.nodeCount; ++v) {
    if (!keep[v]) continue;
    sub.newNodeOfOld[v] = static_cast<int>(sub.oldNodeOfNew.size());
    sub.oldNodeOfNew.push_back(v);
  }
  sub.graph.nodeCount = static_cast<int>(sub.oldNodeOfNew.size());
  for (size_t e = 0; e < graph.edges.size(); ++e) {
    const int from = sub.newNodeOfOld[graph.edges[e].from];
    const int to = sub.newNodeOfOld[graph.edges[e].to];
    if (from < 0 || to < 0) continue;
    sub.graph.edges.push_back({from, to});
    sub.oldEdgeOfNew.push_back(static_cast<int>(e));
  }
  return sub;
}

CsrInducedSubgraph pruneToLargestComponent(const CsrGraph& graph) {
  const StronglyConnectedComponents scc = stronglyConnectedComponents(graph);
  const int largest = largestComponent(scc);
  std::vector<bool> keep(graph.vertexCount);
  for (int v = 0; v < graph.vertexCount; ++v) keep[v] = scc.component[v] == largest;
  return inducedSubgraph(graph, keep);
}

InducedSubgraph pruneToLargestComponent(const DirectedGraph& graph) {
  const StronglyConnectedComponents scc = stronglyConnectedComponents(graph);
  const int largest = largestComponent(scc);
  std::vector<bool> keep(graph.nodeCount);
  for (int v = 0; v < graph.nodeCount; ++v) keep[v] = scc.component[v] == largest;
  return inducedSubgraph(graph, keep);
}

}  // namespace mg
