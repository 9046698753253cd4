// SPDX-License-Identifier: MIT
#include "core/eval/point_tracks.h"

#include <algorithm>
#include <cmath>
#include <map>

#include <Eigen/Geometry>

#include "core/motion/units.h"

namespace mg {
namespace {

// One joint's local transform in one frame, straight from the channels.
struct LocalTransform {
  Eigen::Vector3d translation;
  Eigen::Quaterniond rotation;
};

LocalTransform localTransform(const BvhDocument& doc, int joint, int frame) {
  const BvhJoint& j = doc.joints[joint];
  LocalTransform t{j.offset, Eigen::Quaterniond::Identity()};
  for (size_t c = 0; c < j.channels.size(); ++c) {
    const double v = doc.value(frame, j.firstValue + static_cast<int>(c));
    switch (j.channels[c]) {
      case BvhChannel::Xposition:
        t.translation.x() += v;
        break;
      case BvhChannel::Yposition:
        t.translation.y() += v;
        break;
      case BvhChannel::Zposition:
        t.translation.z() += v;
        break;
      case BvhChannel::Xrotation:
        t.rotation = t.rotation * Eigen::AngleAxisd(v * M_PI / 180.0, Eigen::Vector3d::UnitX());
        break;
      case BvhChannel::Yrotation:
        t.rotation = t.rotation * Eigen::AngleAxisd(v * M_PI / 180.0, Eigen::Vector3d::UnitY());
        break;
      case BvhChannel::Zrotation:
        t.rotation = t.rotation * Eigen::AngleAxisd(v * M_PI / 180.0, Eigen::Vector3d::UnitZ());
        break;
    }
  }
  return t;
}

// World positions of every point (joints, then end sites) from local transforms.
void worldPositions(const BvhDocument& doc, const std::vector<LocalTransform>& local,
                    Eigen::Vector3d* out) {
  const size_t joints = doc.joints.size();
  std::vector<Eigen::Quaterniond> rot(joints);
  for (size_t j = 0; j < joints; ++j) {
    const int p = doc.joints[j].parent;
    if (p < 0) {
      out[j] = local[j].translation;
      rot[j] = local[j].rotation;
    } else {
      out[j] = out[p] + rot[p] * local[j].translation;
      rot[j] = (rot[p] * local[j].rotation).normalized();
    }
  }
  for (size_t e = 0; e < doc.endSites.size(); ++e) {
    const BvhEndSite& site = doc.endSites[e];
    out[joints + e] = out[site.joint] + rot[site.joint] * site.offset;
  }
}

}  // namespace

Result<PointTracks> pointTracksFromBvh(const BvhDocument& doc, const TrackSettings& settings) {
  if (doc.joints.empty()) return Error{"point tracks: the file has no joints"};
  if (!(doc.frameTimeSeconds > 0.0)) return Error{"point tracks: the frame time is not positive"};
  if (settings.trimLeadingFrames < 0 || settings.trimLeadingFrames >= doc.frameCount) {
    return Error{"point tracks: trimming " + std::to_string(settings.trimLeadingFrames) + " of " +
                 std::to_string(doc.frameCount) + " frames leaves none"};
  }
  if (!std::isfinite(settings.fps) || settings.fps < 0.0)
    return Error{"point tracks: bad frame rate"};
  const int joints = static_cast<int>(doc.joints.size());
  PointTracks t;
  std::map<std::string, int> endNames;
  for (const BvhJoint& j : doc.joints) {
    t.names.push_back(j.name);
    t.parents.push_back(j.parent);
  }
  for (const BvhEndSite& e : doc.endSites) {
    std::string name = doc.joints[e.joint].name + "/end";
    if (int n = endNames[name]++; n > 0) name += std::to_string(n + 1);
    t.names.push_back(name);
    t.parents.push_back(e.joint);
  }
  const int points = t.pointCount();

  // Rest pose: every channel zero, so translations are the offsets.
  {
    std::vector<LocalTransform> rest(joints);
    for (int j = 0; j < joints; ++j)
      rest[j] = {doc.joints[j].offset, Eigen::Quaterniond::Identity()};
    std::vector<Eigen::Vector3d> p(points);
    worldPositions(doc, rest, p.data());
    t.restPositions = p;
    double lo = p[0].y(), hi = p[0].y();
    for (const Eigen::Vector3d& v : p) lo = std::min(lo, v.y()), hi = std::max(hi, v.y());
    t.bodyHeight = hi - lo;
    const LengthUnit unit = guessLengthUnit(t.bodyHeight);
    t.metresPerUnit = unit.metresPerUnit > 0 ? unit.metresPerUnit : 1.0;
  }

  const int first = settings.trimLeadingFrames;
  const int inFrames = doc.frameCount - first;
  const double fileFps = 1.0 / doc.frameTimeSeconds;
  const bool resample = settings.fps > 0.0 && std::abs(settings.fps - fileFps) > 1e-9;
  t.fps = resample ? settings.fps : fileFps;
  t.frameCount = resample
                     ? static_cast<int>(std::floor((inFrames - 1) / fileFps * t.fps + 1e-6)) + 1
                     : inFrames;
  t.positions.resize(static_cast<size_t>(t.frameCount) * points);
  std::vector<LocalTransform> a(joints), local(joints);
  for (int f = 0; f < t.frameCount; ++f) {
    if (!resample) {
      for (int j = 0; j < joints; ++j) local[j] = localTransform(doc, j, first + f);
    } else {
      const double src = f / t.fps * fileFps;
      const int f0 = std::clamp(static_cast<int>(std::floor(src)), 0, inFrames - 1);
      const int f1 = std::min(f0 + 1, inFrames - 1);
      const double w = std::clamp(src - f0, 0.0, 1.0);
      for (int j = 0; j < joints; ++j) {
        const LocalTransform l0 = localTransform(doc, j, first + f0),
                             l1 = localTransform(doc, j, first + f1);
        local[j].translation = (1 - w) * l0.translation + w * l1.translation;
        local[j].rotation = l0.rotation.slerp(w, l1.rotation);  // Eigen's slerp takes the short arc
      }
    }
    worldPositions(doc, local, t.positions.data() + static_cast<size_t>(f) * points);
  }
  return t;
}

Result<PointTracks> readPointTracks(const std::string& path, const TrackSettings& settings) {
  Result<BvhDocument> doc = readBvhFile(path);
  if (!doc) return doc.error();
  Result<PointTracks> tracks = pointTracksFromBvh(*doc, settings);
  if (!tracks) return Error{path + ": " + tracks.error().message};
  return tracks;
}

}  // namespace mg
