// SPDX-License-Identifier: MIT
#include "widgets/views/subgraph/subgraph_graph_model.h"

#include <algorithm>
#include <cmath>
#include <map>

#include "widgets/views/common/count_text.h"

namespace mg {

SubgraphGraphModel::SubgraphGraphModel(QObject* parent) : GraphModel(parent) {}

QColor SubgraphGraphModel::reasonColour(KeptReason reason) {
  switch (reason) {
    case KeptReason::Key:
      return QColor(240, 240, 240);
    case KeptReason::Required:
      return QColor(230, 120, 60);
    case KeptReason::Branch:
      return QColor(190, 110, 230);
    case KeptReason::Path:
      return QColor(80, 190, 120);
    case KeptReason::Chosen:
      return QColor(90, 150, 240);
  }
  return QColor(128, 128, 128);
}

void SubgraphGraphModel::setSubgraph(std::shared_ptr<const DatabaseMotionGraph> graph,
                                     const std::vector<int>& kept,
                                     const std::vector<KeptReason>& reasons,
                                     const QStringList& motionNames,
                                     const std::map<int, QColor>& keyColourOfVertex) {
  clear();
  m_graph = std::move(graph);
  m_clips.clear();
  m_bundles.clear();
  if (!m_graph) return;
  const DatabaseMotionGraph& g = *m_graph;
  // Clips: maximal runs of consecutive kept frames of one motion (kept is ascending, and vertex
  // ids follow (motion, frame) order).
  std::vector<int> clipOf(g.vertexCount(), -1);
  std::vector<std::vector<int>> reasonCount;
  std::vector<QColor> keyColour;
  for (size_t i = 0; i < kept.size(); ++i) {
    const DmgVertex& v = g.vertex(kept[i]);
    if (m_clips.empty() || m_clips.back().motion != v.motion ||
        m_clips.back().endFrame != v.frame) {
      m_clips.push_back({v.motion, v.frame, v.frame + 1});
      reasonCount.emplace_back(6, 0);
      keyColour.emplace_back();
    } else {
      ++m_clips.back().endFrame;
    }
    clipOf[kept[i]] = static_cast<int>(m_clips.size()) - 1;
    if (i < reasons.size()) ++reasonCount.back()[static_cast<int>(reasons[i])];
    if (auto it = keyColourOfVertex.find(kept[i]);
        it != keyColourOfVertex.end() && !keyColour.back().isValid())
      keyColour.back() = it->second;
  }
  // A grid in reading order (motion, then frame), about 3:2 wide, so a subgraph of many short
  // clips stays legible. A motion's clips stay together: a motion starts a new row when they do
  // not fit in what is left of the current one (a new row for every motion made a database of
  // many motions one tall column).
  const int columns = std::max(4, static_cast<int>(std::ceil(std::sqrt(1.5 * m_clips.size()))));
  std::map<int, int> clipsOfMotion;
  for (const Clip& clip : m_clips) ++clipsOfMotion[clip.motion];
  int row = 0, column = 0;
  for (size_t c = 0; c < m_clips.size(); ++c) {
    const Clip& clip = m_clips[c];
    const bool firstOfMotion = c == 0 || clip.motion != m_clips[c - 1].motion;
    if (column > 0 &&
        (column == columns || (firstOfMotion && column + clipsOfMotion[clip.motion] > columns))) {
      ++row;
      column = 0;
    }
    GraphModelNode node;
    node.id = static_cast<int>(c);
    const QString motion =
        clip.motion < motionNames.size() ? motionNames[clip.motion] : QString::number(clip.motion);
    node.label = motion;
    node.detail = tr("%1–%2").arg(clip.beginFrame).arg(clip.endFrame - 1);
    int best = 1;
    for (int r = 1; r < 6; ++r) {
      if (reasonCount[c][r] > reasonCount[c][best]) best = r;
    }
    node.colour =
        keyColour[c].isValid() ? keyColour[c] : reasonColour(static_cast<KeptReason>(best));
    node.position = QPointF(column * 100.0, row * 100.0);
    ++column;
    node.toolTip =
        tr("%1, frames %2 to %3 (%4 frames): %5 key, %6 required, %7 branch, %8 path, %9 chosen")
            .arg(motion)
            .arg(clip.beginFrame)
            .arg(clip.endFrame - 1)
            .arg(clip.frameCount())
            .arg(reasonCount[c][1])
            .arg(reasonCount[c][2])
            .arg(reasonCount[c][3])
            .arg(reasonCount[c][4])
            .arg(reasonCount[c][5]);
    setNode(node);
  }
  // Transition bundles.
  std::map<std::pair<int, int>, int> bundleOf;
  std::vector<double> costSum;
  for (int v : kept) {
    for (int e = g.graph().edgeBegin(v); e < g.graph().edgeEnd(v); ++e) {
      const int w = g.edgeTarget(e);
      if (clipOf[w] < 0 || g.edgeKind(e) != DmgEdgeKind::Transition) continue;
      const std::pair<int, int> key{clipOf[v], clipOf[w]};
      auto [it, added] = bundleOf.emplace(key, static_cast<int>(m_bundles.size()));
      if (added) {
        m_bundles.emplace_back();
        costSum.push_back(0.0);
      }
      m_bundles[it->second].emplace_back(v, w);
      costSum[it->second] += g.transitionCost(e);
    }
  }
  for (const auto& [ends, id] : bundleOf) {
    GraphModelEdge edge;
    edge.id = id;
    edge.from = ends.first;
    edge.to = ends.second;
    edge.count = static_cast<int>(m_bundles[id].size());
    edge.quality = costSum[id] / edge.count;
    edge.toolTip = tr("%1, mean cost %2")
                       .arg(countText(edge.count, tr("%1 transition"), tr("%1 transitions")))
                       .arg(*edge.quality, 0, 'f', 2);
    setEdge(edge);
  }
}

const std::vector<std::pair<int, int>>& SubgraphGraphModel::bundle(GraphEdgeId id) const {
  static const std::vector<std::pair<int, int>> none;
  return id >= 0 && id < static_cast<int>(m_bundles.size()) ? m_bundles[id] : none;
}

void SubgraphGraphModel::activateNode(GraphNodeId id) {
  if (id < 0 || id >= static_cast<int>(m_clips.size())) return;
  const Clip& c = m_clips[id];
  emit clipActivated(c.motion, c.beginFrame, c.endFrame);
}

void SubgraphGraphModel::activateEdge(GraphEdgeId id) {
  const auto& b = bundle(id);
  if (!b.empty()) emit transitionActivated(b.front().first, b.front().second);
}

}  // namespace mg
