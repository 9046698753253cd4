// SPDX-License-Identifier: MIT
#pragma once

#include <vector>

#include "core/graph/csr_graph.h"
#include "core/util/result.h"

namespace mg {

// A directed multigraph: nodes are 0..nodeCount-1, edges are stored in insertion order and may
// repeat or loop. Plain data; ids are stable indices so callers can keep side tables.
struct DirectedGraph {
  struct Edge {
    int from = 0;  // node index in [0, nodeCount)
    int to = 0;    // node index in [0, nodeCount)
  };
  int nodeCount = 0;        // >= 0
  std::vector<Edge> edges;  // any number, parallel edges and self-loops allowed

  // Outgoing edge indices of every node, in edge order (nodeCount lists).
  std::vector<std::vector<int>> outEdges() const;

  // Fails when: nodeCount is negative; an edge names a node outside [0, nodeCount).
  Status validate() const;
};

// Strongly connected components. `component[n]` is the component of node n, numbered
// 0..componentCount-1 in the order Tarjan's algorithm closes them (a reverse topological order
// of the condensation: edges between components go from higher to lower numbers).
struct StronglyConnectedComponents {
  std::vector<int> component;  // one per node
  int componentCount = 0;
  // Number of nodes in each component (componentCount entries).
  std::vector<int> sizes;
};

// Tarjan's algorithm with an explicit stack (no recursion, so graphs of any depth are safe).
// O(nodes + edges). Precondition: graph.validate() succeeds.
StronglyConnectedComponents stronglyConnectedComponents(const DirectedGraph& graph);
// The same on a CSR graph (the one implementation; the DirectedGraph overload converts). Vertex v's
// out-edges are followed in edge-id order. Precondition: graph.validate() succeeds.
StronglyConnectedComponents stronglyConnectedComponents(const CsrGraph& graph);

// The largest component (ties: the one holding the lowest node index), or -1 for an empty graph.
int largestComponent(const StronglyConnectedComponents& scc);

// Dead ends in the sense of Snap-Together Motion: nodes outside the largest strongly connected
// component, ascending. Once the walk enters one it can never come back to the main part.
std::vector<int> deadEndNodes(const DirectedGraph& graph);

// The subgraph induced by the nodes marked `keep` (one flag per node): kept nodes are renumbered
// in ascending order, edges whose ends are both kept are kept in their order.
struct InducedSubgraph {
  DirectedGraph graph;
  std::vector<int> oldNodeOfNew;  // new node -> old node
  std::vector<int> newNodeOfOld;  // old node -> new node, -1 where dropped
  std::vector<int> oldEdgeOfNew;  // new edge -> old edge
};
// Precondition: keep.size() == graph.nodeCount.
InducedSubgraph inducedSubgraph(const DirectedGraph& graph, const std::vector<bool>& keep);

// The prune operation: the subgraph induced by the largest strongly connected component, which
// is itself strongly connected, so a random walk on it never gets stuck.
InducedSubgraph pruneToLargestComponent(const DirectedGraph& graph);
CsrInducedSubgraph pruneToLargestComponent(const CsrGraph& graph);

}  // namespace mg
