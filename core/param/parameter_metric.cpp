// SPDX-License-Identifier: MIT
#include "core/param/parameter_metric.h"

#include <algorithm>
#include <cmath>
#include <numbers>

#include "core/motion/forward_kinematics.h"
#include "core/motion/quaternion.h"

namespace mg {

int ParameterMetric::dimensions() const {
  return kind == ParameterKind::EndEffectorPosition ? static_cast<int>(axes.size()) : 1;
}

std::string ParameterMetric::kindName() const {
  switch (kind) {
    case ParameterKind::TravelDirectionChange:
      return "travel_direction_change";
    case ParameterKind::TravelSpeed:
      return "travel_speed";
    case ParameterKind::EndEffectorPosition:
      return "end_effector_position";
    case ParameterKind::MinimumHeight:
      return "minimum_height";
  }
  return "unknown";
}

std::string ParameterMetric::unit() const {
  switch (kind) {
    case ParameterKind::TravelDirectionChange:
      return "deg";
    case ParameterKind::TravelSpeed:
      return "m/s";
    default:
      return "m";
  }
}

Result<ParameterKind> parameterKindByName(const std::string& name) {
  for (ParameterKind k : {ParameterKind::TravelDirectionChange, ParameterKind::TravelSpeed,
                          ParameterKind::EndEffectorPosition, ParameterKind::MinimumHeight}) {
    ParameterMetric m;
    m.kind = k;
    if (m.kindName() == name) return k;
  }
  return Error{"unknown parameter metric '" + name +
               "'; use travel_direction_change, travel_speed, end_effector_position or "
               "minimum_height"};
}

Status ParameterMetric::validate(const Skeleton& skeleton) const {
  const bool needsJoint =
      kind == ParameterKind::EndEffectorPosition || kind == ParameterKind::MinimumHeight;
  if (needsJoint) {
    const int j = skeleton.findJoint(joint);
    if (j < 0) return Error{kindName() + ": no joint named '" + joint + "' in the skeleton"};
    if (endSite) {
      bool found = false;
      for (const EndSite& e : skeleton.endSites) found = found || e.joint == j;
      if (!found) return Error{kindName() + ": joint '" + joint + "' has no end site"};
    }
  }
  if (kind == ParameterKind::EndEffectorPosition) {
    if (!(keyTime >= 0 && keyTime <= 1)) return Error{kindName() + ": keyTime must be in [0, 1]"};
    if (axes.empty() || axes.size() > 3) return Error{kindName() + ": axes must be 1 to 3 of xyz"};
    for (size_t i = 0; i < axes.size(); ++i) {
      if (axes[i] != 'x' && axes[i] != 'y' && axes[i] != 'z') {
        return Error{kindName() + ": axis '" + std::string(1, axes[i]) + "' is not x, y or z"};
      }
      if (axes.find(axes[i]) != i) return Error{kindName() + ": axis repeated in '" + axes + "'"};
    }
  }
  if (kind == ParameterKind::TravelDirectionChange &&
      !(windowFraction > 0 && windowFraction <= 0.5)) {
    return Error{kindName() + ": windowFraction must be in (0, 0.5]"};
  }
  return Status::success();
}

Result<ParameterMeasure> ParameterMeasure::create(std::vector<ParameterMetric> metrics,
                                                  std::shared_ptr<const Skeleton> skeleton) {
  if (!skeleton) return Error{"parameter metrics: no skeleton"};
  if (metrics.empty()) return Error{"parameter metrics: a node needs at least one parameter"};
  ParameterMeasure out;
  for (const ParameterMetric& m : metrics) {
    if (Status s = m.validate(*skeleton); !s) return s.error();
    out.m_dims += m.dimensions();
    const int j = skeleton->findJoint(m.joint);
    int site = -1;
    for (int e = 0; m.endSite && e < static_cast<int>(skeleton->endSites.size()); ++e) {
      if (site < 0 && skeleton->endSites[e].joint == j) site = e;
    }
    out.m_joint.push_back(j);
    out.m_endSite.push_back(site);
  }
  if (out.m_dims > kMaxParameterDims) {
    return Error{"parameter metrics: " + std::to_string(out.m_dims) +
                 " parameters; a node may have 1 to 3"};
  }
  out.m_metrics = std::move(metrics);
  out.m_skeleton = std::move(skeleton);
  return out;
}

std::vector<std::string> ParameterMeasure::parameterNames() const {
  std::vector<std::string> out;
  for (const ParameterMetric& m : m_metrics) {
    if (m.kind != ParameterKind::EndEffectorPosition) {
      out.push_back(m.kindName());
      continue;
    }
    for (char a : m.axes) out.push_back(m.kindName() + "." + a);
  }
  return out;
}

std::vector<std::string> ParameterMeasure::parameterUnits() const {
  std::vector<std::string> out;
  for (const ParameterMetric& m : m_metrics) {
    const int n =
        m.kind == ParameterKind::EndEffectorPosition ? static_cast<int>(m.axes.size()) : 1;
    for (int i = 0; i < n; ++i) out.push_back(m.unit());
  }
  return out;
}

namespace {

double chordAngle(const Motion& clip, int a, int b) {
  const Eigen::Vector3d d = clip.rootPositions[b] - clip.rootPositions[a];
  return std::atan2(d.x(), d.z());
}

}  // namespace

ParameterVector ParameterMeasure::measure(const Motion& clip) const {
  ParameterVector out{};
  int dim = 0;
  const int n = clip.frameCount();
  const int joints = clip.jointCount();
  thread_local std::vector<Eigen::Vector3d> positions;
  thread_local std::vector<Eigen::Quaterniond> rotations;
  positions.resize(joints);
  rotations.resize(joints);
  auto pointAt = [&](size_t m, int frame) {
    forwardKinematics(*clip.skeleton, clip.rootPositions[frame], clip.frameRotations(frame),
                      positions.data(), rotations.data());
    if (m_endSite[m] < 0) return positions[m_joint[m]];
    const EndSite& e = clip.skeleton->endSites[m_endSite[m]];
    return Eigen::Vector3d(positions[e.joint] + rotations[e.joint] * e.offset);
  };
  for (size_t m = 0; m < m_metrics.size(); ++m) {
    const ParameterMetric& metric = m_metrics[m];
    switch (metric.kind) {
      case ParameterKind::TravelDirectionChange: {
        const int w =
            std::clamp(static_cast<int>(std::lround(metric.windowFraction * (n - 1))), 1, n - 1);
        double change = chordAngle(clip, n - 1 - w, n - 1) - chordAngle(clip, 0, w);
        change = std::remainder(change, 2 * std::numbers::pi);
        out[dim++] = change * 180.0 / std::numbers::pi;
        break;
      }
      case ParameterKind::TravelSpeed: {
        Eigen::Vector3d d = clip.rootPositions[n - 1] - clip.rootPositions[0];
        d.y() = 0;
        out[dim++] = d.norm() * clip.fps / std::max(1, n - 1);
        break;
      }
      case ParameterKind::EndEffectorPosition: {
        const int frame = static_cast<int>(std::lround(metric.keyTime * (n - 1)));
        const Eigen::Vector3d p = pointAt(m, frame);
        const Eigen::Vector3d& r0 = clip.rootPositions[0];
        const double yaw0 = yawAngle(clip.localRotations[0]);
        const double c = std::cos(-yaw0), s = std::sin(-yaw0);
        const double dx = p.x() - r0.x(), dz = p.z() - r0.z();
        const Eigen::Vector3d local(c * dx + s * dz, p.y(), -s * dx + c * dz);
        for (char a : metric.axes) out[dim++] = local[a - 'x'];
        break;
      }
      case ParameterKind::MinimumHeight: {
        double lowest = 1e300;
        for (int f = 0; f < n; ++f) lowest = std::min(lowest, pointAt(m, f).y());
        out[dim++] = lowest;
        break;
      }
    }
  }
  return out;
}

}  // namespace mg
