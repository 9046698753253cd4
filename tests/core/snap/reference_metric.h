// SPDX-License-Identifier: MIT
#pragma once

// The tests' own slow frame metric: world joint positions of a +-2 frame window (clamped at the
// ends), aligned by the closed-form 2D Procrustes fit about Y. Not core/metric: a reference that
// exists only so snap can be tested independently of it.

#include <algorithm>
#include <cmath>
#include <memory>
#include <vector>

#include "core/motion/forward_kinematics.h"
#include "core/snap/frame_metric.h"

namespace mg::test {

class ReferenceMetric {
 public:
  explicit ReferenceMetric(std::vector<std::shared_ptr<const Motion>> motions)
      : m_motions(std::move(motions)) {
    for (const auto& m : m_motions) m_positions.push_back(allJointPositions(*m));
  }

  std::vector<Eigen::Vector3d> cloud(const FrameRef& r) const {
    const Motion& m = *m_motions[r.motion];
    const int joints = m.jointCount();
    std::vector<Eigen::Vector3d> out;
    for (int k = -2; k <= 2; ++k) {
      const int f = std::clamp(r.frame + k, 0, m.frameCount() - 1);
      for (int j = 0; j < joints; ++j)
        out.push_back(m_positions[r.motion][static_cast<size_t>(f) * joints + j]);
    }
    return out;
  }

  // Distance (mean squared metres) and the transform of b onto a.
  FramePairMatch match(const FrameRef& a, const FrameRef& b) const {
    const std::vector<Eigen::Vector3d> pa = cloud(a), pb = cloud(b);
    Eigen::Vector3d ca = Eigen::Vector3d::Zero(), cb = Eigen::Vector3d::Zero();
    for (size_t i = 0; i < pa.size(); ++i) {
      ca += pa[i];
      cb += pb[i];
    }
    ca /= double(pa.size());
    cb /= double(pb.size());
    double dotSum = 0, crossSum = 0;
    for (size_t i = 0; i < pa.size(); ++i) {
      const Eigen::Vector3d u = pa[i] - ca, v = pb[i] - cb;
      dotSum += u.x() * v.x() + u.z() * v.z();
      crossSum += u.x() * v.z() - u.z() * v.x();
    }
    FramePairMatch out;
    out.alignment.theta = std::atan2(crossSum, dotSum);
    const Eigen::Vector3d rotatedCentroid = out.alignment.applyToVector(cb);
    out.alignment.x = ca.x() - rotatedCentroid.x();
    out.alignment.z = ca.z() - rotatedCentroid.z();
    double sum = 0;
    for (size_t i = 0; i < pa.size(); ++i)
      sum += (pa[i] - out.alignment.apply(pb[i])).squaredNorm();
    out.distance = sum / pa.size();
    return out;
  }

  FramePairMetric metric() const {
    return [this](const FrameRef& a, const FrameRef& b) { return match(a, b); };
  }

  // D(query, .) over motion `motion`.
  std::vector<float> row(const FrameRef& query, int motion) const {
    std::vector<float> out(m_motions[motion]->frameCount());
    for (int f = 0; f < static_cast<int>(out.size()); ++f)
      out[f] = static_cast<float>(match(query, {motion, f}).distance);
    return out;
  }

  const std::vector<std::shared_ptr<const Motion>>& motions() const { return m_motions; }

 private:
  std::vector<std::shared_ptr<const Motion>> m_motions;
  std::vector<std::vector<Eigen::Vector3d>> m_positions;  // per motion, frame-major
};

// A copy of `motion` turned by `theta` about Y and moved by (dx, dz) on the floor.
inline Motion rotatedAboutY(const Motion& motion, double theta, double dx, double dz) {
  Motion out = motion;
  const FloorTransform t{theta, dx, dz};
  const int joints = motion.jointCount();
  for (int f = 0; f < motion.frameCount(); ++f) {
    out.rootPositions[f] = t.apply(motion.rootPositions[f]);
    out.localRotations[static_cast<size_t>(f) * joints] = t.apply(motion.rotation(f, 0));
  }
  return out;
}

}  // namespace mg::test
