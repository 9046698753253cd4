// SPDX-License-Identifier: MIT
#pragma once

#include <map>
#include <memory>
#include <utility>
#include <vector>

#include <QColor>
#include <QStringList>

#include "core/dmg/database_motion_graph.h"
#include "core/motion/clip.h"
#include "core/subgraph/iterative_subgraph.h"
#include "widgets/views/graph/graph_model.h"

namespace mg {

// A minimum-size subgraph at clip level as a GraphModel: one node per clip (a maximal run of kept
// frames of one motion; node id = clip index), one arrow per (clip, clip) bundle of the
// database motion graph's transition edges between kept frames, with the count as its badge and
// the mean transition cost as its quality colour. Nodes sit in rows by motion, in frame order;
// a node holding key frames takes its key's colour, others the colour of why most of their frames
// are kept. Pressing a node or an arrow asks for it to be played. Read-only: the result of a run
// is not edited on the canvas.
class SubgraphGraphModel : public GraphModel {
  Q_OBJECT

 public:
  explicit SubgraphGraphModel(QObject* parent = nullptr);

  // The colour of each reason (KeptReason values 1-5), shared with the timeline's shading.
  static QColor reasonColour(KeptReason reason);

  // Shows `kept` (ascending DMG ids, with `reasons`) of `graph`. `keyColourOfVertex` maps a key
  // vertex to its key's colour (absent: not a key). Replaces everything shown before.
  void setSubgraph(std::shared_ptr<const DatabaseMotionGraph> graph, const std::vector<int>& kept,
                   const std::vector<KeptReason>& reasons, const QStringList& motionNames,
                   const std::map<int, QColor>& keyColourOfVertex);
  const std::vector<Clip>& clips() const { return m_clips; }
  // The DMG vertices of a bundle's transitions (from, to), for playing one.
  const std::vector<std::pair<int, int>>& bundle(GraphEdgeId id) const;

  void activateNode(GraphNodeId id) override;
  void activateEdge(GraphEdgeId id) override;

 signals:
  void clipActivated(int motion, int beginFrame, int endFrame);
  // The first transition of a bundle, as DMG vertices.
  void transitionActivated(int fromVertex, int toVertex);

 private:
  std::shared_ptr<const DatabaseMotionGraph> m_graph;
  std::vector<Clip> m_clips;
  std::vector<std::vector<std::pair<int, int>>> m_bundles;  // by edge id
};

}  // namespace mg
