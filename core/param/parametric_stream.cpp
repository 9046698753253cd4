// SPDX-License-Identifier: MIT
#include "core/param/parametric_stream.h"

#include <algorithm>
#include <cmath>

#include "core/metric/frame_distance.h"
#include "core/motion/forward_kinematics.h"
#include "core/motion/quaternion.h"

namespace mg {

Result<ParametricStream> ParametricStream::create(std::shared_ptr<const ParametricGraph> graph,
                                                  int startNode,
                                                  const ParameterVector& startParameter,
                                                  int blendFrames,
                                                  std::shared_ptr<ParametricControl> control,
                                                  FloorTransform start) {
  if (!graph) return Error{"player: no graph"};
  if (startNode < 0 || startNode >= graph->nodeCount())
    return Error{"player: start node out of range"};
  if (blendFrames < 2) return Error{"player: blendFrames must be at least 2"};
  const ParametricNode& node = *graph->nodes[startNode];
  for (int d = 0; d < node.dimensions(); ++d) {
    if (!std::isfinite(startParameter[d])) return Error{"player: start parameter is not finite"};
  }
  ParametricStream s;
  s.m_graph = std::move(graph);
  s.m_control = std::move(control);
  s.m_blendFrames = blendFrames;
  s.m_node = startNode;
  s.m_toWorld = start;
  s.m_parameter = node.clampToRange(startParameter);
  if (Status st = node.clipFor(s.m_parameter, s.m_clip); !st) return st.error();
  s.planNext();
  return s;
}

std::shared_ptr<const Skeleton> ParametricStream::skeleton() const {
  return m_clip.skeleton;
}

double ParametricStream::fps() const {
  return m_clip.fps;
}

int ParametricStream::sourceFrameFor(const TransitionLookup& lk) const {
  const int n = m_clip.frameCount();
  return std::clamp(static_cast<int>(std::lround(lk.sourceTime * (n - 1))), m_frame, n - 1);
}

void ParametricStream::worldPose(const Motion& clip, const FloorTransform& t, int frame,
                                 Pose& out) const {
  const int joints = clip.jointCount();
  out.rootPosition = t.apply(clip.rootPositions[frame]);
  out.localRotations.assign(clip.frameRotations(frame), clip.frameRotations(frame) + joints);
  out.localRotations[0] = (t.rotation() * out.localRotations[0]).normalized();
}

void ParametricStream::planNext() {
  m_planEdge = -1;
  const std::optional<EdgeChoice> choice = m_control ? m_control->choose(*this) : std::nullopt;
  if (!choice || choice->edge < 0 || choice->edge >= static_cast<int>(m_graph->edges.size()) ||
      m_graph->edges[choice->edge].source != m_node || !m_graph->edges[choice->edge].edge.exists) {
    return;
  }
  Result<TransitionLookup> lk = lookupTransition(m_graph->edges[choice->edge].edge, m_parameter);
  if (!lk) return;
  m_planEdge = choice->edge;
  m_planParameter = choice->parameter;
  m_planLookup = std::move(lk.value());
  m_planSourceFrame = sourceFrameFor(m_planLookup);
  // Where the target clip is entered, known before it is built (its length follows from the
  // weights), so the blend window can start early enough to be centred on the transition.
  const ParametricNode& target = *m_graph->nodes[m_graph->edges[m_planEdge].target];
  int nt = 2;
  if (target.weightsFor(m_planParameter, m_weightScratch))
    nt = blendedFrameCount(target.space(), m_weightScratch);
  m_planTargetFrame =
      std::clamp(static_cast<int>(std::lround(m_planLookup.targetTime * (nt - 1))), 0, nt - 1);
  m_planWindowStart =
      std::max(m_frame, m_planSourceFrame - std::min(m_blendFrames / 2, m_planTargetFrame));
}

void ParametricStream::startTransition() {
  const GraphEdge& edge = m_graph->edges[m_planEdge];
  const ParametricNode& target = *m_graph->nodes[edge.target];
  if (!target.clipFor(m_planParameter, m_nextClip)) {
    m_planEdge = -1;
    return;
  }
  const int L = m_blendFrames;
  const int ns = m_clip.frameCount(), nt = m_nextClip.frameCount();
  const int fs = m_planSourceFrame;
  const int ft = std::min(m_planTargetFrame, nt - 1);
  const int before = std::clamp(fs - m_frame, 0, ft);

  // Align the target clip onto the source at the transition by point clouds over a short window.
  const int h = 4, joints = m_clip.jointCount();
  std::vector<Eigen::Vector3d> src, tgt, pos(joints);
  for (int k = -h; k <= h; ++k) {
    const int a = std::clamp(fs + k, 0, ns - 1), b = std::clamp(ft + k, 0, nt - 1);
    forwardKinematics(*m_clip.skeleton, m_toWorld.apply(m_clip.rootPositions[a]),
                      m_clip.frameRotations(a), pos.data());
    // The source pose in world: rotate the joints about the root by the running transform.
    const Eigen::Vector3d root = m_toWorld.apply(m_clip.rootPositions[a]);
    for (const Eigen::Vector3d& p : pos) src.push_back(root + m_toWorld.applyToVector(p - root));
    forwardKinematics(*m_nextClip.skeleton, m_nextClip.rootPositions[b],
                      m_nextClip.frameRotations(b), pos.data());
    tgt.insert(tgt.end(), pos.begin(), pos.end());
  }
  const std::vector<double> weights(src.size(), 1.0);
  const FrameAlignment a = alignPointClouds(src, tgt, weights);
  const FloorTransform nextToWorld{a.theta, a.x0, a.z0};

  m_window.resize(L);
  Pose s, t;
  for (int k = 0; k < L; ++k) {
    worldPose(m_clip, m_toWorld, std::clamp(fs - before + k, 0, ns - 1), s);
    worldPose(m_nextClip, nextToWorld, std::clamp(ft - before + k, 0, nt - 1), t);
    const double alpha = (k + 1.0) / (L + 1.0);
    Pose& out = m_window[k];
    out.rootPosition = (1 - alpha) * s.rootPosition + alpha * t.rootPosition;
    out.localRotations.resize(joints);
    for (int j = 0; j < joints; ++j)
      out.localRotations[j] = slerpShortest(s.localRotations[j], t.localRotations[j], alpha);
  }
  m_windowNext = 0;
  PlayerTransition record;
  record.edge = m_planEdge;
  record.outputFrame = m_output;
  record.sourceFrame = fs;
  record.targetFrame = ft;
  record.parameter = m_planParameter;
  record.box = m_planLookup.box;
  m_transitions.push_back(record);
  m_streamTransitions.push_back({m_output, "edge " + std::to_string(m_planEdge)});

  std::swap(m_clip, m_nextClip);
  m_toWorld = nextToWorld;
  m_node = edge.target;
  m_parameter = m_planParameter;
  m_frame = ft - before + L;
  planNext();
}

bool ParametricStream::next(Pose& out) {
  if (m_windowNext >= m_window.size()) {
    if (m_planEdge >= 0 && m_frame >= m_planWindowStart) startTransition();
  }
  if (m_windowNext < m_window.size()) {
    out = m_window[m_windowNext++];
  } else {
    if (m_frame >= m_clip.frameCount()) {
      if (m_planEdge < 0) return false;
      m_frame = m_clip.frameCount() - 1;  // hold the last frame until the transition starts
    }
    worldPose(m_clip, m_toWorld, m_frame++, out);
  }
  m_lastRoot = out.rootPosition;
  ++m_output;
  return true;
}

}  // namespace mg
