// SPDX-License-Identifier: MIT
#include "core/agility/graph_controller.h"

#include <algorithm>
#include <cmath>

#include "core/field/field_step.h"
#include "core/field/motion_field_stream.h"
#include "core/motion/quaternion.h"

namespace mg {
namespace {

double sourceYaw(const Motion& m, int frame) {
  return yawAngle(m.rotation(frame, 0));
}

// The natural edge out of v (frame f -> f + 1 of its motion), or -1.
int naturalEdge(const DatabaseMotionGraph& g, int v) {
  for (int e = g.graph().edgeBegin(v); e < g.graph().edgeEnd(v); ++e) {
    if (g.edgeKind(e) == DmgEdgeKind::Natural) return e;
  }
  return -1;
}

// The source root's move from frame f to f + 1 in the heading frame of f (x left, z forward).
Eigen::Vector2f sourceMove(const Motion& m, int f) {
  const int g = std::min(f + 1, m.frameCount() - 1);
  const Eigen::Vector3d d = m.rootPositions[g] - m.rootPositions[f];
  const double phi = sourceYaw(m, f);
  return {static_cast<float>(d.x() * std::cos(phi) - d.z() * std::sin(phi)),
          static_cast<float>(d.x() * std::sin(phi) + d.z() * std::cos(phi))};
}

}  // namespace

Status GraphControllerSettings::validate() const {
  if (clipFrames < 1) return Error{"graph controller: clips need at least one frame"};
  if (!(maxWarpDegrees >= 0 && maxWarpDegrees <= 180) || warpSteps < 0) {
    return Error{"graph controller: bad warp range"};
  }
  if (!(physicalityWeight >= 0) || !std::isfinite(physicalityWeight))
    return Error{"graph controller: the physicality weight must be a number >= 0"};
  if (angleSamples < 4) return Error{"graph controller: at least 4 angle samples are needed"};
  if (!(discount > 0 && discount < 1))
    return Error{"graph controller: the discount must be in (0, 1)"};
  if (!(directiveChangesPerSecond >= 0) || !std::isfinite(directiveChangesPerSecond)) {
    return Error{"graph controller: the directive change rate must not be negative"};
  }
  if (!(tolerance > 0) || maxIterations < 1 || blendFrames < 0) {
    return Error{"graph controller: bad iteration settings"};
  }
  if (Status s = fieldTask().validate(); !s) return Error{"graph controller: " + s.error().message};
  return Status::success();
}

FieldTask GraphControllerSettings::fieldTask() const {
  FieldTask t;
  t.kind = task;
  t.angleSamples = angleSamples;
  t.offsetSamples = offsetSamples;
  t.maxOffsetMetres = maxOffsetMetres;
  t.offsetRewardPerMetre = offsetRewardPerMetre;
  t.directiveChangesPerSecond = directiveChangesPerSecond;
  return t;
}

void graphClipReturns(const GraphClipAction& a, const GraphControllerSettings& s, double angle,
                      std::span<const double> offsets, double* returns, double& endAngle,
                      double& offsetShift) {
  const int frames = static_cast<int>(a.cumulativeYaw.size());
  const double rate = a.warpRadians / s.clipFrames;
  const double warpCost = s.physicalityWeight * std::abs(rate);
  const bool line = s.task == FieldTaskKind::Line;
  const double c = line ? s.offsetRewardPerMetre : 0.0;
  std::fill(returns, returns + offsets.size(), 0.0);
  double discount = 1, shift = 0, theta = angle;
  for (int i = 0; i < frames; ++i) {
    // As advanceTask: the offset gains the frame's move along the line's left at the angle the
    // frame starts from; the angle loses the turn (source yaw plus warp).
    if (line) shift += a.moves[i].x() * std::cos(theta) - a.moves[i].y() * std::sin(theta);
    theta = wrapAngle(angle - a.cumulativeYaw[i] - rate * (i + 1));
    const double r = -std::abs(theta) - warpCost;
    for (size_t o = 0; o < offsets.size(); ++o)
      returns[o] += discount * (r - c * std::abs(offsets[o] + shift));
    discount *= s.discount;
  }
  endAngle = angle - (frames > 0 ? a.cumulativeYaw.back() : 0.0) - rate * frames;
  offsetShift = shift;
}

std::vector<GraphClipAction> graphClipActions(
    const DatabaseMotionGraph& g, const std::vector<std::shared_ptr<const Motion>>& motions,
    const GraphControllerSettings& s, int v) {
  std::vector<GraphClipAction> out;
  const DmgVertex from = g.vertex(v);
  const Motion& mv = *motions[from.motion];
  for (int e = g.graph().edgeBegin(v); e < g.graph().edgeEnd(v); ++e) {
    const int u = g.edgeTarget(e);
    const DmgVertex to = g.vertex(u);
    const Motion& mu = *motions[to.motion];
    // Crossing the edge turns as the old motion would have on its next frame (DmgWalkStream
    // aligns the new frame onto it); a natural edge turns as the motion does.
    const int next = std::min(from.frame + 1, mv.frameCount() - 1);
    std::vector<float> yaw;
    std::vector<Eigen::Vector2f> moves;
    double turned = wrapAngle(sourceYaw(mv, next) - sourceYaw(mv, from.frame));
    yaw.push_back(static_cast<float>(turned));
    moves.push_back(sourceMove(mv, from.frame));
    int end = u;
    for (int i = 1; i < s.clipFrames; ++i) {
      const int e2 = naturalEdge(g, end);
      if (e2 < 0) break;
      const int w = g.edgeTarget(e2);
      const int f = g.vertex(end).frame;
      turned += wrapAngle(sourceYaw(mu, g.vertex(w).frame) - sourceYaw(mu, f));
      yaw.push_back(static_cast<float>(turned));
      moves.push_back(sourceMove(mu, f));
      end = w;
    }
    for (int k = -s.warpSteps; k <= s.warpSteps; ++k) {
      GraphClipAction a;
      a.edge = e;
      a.warpRadians = s.warpSteps > 0 ? s.maxWarpDegrees * M_PI / 180.0 * k / s.warpSteps : 0.0;
      a.endVertex = end;
      a.cumulativeYaw = yaw;
      a.moves = moves;
      out.push_back(std::move(a));
    }
  }
  return out;
}

Result<GraphValueFunction> solveGraphController(
    const DatabaseMotionGraph& g, const std::vector<std::shared_ptr<const Motion>>& motions,
    const GraphControllerSettings& s, const Progress& progress) {
  if (Status st = s.validate(); !st) return st.error();
  if (static_cast<int>(motions.size()) != g.motionCount()) {
    return Error{"graph controller: the motions do not fit the graph"};
  }
  for (int m = 0; m < g.motionCount(); ++m) {
    if (!motions[m] || motions[m]->frameCount() != g.motionFrameCounts()[m]) {
      return Error{"graph controller: motion " + std::to_string(m) + " does not fit the graph"};
    }
  }
  const FieldTask task = s.fieldTask();
  const int n = g.vertexCount(), p = task.parameterCount(), angles = task.angleSamples;
  const bool line = task.kind == FieldTaskKind::Line;
  const int offsets = line ? task.offsetSamples : 1;
  const double step = task.angleStep();
  std::vector<double> offsetOf(offsets, 0.0);
  for (int o = 0; line && o < offsets; ++o) offsetOf[o] = task.offsetAt(o);
  // Per action: the discounted reward of its clip for every sample, where its end lands on the
  // angle grid (the same shift for every sample), the offset's change per angle sample, and
  // gamma^L.
  struct Action {
    int end = 0, o0 = 0;
    float alpha = 0, discount = 0, changed = 0;  // gamma^L, and the chance of a change in the clip
  };
  const double hazard = std::clamp(s.directiveChangesPerSecond / g.fps(), 0.0, 1.0);
  std::vector<int> begin(n + 1, 0);
  std::vector<Action> actions;
  std::vector<float> returns, shifts;  // per action: p; and angles (line task)
  std::vector<double> ret(offsets);
  for (int v = 0; v < n; ++v) {
    if (progress.cancelled()) return Error{"graph controller cancelled"};
    for (const GraphClipAction& a : graphClipActions(g, motions, s, v)) {
      Action x;
      x.end = a.endVertex;
      x.discount = static_cast<float>(std::pow(s.discount, a.cumulativeYaw.size()));
      x.changed = static_cast<float>(1 - std::pow(1 - hazard, a.cumulativeYaw.size()));
      double endAngle = 0, shift = 0;
      for (int t = 0; t < angles; ++t) {
        graphClipReturns(a, s, task.angleAt(t), offsetOf, ret.data(), endAngle, shift);
        for (int o = 0; o < offsets; ++o) returns.push_back(static_cast<float>(ret[o]));
        if (line) shifts.push_back(static_cast<float>(shift));
      }
      // The end angle of the last sample; the shift on the grid is the same for every sample.
      const double f = std::floor((endAngle - task.angleAt(angles - 1)) / step);
      x.o0 = static_cast<int>(f),
      x.alpha = static_cast<float>((endAngle - task.angleAt(angles - 1)) / step - f);
      actions.push_back(x);
    }
    begin[v + 1] = static_cast<int>(actions.size());
  }
  const float offsetStep = line ? static_cast<float>(task.offsetStep()) : 1.0f;
  const float maxOffset = static_cast<float>(task.maxOffsetMetres);
  GraphValueFunction vf;
  vf.settings = s;
  vf.values.assign(static_cast<size_t>(n) * p, 0.0f);
  std::vector<float> best(p);
  double first = -1;
  for (int it = 1; it <= s.maxIterations; ++it) {
    double residual = 0;
    for (int v = n - 1; v >= 0; --v) {
      std::fill(best.begin(), best.end(), -INFINITY);
      for (int a = begin[v]; a < begin[v + 1]; ++a) {
        const Action& x = actions[a];
        const float* r = returns.data() + static_cast<size_t>(a) * p;
        const float* end = vf.values.data() + static_cast<size_t>(x.end) * p;
        float mean = 0;
        for (int i = 0; i < p; ++i) mean += end[i];
        mean /= p;
        for (int t = 0; t < angles; ++t) {
          // The end angle of sample t lies o0 + alpha samples on from sample t.
          int i0 = (t + x.o0) % angles;
          if (i0 < 0) i0 += angles;
          const int i1 = (i0 + 1) % angles;
          const float* e0 = end + i0 * offsets;
          const float* e1 = end + i1 * offsets;
          const float shift = line ? shifts[static_cast<size_t>(a) * angles + t] : 0.0f;
          for (int o = 0; o < offsets; ++o) {
            float later;
            if (line) {
              // The end offset on the offset grid, clamped to its range.
              const float at =
                  std::clamp((static_cast<float>(offsetOf[o]) + shift + maxOffset) / offsetStep,
                             0.0f, static_cast<float>(offsets - 1));
              const int j0 = std::min(static_cast<int>(at), offsets - 2);
              const float beta = at - j0;
              later = (1 - x.alpha) * ((1 - beta) * e0[j0] + beta * e0[j0 + 1]) +
                      x.alpha * ((1 - beta) * e1[j0] + beta * e1[j0 + 1]);
            } else {
              later = (1 - x.alpha) * e0[0] + x.alpha * e1[0];
            }
            const float q =
                r[t * offsets + o] + x.discount * ((1 - x.changed) * later + x.changed * mean);
            best[t * offsets + o] = std::max(best[t * offsets + o], q);
          }
        }
      }
      float* out = vf.values.data() + static_cast<size_t>(v) * p;
      for (int t = 0; t < p; ++t) {
        if (best[t] == -INFINITY) best[t] = out[t];  // no clip from here (cannot happen in an SCC)
        residual = std::max(residual, static_cast<double>(std::abs(best[t] - out[t])));
        out[t] = best[t];
      }
    }
    vf.iterations = it;
    vf.bellmanResidual = residual;
    if (progress.cancelled()) return Error{"graph controller cancelled"};
    if (first < 0) first = residual;
    if (residual < s.tolerance) break;
    if (first > s.tolerance && residual > 0) {
      progress.report(std::log(first / residual) / std::log(first / s.tolerance));
    }
  }
  progress.report(1.0);
  return vf;
}

GraphControllerStream::GraphControllerStream(std::shared_ptr<const DatabaseMotionGraph> graph,
                                             std::vector<std::shared_ptr<const Motion>> motions,
                                             std::shared_ptr<const GraphValueFunction> values,
                                             int startVertex, FloorTransform start)
    : m_graph(std::move(graph)), m_motions(std::move(motions)), m_values(std::move(values)) {
  m_walk = std::make_unique<DmgWalkStream>(
      m_graph, m_motions, startVertex,
      [this](const DatabaseMotionGraph&, int v, int) { return choose(v); },
      DmgBlendSettings{m_values->settings.blendFrames}, start);
}

bool GraphControllerStream::next(Pose& out) {
  if (!m_walk->next(out)) return false;
  m_last = out;
  m_hasLast = true;
  return true;
}

int GraphControllerStream::choose(int v) {
  const DatabaseMotionGraph& g = *m_graph;
  if (m_clipRemaining > 0) {
    --m_clipRemaining;
    const int e = naturalEdge(g, v);
    if (e >= 0) return e;
  }
  const GraphControllerSettings& s = m_values->settings;
  const std::vector<GraphClipAction> actions = graphClipActions(g, m_motions, s, v);
  if (actions.empty()) return -1;
  ++m_decisions;
  int chosen = -1;
  if (m_directive.kind != Directive::Kind::None && m_hasLast) {
    const FieldTask task = s.fieldTask();
    TaskParameter start = taskParameterOf(m_last, m_directive);
    // A heading followed by line values: a line through the character.
    if (m_directive.kind != Directive::Kind::Line) start.offset = 0;
    const double hazard = std::clamp(s.directiveChangesPerSecond / g.fps(), 0.0, 1.0);
    const int p = task.parameterCount();
    double bestQ = -INFINITY;
    const float* values = m_values->values.data();
    const double offsets[1] = {start.offset};
    for (size_t i = 0; i < actions.size(); ++i) {
      double ret = 0, endAngle = 0, shift = 0;
      const GraphClipAction& a = actions[i];
      graphClipReturns(a, s, start.angle, offsets, &ret, endAngle, shift);
      const std::span<const float> end(values + static_cast<size_t>(a.endVertex) * p, p);
      double mean = 0;
      for (float x : end) mean += x;
      mean /= p;
      const double changed = 1 - std::pow(1 - hazard, a.cumulativeYaw.size());
      const double q =
          ret + std::pow(s.discount, a.cumulativeYaw.size()) *
                    ((1 - changed) * interpolateTask(task, end, {endAngle, start.offset + shift}) +
                     changed * mean);
      if (q > bestQ) bestQ = q, chosen = static_cast<int>(i);
    }
  } else {
    // Undirected: the natural clip without warp, else the first unwarped transition.
    for (size_t i = 0; i < actions.size(); ++i) {
      if (actions[i].warpRadians != 0) continue;
      if (chosen < 0 || g.edgeKind(actions[i].edge) == DmgEdgeKind::Natural)
        chosen = static_cast<int>(i);
    }
  }
  const GraphClipAction& a = actions[chosen];
  m_walk->setYawRate(a.warpRadians / s.clipFrames);
  m_clipRemaining = static_cast<int>(a.cumulativeYaw.size()) - 1;
  return a.edge;
}

}  // namespace mg
