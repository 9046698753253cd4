// SPDX-License-Identifier: MIT
#include "core/dmg/dmg_walk.h"

#include <random>
#include <string>

#include "core/motion/quaternion.h"

namespace mg {
namespace {

FloorTransform floorFrame(const Motion& motion, int frame) {
  const Eigen::Vector3d& p = motion.rootPositions[frame];
  return {yawAngle(motion.rotation(frame, 0)), p.x(), p.z()};
}

Eigen::Quaterniond scaledRotation(const Eigen::Quaterniond& q, double weight) {
  return Eigen::Quaterniond::Identity().slerp(weight, q).normalized();
}

}  // namespace

DmgEdgeChooser randomDmgEdgeChooser(std::uint64_t seed, int minFramesBetweenTransitions) {
  auto rng = std::make_shared<std::mt19937_64>(seed);
  return [rng, minFramesBetweenTransitions](const DatabaseMotionGraph& g, int v, int since) {
    const int begin = g.graph().edgeBegin(v), end = g.graph().edgeEnd(v);
    if (begin == end) return -1;
    int natural = -1;
    for (int e = begin; e < end; ++e) {
      if (g.edgeKind(e) == DmgEdgeKind::Natural) natural = e;
    }
    if (natural >= 0 && since < minFramesBetweenTransitions) return natural;
    // Uniform in [0, n) without std::uniform_int_distribution, whose output differs by library.
    const std::uint64_t n = static_cast<std::uint64_t>(end - begin);
    return begin + static_cast<int>((*rng)() % n);
  };
}

DmgEdgeChooser pathDmgEdgeChooser(std::vector<int> vertices) {
  auto path = std::make_shared<std::vector<int>>(std::move(vertices));
  auto index = std::make_shared<size_t>(0);
  return [path, index](const DatabaseMotionGraph& g, int v, int) {
    while (*index < path->size() && (*path)[*index] != v) ++*index;
    if (*index + 1 >= path->size()) return -1;
    return g.findEdge(v, (*path)[++*index]);
  };
}

DmgWalkStream::DmgWalkStream(std::shared_ptr<const DatabaseMotionGraph> graph,
                             std::vector<std::shared_ptr<const Motion>> motions, int startVertex,
                             DmgEdgeChooser chooser, DmgBlendSettings blend, FloorTransform start)
    : m_graph(std::move(graph)),
      m_motions(std::move(motions)),
      m_chooser(std::move(chooser)),
      m_blend(blend),
      m_transform(start),
      m_startVertex(startVertex) {
  m_rotationOffsets.assign(m_motions.front()->jointCount(), Eigen::Quaterniond::Identity());
}

Status DmgWalkStream::validateFor(const DatabaseMotionGraph* graph,
                                  std::span<const std::shared_ptr<const Motion>> motions) {
  if (!graph) return Error{"walk: no motion graph"};
  if (static_cast<int>(motions.size()) != graph->motionCount() || motions.empty()) {
    return Error{"walk: " + std::to_string(motions.size()) + " motions for a graph of " +
                 std::to_string(graph->motionCount())};
  }
  for (size_t m = 0; m < motions.size(); ++m) {
    const std::string which = "walk: motion " + std::to_string(m);
    if (!motions[m]) return Error{which + " is missing"};
    if (Status s = motions[m]->validate(); !s) return Error{which + ": " + s.error().message};
    if (motions[m]->frameCount() != graph->motionFrameCounts()[m]) {
      return Error{which + " has " + std::to_string(motions[m]->frameCount()) +
                   " frames; the graph expects " + std::to_string(graph->motionFrameCounts()[m])};
    }
    if (std::abs(motions[m]->fps - graph->fps()) > 1e-6 * graph->fps()) {
      return Error{which + " is not at the graph's rate"};
    }
    if (!motions[m]->skeleton->sameHierarchy(*motions.front()->skeleton)) {
      return Error{which + " has another skeleton than motion 0"};
    }
  }
  return Status::success();
}

double DmgWalkStream::blendWeight() const {
  const int k = m_blend.windowFrames;
  if (m_blendFrame >= k) return 0.0;
  const double p = static_cast<double>(m_blendFrame + 1) / (k + 1);
  return 2 * p * p * p - 3 * p * p + 1;
}

void DmgWalkStream::startTransition(int from, int to) {
  const DmgVertex a = m_graph->vertex(from), b = m_graph->vertex(to);
  const Motion& ma = *m_motions[a.motion];
  const Motion& mb = *m_motions[b.motion];
  // The frame the old motion would have shown next (its last frame again at its end).
  const int aNext = a.frame + 1 < ma.frameCount() ? a.frame + 1 : a.frame;
  // The pose that would have been shown next, with the running offset continued one frame.
  ++m_blendFrame;
  const double wa = blendWeight();
  const FloorTransform newTransform =
      m_transform * floorFrame(ma, aNext) * floorFrame(mb, b.frame).inverse();
  const Eigen::Vector3d aRoot = m_transform.apply(ma.rootPositions[aNext]) + wa * m_rootOffset;
  const Eigen::Vector3d bRoot = newTransform.apply(mb.rootPositions[b.frame]);
  m_rootOffset = aRoot - bRoot;
  const int joints = ma.jointCount();
  for (int j = 0; j < joints; ++j) {
    Eigen::Quaterniond qa = ma.rotation(aNext, j), qb = mb.rotation(b.frame, j);
    if (j == 0) {
      qa = m_transform.apply(qa);
      qb = newTransform.apply(qb);
    }
    qa = scaledRotation(m_rotationOffsets[j], wa) * qa;
    Eigen::Quaterniond d = (qa * qb.inverse()).normalized();
    if (d.w() < 0) d.coeffs() = -d.coeffs();
    m_rotationOffsets[j] = d;
  }
  m_transform = newTransform;
  m_blendFrame = 0;
  m_sinceTransition = 0;
  auto name = [this](const DmgVertex& v) {
    return m_namer ? m_namer(v)
                   : "motion " + std::to_string(v.motion) + " frame " + std::to_string(v.frame);
  };
  m_transitions.push_back({m_played, name(a) + " -> " + name(b)});
}

bool DmgWalkStream::next(Pose& out) {
  if (m_vertex < 0) {
    m_vertex = m_startVertex;
    m_blendFrame = m_blend.windowFrames;  // no blend at the start
  } else {
    const int e = m_chooser ? m_chooser(*m_graph, m_vertex, m_sinceTransition) : -1;
    if (e < m_graph->graph().edgeBegin(m_vertex) || e >= m_graph->graph().edgeEnd(m_vertex)) {
      return false;
    }
    const int to = m_graph->edgeTarget(e);
    const DmgVertex a = m_graph->vertex(m_vertex), b = m_graph->vertex(to);
    if (m_graph->edgeKind(e) == DmgEdgeKind::Natural && a.motion == b.motion &&
        b.frame == a.frame + 1) {
      ++m_blendFrame;
      ++m_sinceTransition;
    } else {
      startTransition(m_vertex, to);
    }
    m_edges.push_back(e);
    m_vertex = to;
  }
  if (m_yawRate != 0 && m_played > 0) {
    // Rotate the world about the last root: transform, and the blend's world-frame offsets.
    const FloorTransform turn{m_yawRate, 0.0, 0.0};
    const Eigen::Vector3d moved = turn.apply(m_lastRoot);
    const FloorTransform about{m_yawRate, m_lastRoot.x() - moved.x(), m_lastRoot.z() - moved.z()};
    m_transform = about * m_transform;
    m_rootOffset = about.applyToVector(m_rootOffset);
    m_rotationOffsets[0] =
        (turn.rotation() * m_rotationOffsets[0] * turn.rotation().conjugate()).normalized();
  }
  const DmgVertex v = m_graph->vertex(m_vertex);
  const Motion& motion = *m_motions[v.motion];
  const double w = blendWeight();
  const int joints = motion.jointCount();
  out.localRotations.resize(joints);
  out.rootPosition = m_transform.apply(motion.rootPositions[v.frame]);
  for (int j = 0; j < joints; ++j) {
    Eigen::Quaterniond q = motion.rotation(v.frame, j);
    if (j == 0) q = m_transform.apply(q);
    if (w > 0) q = scaledRotation(m_rotationOffsets[j], w) * q;
    out.localRotations[j] = q.normalized();
  }
  if (w > 0) out.rootPosition += w * m_rootOffset;
  m_lastRoot = out.rootPosition;
  ++m_played;
  return true;
}

SourceFrame DmgWalkStream::lastSource() const {
  if (m_vertex < 0 || blendWeight() > 0) return {};
  const DmgVertex v = m_graph->vertex(m_vertex);
  return {v.motion, v.frame};
}

}  // namespace mg
