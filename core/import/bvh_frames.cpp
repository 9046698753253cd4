// SPDX-License-Identifier: MIT
#include "core/import/bvh_frames.h"

#include <cmath>

#include "core/motion/quaternion.h"

namespace mg {

BvhFrameConverter::BvhFrameConverter(const BvhDocument& document) {
  for (const BvhJoint& j : document.joints) {
    JointChannels c;
    c.offset = j.offset;
    for (size_t i = 0; i < j.channels.size(); ++i) {
      const int k = static_cast<int>(j.channels[i]);
      const int value = j.firstValue + static_cast<int>(i);
      if (k < 3) {
        c.position[k] = value;
      } else if (c.axes.size() < 3) {
        c.rotation[c.axes.size()] = value;
        c.axes.push_back("XYZ"[k - 3]);
      }
    }
    m_joints.push_back(std::move(c));
  }
}

Motion BvhFrameConverter::emptyMotion(const BvhDocument& document) const {
  auto skeleton = std::make_shared<Skeleton>();
  for (const BvhJoint& j : document.joints)
    skeleton->joints.push_back({j.name, j.parent, j.offset});
  for (const BvhEndSite& e : document.endSites) skeleton->endSites.push_back({e.joint, e.offset});
  Motion m;
  m.skeleton = skeleton;
  m.fps = 1.0 / document.frameTimeSeconds;
  m.rootPositions.reserve(static_cast<size_t>(document.frameCount));
  m.localRotations.reserve(static_cast<size_t>(document.frameCount) * document.joints.size());
  return m;
}

void BvhFrameConverter::append(const double* values, Motion& motion) const {
  for (size_t ji = 0; ji < m_joints.size(); ++ji) {
    const JointChannels& c = m_joints[ji];
    Eigen::Quaterniond q = Eigen::Quaterniond::Identity();
    if (c.axes.size() == 3) {
      q = eulerToQuaternion(c.axes, Eigen::Vector3d(values[c.rotation[0]], values[c.rotation[1]],
                                                    values[c.rotation[2]]));
    } else {
      for (size_t a = 0; a < c.axes.size(); ++a) {
        const Eigen::Vector3d axis = Eigen::Vector3d::Unit(c.axes[a] - 'X');
        q = q * Eigen::Quaterniond(Eigen::AngleAxisd(values[c.rotation[a]] * M_PI / 180.0, axis));
      }
    }
    if (ji == 0) {
      Eigen::Vector3d position = c.offset;
      for (int k = 0; k < 3; ++k)
        if (c.position[k] >= 0) position[k] += values[c.position[k]];
      motion.rootPositions.push_back(position);
    }
    motion.localRotations.push_back(q);
  }
}

}  // namespace mg
