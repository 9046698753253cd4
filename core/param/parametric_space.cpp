// SPDX-License-Identifier: MIT
#include "core/param/parametric_space.h"

#include <algorithm>
#include <cmath>

#include "core/metric/distance_grid.h"
#include "core/metric/frame_distance.h"
#include "core/motion/foot_contacts.h"
#include "core/motion/quaternion.h"
#include "core/param/time_warp.h"

namespace mg {

Status RegistrationSettings::validate() const {
  if (smoothingFrames < 1) return Error{"registration: smoothingFrames must be at least 1"};
  if (!(maxContactShift >= 0 && maxContactShift <= 1)) {
    return Error{"registration: maxContactShift must be in [0, 1]"};
  }
  if (Status s = metric.validate(); !s) return Error{"registration: " + s.error().message};
  return Status::success();
}

namespace {

Status validateExamples(std::span<const ExampleSegment> examples, int reference) {
  if (examples.empty()) return Error{"parametric space: no examples (an empty node)"};
  if (reference < 0 || reference >= static_cast<int>(examples.size())) {
    return Error{"parametric space: reference example " + std::to_string(reference) +
                 " is out of range"};
  }
  for (size_t i = 0; i < examples.size(); ++i) {
    const ExampleSegment& e = examples[i];
    const std::string which = "example " + std::to_string(i);
    if (!e.motion) return Error{"parametric space: " + which + " has no motion"};
    if (Status s = e.motion->validate(); !s) {
      return Error{"parametric space: " + which + " ('" + e.motion->name +
                   "'): " + s.error().message};
    }
    if (e.beginFrame < 0 || e.endFrame > e.motion->frameCount() || e.endFrame - e.beginFrame < 4) {
      return Error{"parametric space: " + which + " frames [" + std::to_string(e.beginFrame) +
                   ", " + std::to_string(e.endFrame) + ") are not 4 or more frames of '" +
                   e.motion->name + "' (" + std::to_string(e.motion->frameCount()) + " frames)"};
    }
    if (!e.motion->skeleton->sameHierarchy(*examples[0].motion->skeleton)) {
      return Error{"parametric space: " + which + " ('" + e.motion->name +
                   "') has a different skeleton from example 0; examples must share one hierarchy"};
    }
    if (std::abs(e.motion->fps - examples[0].motion->fps) > 1e-6) {
      return Error{"parametric space: " + which + " is at " + std::to_string(e.motion->fps) +
                   " fps, example 0 at " + std::to_string(examples[0].motion->fps) +
                   "; resample them to one rate"};
    }
  }
  return Status::success();
}

// Onsets (frames relative to the segment) of each foot point's plants inside the segment.
std::array<std::vector<int>, kFootPointCount> plantOnsets(const ExampleSegment& e,
                                                          const FootContacts& contacts) {
  std::array<std::vector<int>, kFootPointCount> out;
  for (int p = 0; p < kFootPointCount; ++p) {
    for (int f = std::max(1, e.beginFrame); f < e.endFrame; ++f) {
      if (contacts.isPlanted(f, FootPoint(p)) && !contacts.isPlanted(f - 1, FootPoint(p))) {
        out[p].push_back(f - e.beginFrame);
      }
    }
  }
  return out;
}

// Pins the warp at corresponding onsets (reference frame r, example frame e): the correction
// e - warp[r] is interpolated linearly between pins and is zero at both ends.
std::vector<std::pair<int, int>> pinContacts(
    std::vector<double>& warp, const std::array<std::vector<int>, kFootPointCount>& refOnsets,
    const std::array<std::vector<int>, kFootPointCount>& exOnsets, int exFrames, double maxShift) {
  std::vector<std::pair<int, int>> pins;
  const int m = static_cast<int>(warp.size());
  for (int p = 0; p < kFootPointCount; ++p) {
    for (int r : refOnsets[p]) {
      if (r <= 0 || r >= m - 1) continue;
      int best = -1;
      for (int e : exOnsets[p]) {
        if (best < 0 || std::abs(e - warp[r]) < std::abs(best - warp[r])) best = e;
      }
      if (best > 0 && best < exFrames - 1 && std::abs(best - warp[r]) <= maxShift * exFrames) {
        pins.emplace_back(r, best);
      }
    }
  }
  std::sort(pins.begin(), pins.end());
  // Keep pins that are strictly increasing in both frames (heel and toe of one foot may agree).
  std::vector<std::pair<int, int>> kept;
  for (auto pin : pins) {
    if (kept.empty() || (pin.first > kept.back().first && pin.second > kept.back().second)) {
      kept.push_back(pin);
    }
  }
  if (kept.empty()) return kept;
  std::vector<std::pair<double, double>> knots{{0.0, 0.0}};
  for (auto [r, e] : kept) knots.emplace_back(r, e - warp[r]);
  knots.emplace_back(m - 1, 0.0);
  size_t k = 0;
  for (int r = 0; r < m; ++r) {
    while (k + 2 < knots.size() && knots[k + 1].first <= r) ++k;
    const auto [r0, c0] = knots[k];
    const auto [r1, c1] = knots[k + 1];
    const double t = r1 > r0 ? (r - r0) / (r1 - r0) : 0.0;
    warp[r] += c0 + std::clamp(t, 0.0, 1.0) * (c1 - c0);
  }
  makeStrictlyIncreasing(warp, 1e-3 * (exFrames - 1) / std::max(1, m - 1));
  return kept;
}

}  // namespace

Result<ParametricSpace> registerExamples(std::span<const ExampleSegment> examples,
                                         const RegistrationSettings& settings,
                                         const Progress& progress) {
  if (Status s = settings.validate(); !s) return s.error();
  if (Status s = validateExamples(examples, settings.referenceExample); !s) return s.error();
  const int count = static_cast<int>(examples.size());
  std::vector<Motion> slices;
  slices.reserve(count);
  for (const ExampleSegment& e : examples)
    slices.push_back(sliceFrames(*e.motion, e.beginFrame, e.endFrame));
  std::vector<const Motion*> pointers;
  for (const Motion& m : slices) pointers.push_back(&m);
  MetricSettings metric = settings.metric;
  metric.workingFps = examples[0].motion->fps;  // warp frames, not resampled frames
  Result<FrameSet> set = buildFrameSet(pointers, metric);
  if (!set) return Error{"parametric space: " + set.error().message};
  DistanceGridJob job;
  job.rows = &set.value();
  // Phases: the distance grid [0, 0.5], then the registration of each example [0.5, 1].
  Result<DistanceGrid> grid = computeDistanceGrid(job, progress.slice(0.0, 0.5));
  if (!grid) return grid.error();

  ParametricSpace space;
  space.skeleton = examples[0].motion->skeleton;
  space.fps = examples[0].motion->fps;
  space.referenceExample = settings.referenceExample;
  const Clip ref = set->motions[settings.referenceExample];
  space.referenceFrames = ref.frameCount();

  // The reference starts at the origin facing +Z.
  const Motion& refSlice = slices[settings.referenceExample];
  const double yaw0 = yawAngle(refSlice.localRotations[0]);
  const FloorTransform turn{-yaw0, 0.0, 0.0};
  const Eigen::Vector3d r0 = turn.apply(
      Eigen::Vector3d(refSlice.rootPositions[0].x(), 0.0, refSlice.rootPositions[0].z()));
  const FloorTransform canonical{-yaw0, -r0.x(), -r0.z()};

  std::vector<FootContacts> contacts;
  std::array<std::vector<int>, kFootPointCount> refOnsets;
  if (settings.matchFootContacts) {
    for (const ExampleSegment& e : examples) contacts.push_back(detectFootContacts(*e.motion));
    refOnsets =
        plantOnsets(examples[settings.referenceExample], contacts[settings.referenceExample]);
  }

  const int joints = space.jointCount();
  for (int i = 0; i < count; ++i) {
    if (progress.cancelled()) return Error{"parametric space: registration cancelled"};
    const Clip ex = set->motions[i];
    RegisteredExample out;
    out.segment = examples[i];
    out.frameCount = ex.frameCount();
    std::vector<float> cost(static_cast<size_t>(ref.frameCount()) * ex.frameCount());
    for (int r = 0; r < ref.frameCount(); ++r) {
      for (int c = 0; c < ex.frameCount(); ++c) {
        cost[static_cast<size_t>(r) * ex.frameCount() + c] =
            grid->at(ref.beginFrame + r, ex.beginFrame + c);
      }
    }
    Result<WarpPath> path = dynamicTimeWarp(cost, ref.frameCount(), ex.frameCount());
    if (!path) return path.error();
    out.warp = warpFromPath(*path, ref.frameCount(), ex.frameCount(), settings.smoothingFrames);
    if (settings.matchFootContacts) {
      out.contactPins = pinContacts(out.warp, refOnsets, plantOnsets(examples[i], contacts[i]),
                                    ex.frameCount(), settings.maxContactShift);
    }
    const FrameAlignment a = frameDistance(*set, ref.beginFrame, *set, ex.beginFrame);
    out.alignment = canonical * FloorTransform{a.theta, a.x0, a.z0};
    const Motion& slice = slices[i];
    const Eigen::Quaterniond turnQ = out.alignment.rotation();
    for (int f = 0; f < slice.frameCount(); ++f) {
      out.rootPositions.push_back(out.alignment.apply(slice.rootPositions[f]));
      for (int j = 0; j < joints; ++j) {
        const Eigen::Quaterniond& q = slice.rotation(f, j);
        out.rotations.push_back(j == 0 ? (turnQ * q).normalized() : q);
      }
    }
    space.examples.push_back(std::move(out));
    progress.report(0.5 + 0.5 * static_cast<double>(i + 1) / count);
  }
  return space;
}

namespace {

Status checkWeights(const ParametricSpace& space, std::span<const double> weights, double& sum) {
  if (static_cast<int>(weights.size()) != space.exampleCount()) {
    return Error{"blend: " + std::to_string(weights.size()) + " weights for " +
                 std::to_string(space.exampleCount()) + " examples"};
  }
  sum = 0;
  for (double w : weights) {
    if (!std::isfinite(w)) return Error{"blend: a weight is not finite"};
    sum += w;
  }
  if (!(sum > 1e-9)) return Error{"blend: the weights sum to " + std::to_string(sum) + ", not > 0"};
  return Status::success();
}

// Examples with non-zero weight, largest weight first (its quaternion fixes the hemisphere).
void activeOrder(std::span<const double> weights, std::vector<int>& order) {
  order.clear();
  for (int i = 0; i < static_cast<int>(weights.size()); ++i) {
    if (weights[i] != 0.0) order.push_back(i);
  }
  std::sort(order.begin(), order.end(), [&](int a, int b) { return weights[a] > weights[b]; });
}

// Where example `e` is at output frame k of n: segment frame t0 and fraction ft.
inline void warpedTime(const ParametricSpace& space, const RegisteredExample& e, int k, int n,
                       int& t0, double& ft) {
  const int m = space.referenceFrames;
  const double r = n > 1 ? static_cast<double>(k) * (m - 1) / (n - 1) : 0.0;
  const int r0 = std::min(static_cast<int>(r), m - 2);
  const double fr = r - r0;
  const double t = e.warp[r0] + fr * (e.warp[r0 + 1] - e.warp[r0]);
  t0 = std::min(static_cast<int>(t), e.frameCount - 2);
  ft = std::clamp(t - t0, 0.0, 1.0);
}

template <bool kAllJoints>
void blendFrames(const ParametricSpace& space, std::span<const double> weights, double sum, int n,
                 Eigen::Vector3d* positions, Eigen::Quaterniond* rotations, int jointStride) {
  thread_local std::vector<int> order;
  activeOrder(weights, order);
  const int joints = kAllJoints ? space.jointCount() : 1;
  const int full = space.jointCount();
  for (int k = 0; k < n; ++k) {
    Eigen::Vector3d p = Eigen::Vector3d::Zero();
    Eigen::Quaterniond* acc = rotations + static_cast<size_t>(k) * jointStride;
    for (int j = 0; j < joints; ++j) acc[j].coeffs().setZero();
    for (int i : order) {
      const RegisteredExample& e = space.examples[i];
      const double w = weights[i] / sum;
      int t0;
      double ft;
      warpedTime(space, e, k, n, t0, ft);
      p += w * ((1.0 - ft) * e.rootPositions[t0] + ft * e.rootPositions[t0 + 1]);
      const Eigen::Quaterniond* a = e.rotations.data() + static_cast<size_t>(t0) * full;
      const Eigen::Quaterniond* b = a + full;
      for (int j = 0; j < joints; ++j) {
        Eigen::Vector4d qa = a[j].coeffs(), qb = b[j].coeffs();
        if (qa.dot(qb) < 0) qb = -qb;
        Eigen::Vector4d q = ((1.0 - ft) * qa + ft * qb).normalized();
        Eigen::Vector4d& s = acc[j].coeffs();
        if (i != order.front() && q.dot(s) < 0) q = -q;
        s += w * q;
      }
    }
    for (int j = 0; j < joints; ++j) acc[j].normalize();
    positions[k] = p;
  }
}

}  // namespace

int blendedFrameCount(const ParametricSpace& space, std::span<const double> weights) {
  double sum = 0, frames = 0;
  for (size_t i = 0; i < weights.size() && i < space.examples.size(); ++i) {
    sum += weights[i];
    frames += weights[i] * (space.examples[i].frameCount - 1);
  }
  if (!(sum > 0)) return 2;
  return std::max(2, static_cast<int>(std::lround(frames / sum)) + 1);
}

Status blendClip(const ParametricSpace& space, std::span<const double> weights, Motion& out) {
  double sum = 0;
  if (Status s = checkWeights(space, weights, sum); !s) return s;
  const int n = blendedFrameCount(space, weights);
  out.name = "blend";
  out.skeleton = space.skeleton;
  out.fps = space.fps;
  out.rootPositions.resize(n);
  out.localRotations.resize(static_cast<size_t>(n) * space.jointCount());
  blendFrames<true>(space, weights, sum, n, out.rootPositions.data(), out.localRotations.data(),
                    space.jointCount());
  return Status::success();
}

Status blendRootPath(const ParametricSpace& space, std::span<const double> weights,
                     std::vector<Eigen::Vector3d>& positions,
                     std::vector<Eigen::Quaterniond>& rootRotations) {
  double sum = 0;
  if (Status s = checkWeights(space, weights, sum); !s) return s;
  const int n = blendedFrameCount(space, weights);
  positions.resize(n);
  rootRotations.resize(n);
  blendFrames<false>(space, weights, sum, n, positions.data(), rootRotations.data(), 1);
  return Status::success();
}

}  // namespace mg
