// SPDX-License-Identifier: MIT
#include "core/field/graph_controller.h"

#include <algorithm>
#include <cmath>

#include "core/field/field_step.h"
#include "core/field/motion_field_stream.h"
#include "core/motion/quaternion.h"

namespace mg {
namespace {

double sourceYaw(const Motion& m, int frame) { return yawAngle(m.rotation(frame, 0)); }

// The natural edge out of v (frame f -> f + 1 of its motion), or -1.
int naturalEdge(const DatabaseMotionGraph& g, int v) {
  for (int e = g.graph().edgeBegin(v); e < g.graph().edgeEnd(v); ++e) {
    if (g.edgeKind(e) == DmgEdgeKind::Natural) return e;
  }
  return -1;
}

// Linear interpolation of a vertex's values on the circular angle grid.
double angleValue(const float* values, int samples, double angle) {
  const double step = 2 * M_PI / samples;
  const double a = (wrapAngle(angle) + M_PI) / step;
  const double f = std::floor(a);
  const int i0 = static_cast<int>(f) % samples, i1 = (i0 + 1) % samples;
  return (1 - (a - f)) * values[i0] + (a - f) * values[i1];
}

// Sum of discounted rewards over a clip and the angle at its end, for task angle `angle`.
double clipReturn(const GraphClipAction& a, const GraphControllerSettings& s, double angle,
                  double& endAngle) {
  const int frames = static_cast<int>(a.cumulativeYaw.size());
  const double rate = a.warpRadians / s.clipFrames;
  double sum = 0, discount = 1;
  for (int i = 0; i < frames; ++i) {
    sum -= discount * std::abs(wrapAngle(angle - a.cumulativeYaw[i] - rate * (i + 1)));
    discount *= s.discount;
  }
  endAngle = angle - a.cumulativeYaw.back() - rate * frames;
  return sum;
}

}  // namespace

Status GraphControllerSettings::validate() const {
  if (clipFrames < 1) return Error{"graph controller: clips need at least one frame"};
  if (!(maxWarpDegrees >= 0 && maxWarpDegrees <= 180) || warpSteps < 0) {
    return Error{"graph controller: bad warp range"};
  }
  if (angleSamples < 4) return Error{"graph controller: at least 4 angle samples are needed"};
  if (!(discount > 0 && discount < 1)) return Error{"graph controller: the discount must be in (0, 1)"};
  if (!(directiveChangesPerSecond >= 0) || !std::isfinite(directiveChangesPerSecond)) {
    return Error{"graph controller: the directive change rate must not be negative"};
  }
  if (!(tolerance > 0) || maxIterations < 1 || blendFrames < 0) {
    return Error{"graph controller: bad iteration settings"};
  }
  return Status::success();
}

std::vector<GraphClipAction> graphClipActions(const DatabaseMotionGraph& g,
                                              const std::vector<std::shared_ptr<const Motion>>& motions,
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
    double turned = wrapAngle(sourceYaw(mv, next) - sourceYaw(mv, from.frame));
    yaw.push_back(static_cast<float>(turned));
    int end = u;
    for (int i = 1; i < s.clipFrames; ++i) {
      const int e2 = naturalEdge(g, end);
      if (e2 < 0) break;
      const int w = g.edgeTarget(e2);
      turned += wrapAngle(sourceYaw(mu, g.vertex(w).frame) - sourceYaw(mu, g.vertex(end).frame));
      yaw.push_back(static_cast<float>(turned));
      end = w;
    }
    for (int k = -s.warpSteps; k <= s.warpSteps; ++k) {
      GraphClipAction a;
      a.edge = e;
      a.warpRadians = s.warpSteps > 0 ? s.maxWarpDegrees * M_PI / 180.0 * k / s.warpSteps : 0.0;
      a.endVertex = end;
      a.cumulativeYaw = yaw;
      out.push_back(std::move(a));
    }
  }
  return out;
}

Result<GraphValueFunction> solveGraphController(const DatabaseMotionGraph& g,
                                                const std::vector<std::shared_ptr<const Motion>>& motions,
                                                const GraphControllerSettings& s,
                                                const Progress& progress) {
  if (Status st = s.validate(); !st) return st.error();
  if (static_cast<int>(motions.size()) != g.motionCount()) {
    return Error{"graph controller: the motions do not fit the graph"};
  }
  for (int m = 0; m < g.motionCount(); ++m) {
    if (!motions[m] || motions[m]->frameCount() != g.motionFrameCounts()[m]) {
      return Error{"graph controller: motion " + std::to_string(m) + " does not fit the graph"};
    }
  }
  const int n = g.vertexCount(), p = s.angleSamples;
  const double step = 2 * M_PI / p;
  // Per action: the discounted reward of its clip for every sample, where its end lands on the
  // grid, and gamma^L.
  struct Action {
    int end = 0, o0 = 0;
    float alpha = 0, discount = 0, changed = 0;  // gamma^L, and the chance of a change in the clip
  };
  const double hazard = std::clamp(s.directiveChangesPerSecond / g.fps(), 0.0, 1.0);
  std::vector<int> begin(n + 1, 0);
  std::vector<Action> actions;
  std::vector<float> returns;
  for (int v = 0; v < n; ++v) {
    if (progress.cancelled()) return Error{"graph controller cancelled"};
    for (const GraphClipAction& a : graphClipActions(g, motions, s, v)) {
      Action x;
      x.end = a.endVertex;
      x.discount = static_cast<float>(std::pow(s.discount, a.cumulativeYaw.size()));
      x.changed = static_cast<float>(1 - std::pow(1 - hazard, a.cumulativeYaw.size()));
      double endAngle = 0;
      for (int t = 0; t < p; ++t) {
        returns.push_back(static_cast<float>(clipReturn(a, s, -M_PI + t * step, endAngle)));
      }
      // clipReturn left the end angle of the last sample; the shift is the same for every sample.
      const double shift = (endAngle - (-M_PI + (p - 1) * step)) / step;
      const double f = std::floor(shift);
      x.o0 = static_cast<int>(f), x.alpha = static_cast<float>(shift - f);
      actions.push_back(x);
    }
    begin[v + 1] = static_cast<int>(actions.size());
  }
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
        const float* ret = returns.data() + static_cast<size_t>(a) * p;
        const float* end = vf.values.data() + static_cast<size_t>(x.end) * p;
        float mean = 0;
        for (int t = 0; t < p; ++t) mean += end[t];
        mean /= p;
        for (int t = 0; t < p; ++t) {
          // The end angle of sample t lies o0 + alpha samples on from sample t.
          int i0 = (t + x.o0) % p;
          if (i0 < 0) i0 += p;
          const int i1 = (i0 + 1) % p;
          const float q = ret[t] + x.discount * ((1 - x.changed) * ((1 - x.alpha) * end[i0] + x.alpha * end[i1]) +
                                                 x.changed * mean);
          best[t] = std::max(best[t], q);
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
  if (m_directive.kind == Directive::Kind::Heading && m_hasLast) {
    const double angle = taskParameterOf(m_last, m_directive).angle;
    const double hazard = std::clamp(s.directiveChangesPerSecond / g.fps(), 0.0, 1.0);
    double bestQ = -INFINITY;
    const float* values = m_values->values.data();
    for (size_t i = 0; i < actions.size(); ++i) {
      double endAngle = 0;
      const GraphClipAction& a = actions[i];
      const float* end = values + static_cast<size_t>(a.endVertex) * s.angleSamples;
      double mean = 0;
      for (int t = 0; t < s.angleSamples; ++t) mean += end[t];
      mean /= s.angleSamples;
      const double changed = 1 - std::pow(1 - hazard, a.cumulativeYaw.size());
      const double q = clipReturn(a, s, angle, endAngle) +
                       std::pow(s.discount, a.cumulativeYaw.size()) *
                           ((1 - changed) * angleValue(end, s.angleSamples, endAngle) + changed * mean);
      if (q > bestQ) bestQ = q, chosen = static_cast<int>(i);
    }
  } else {
    // Undirected: the natural clip without warp, else the first unwarped transition.
    for (size_t i = 0; i < actions.size(); ++i) {
      if (actions[i].warpRadians != 0) continue;
      if (chosen < 0 || g.edgeKind(actions[i].edge) == DmgEdgeKind::Natural) chosen = static_cast<int>(i);
    }
  }
  const GraphClipAction& a = actions[chosen];
  m_walk->setYawRate(a.warpRadians / s.clipFrames);
  m_clipRemaining = static_cast<int>(a.cumulativeYaw.size()) - 1;
  return a.edge;
}

}  // namespace mg
