// SPDX-License-Identifier: MIT
#include "core/snap/foot_constraints.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <optional>
#include <vector>

#include "core/motion/forward_kinematics.h"
#include "core/motion/leg_ik.h"
#include "core/snap/acceleration_fill.h"

namespace mg {
namespace {

constexpr double kNegligibleMetres = 1e-9;

struct Leg {
  LegChain chain;
  FootPointLocation heel, toe;
  int heelIndex = 0, toeIndex = 1;  // FootPoint values
};

Eigen::Vector3d pointPosition(const FootPointLocation& p, const std::vector<Eigen::Vector3d>& pos,
                              const std::vector<Eigen::Quaterniond>& rot) {
  return pos[p.joint] + rot[p.joint] * p.offset;
}

std::vector<Leg> findLegs(const Skeleton& sk,
                          const std::array<FootPointLocation, kFootPointCount>& points) {
  std::vector<Leg> legs;
  for (int side = 0; side < 2; ++side) {
    const FootPointLocation heel = points[2 * side], toe = points[2 * side + 1];
    if (heel.joint < 0) continue;
    if (std::optional<LegChain> chain = findLegChain(sk, heel.joint)) {
      legs.push_back({*chain, heel, toe, 2 * side, 2 * side + 1});
    }
  }
  return legs;
}

using PointTargets = std::array<std::optional<Eigen::Vector3d>, kFootPointCount>;
using TipTargets = std::array<std::optional<Eigen::Vector3d>, 2>;  // left, right

void aimToeTip(const Skeleton& sk, const FootPointLocation& tip, const Eigen::Vector3d& goal,
               Pose& pose);

// The turn about the vertical (Y) axis that carries the horizontal direction of `from` onto that
// of `to` (0 when either has no horizontal length).
Eigen::Quaterniond headingTurn(const Eigen::Vector3d& from, const Eigen::Vector3d& to) {
  const double a = std::atan2(from.x(), from.z()), b = std::atan2(to.x(), to.z());
  if (std::hypot(from.x(), from.z()) < kNegligibleMetres ||
      std::hypot(to.x(), to.z()) < kNegligibleMetres) {
    return Eigen::Quaterniond::Identity();
  }
  return Eigen::Quaterniond(Eigen::AngleAxisd(b - a, Eigen::Vector3d::UnitY()));
}

// Solves the legs of `pose` so planted points reach their targets: a heel target places the
// ankle (keeping the heel's offset from it), a toe target alone places the ankle by the toe's
// current offset and, in both cases, aims the foot. Moves the root first if a target is out of
// reach. Returns false when no leg has a target (pose unchanged).
Result<bool> solveLegs(const Skeleton& sk, const std::vector<Leg>& legs,
                       const std::array<FootPointLocation, kFootPointCount>& points,
                       const PointTargets& target, double reachFraction, Pose& pose,
                       const TipTargets& tipTarget = {}) {
  const int joints = sk.jointCount();
  std::vector<Eigen::Vector3d> pos(joints);
  std::vector<Eigen::Quaterniond> rot(joints);
  forwardKinematics(sk, pose.rootPosition, pose.localRotations.data(), pos.data(), rot.data());
  std::vector<std::optional<Eigen::Vector3d>> ankleTargets(legs.size()), toeTargets(legs.size());
  bool any = false;
  const auto tips = findToeTips(sk);
  for (size_t i = 0; i < legs.size(); ++i) {
    const Leg& leg = legs[i];
    const int side = leg.heelIndex / 2;
    const Eigen::Vector3d ankle = pos[leg.chain.foot];
    if (target[leg.heelIndex]) {
      ankleTargets[i] =
          *target[leg.heelIndex] - (pointPosition(points[leg.heelIndex], pos, rot) - ankle);
    } else if (leg.toe.joint >= 0 && target[leg.toeIndex]) {
      const Eigen::Vector3d toe = pointPosition(points[leg.toeIndex], pos, rot);
      // Planted on the toe alone: a tip target sets the foot's heading about the toe.
      Eigen::Quaterniond turn = Eigen::Quaterniond::Identity();
      if (tips[side] && tipTarget[side]) {
        turn = headingTurn(pointPosition(*tips[side], pos, rot) - toe,
                           *tipTarget[side] - *target[leg.toeIndex]);
      }
      ankleTargets[i] = *target[leg.toeIndex] + turn * (ankle - toe);
    }
    if (leg.toe.joint >= 0 && target[leg.toeIndex]) toeTargets[i] = target[leg.toeIndex];
    any = any || ankleTargets[i].has_value();
  }
  if (!any) return false;
  std::vector<LegChain> chains;
  for (const Leg& leg : legs) chains.push_back(leg.chain);
  adjustRootForReach(sk, chains, ankleTargets, pose, reachFraction);
  for (size_t i = 0; i < legs.size(); ++i) {
    if (!ankleTargets[i]) continue;
    LegIkJob job{&sk, legs[i].chain, *ankleTargets[i], toeTargets[i], legs[i].toe};
    if (Result<double> r = job.run(pose); !r) return r.error();
    const int side = legs[i].heelIndex / 2;
    if (tips[side] && tipTarget[side] && toeTargets[i])
      aimToeTip(sk, *tips[side], *tipTarget[side], pose);
  }
  return true;
}

// Frames to the nearest frame with flag set (a large number when there is none).
std::vector<int> distanceToFlagged(const std::vector<std::uint8_t>& flag) {
  const int n = static_cast<int>(flag.size());
  const int far = std::numeric_limits<int>::max() / 2;
  std::vector<int> d(n, far);
  for (int f = 0, last = -far; f < n; ++f) {
    if (flag[f]) last = f;
    d[f] = std::min(d[f], f - last);
  }
  for (int f = n - 1, next = n + far; f >= 0; --f) {
    if (flag[f]) next = f;
    d[f] = std::min(d[f], next - f);
  }
  return d;
}

double smoothstep(double t) {
  return t * t * (3.0 - 2.0 * t);
}

// How far the root moves (and moves `pose`'s root) so that the legs reach their ankle targets
// without straightening abruptly: a leg asked for a hip-to-target distance d beyond
// softReachFraction of its length L reaches only
//   d_soft = s + (r - s) (1 - exp(-(d - s) / (r - s))),  s = softReachFraction L, r = reachFraction
//   L,
// and the root moves the rest of the way along the hip-to-target line. d_soft has a continuous
// slope, so a target drifting out of reach bends the knee and shifts the root smoothly instead of
// driving the knee through the ill-conditioned last percent of its extension, where a millimetre
// of reach swings it by degrees. adjustRootForReach then guarantees reachFraction for every leg.
Eigen::Vector3d softRootShift(const Skeleton& sk, std::span<const LegChain> chains,
                              std::span<const std::optional<Eigen::Vector3d>> ankleTargets,
                              const FootConstraintSettings& settings, Pose& pose) {
  std::vector<Eigen::Vector3d> pos(sk.jointCount());
  forwardKinematics(sk, pose.rootPosition, pose.localRotations.data(), pos.data());
  Eigen::Vector3d shift = Eigen::Vector3d::Zero();
  for (size_t i = 0; i < chains.size(); ++i) {
    if (!ankleTargets[i]) continue;
    const LegChain& leg = chains[i];
    const double length =
        (pos[leg.shin] - pos[leg.thigh]).norm() + (pos[leg.foot] - pos[leg.shin]).norm();
    const double soft = settings.softReachFraction * length,
                 reach = settings.reachFraction * length;
    const Eigen::Vector3d toTarget = *ankleTargets[i] - pos[leg.thigh];
    const double d = toTarget.norm();
    if (d <= soft || reach <= soft) continue;
    const double reached = soft + (reach - soft) * (1.0 - std::exp(-(d - soft) / (reach - soft)));
    shift += toTarget / d * (d - reached);
  }
  pose.rootPosition += shift;
  return shift + adjustRootForReach(sk, chains, ankleTargets, pose, settings.reachFraction);
}

// Target of one planted run [begin, end] of a point whose positions are `where`. Returns whether
// locked frames anchor it.
bool runTargets(int begin, int end, const std::vector<Eigen::Vector3d>& where,
                const std::vector<std::uint8_t>& locked,
                std::vector<std::optional<Eigen::Vector3d>>& target) {
  std::vector<int> locks;
  for (int f = begin; f <= end; ++f) {
    if (locked[f]) locks.push_back(f);
  }
  if (locks.empty()) {
    Eigen::Vector3d mean = Eigen::Vector3d::Zero();
    for (int f = begin; f <= end; ++f) mean += where[f];
    mean /= (end - begin + 1);
    for (int f = begin; f <= end; ++f) target[f] = mean;
    return false;
  }
  size_t next = 0;  // first lock at or after f
  for (int f = begin; f <= end; ++f) {
    while (next < locks.size() && locks[next] < f) ++next;
    if (next < locks.size() && locks[next] == f) {
      target[f] = where[f];
    } else if (next == 0) {
      target[f] = where[locks.front()];
    } else if (next == locks.size()) {
      target[f] = where[locks.back()];
    } else {
      // Between two locked stretches (locked frames of two match frames): move from one to the
      // other with zero velocity at both, so the foot is still where the locked frames are.
      const int a = locks[next - 1], b = locks[next];
      target[f] =
          where[a] + (where[b] - where[a]) * smoothstep(static_cast<double>(f - a) / (b - a));
    }
  }
  return true;
}

// A point of a foot the solver holds: one of the four FootPoints or, on a skeleton with toe
// joints, the tip of a toe (the end site past the ball), which follows the plants of its ball.
struct Track {
  FootPointLocation location;
  int plant = 0;                                       // FootPoint whose plants it follows
  std::vector<Eigen::Vector3d> where;                  // input world positions, per frame
  std::vector<std::optional<Eigen::Vector3d>> target;  // on planted frames
  std::vector<std::uint8_t> anchored;                  // per frame: its run holds locked frames
  std::vector<Eigen::Vector3d> correction;             // relative to following the root shift
};

// The tip of a leg's toe joint (findToeTips).
std::optional<FootPointLocation> toeTip(const Skeleton& sk, const Leg& leg) {
  return findToeTips(sk)[leg.heelIndex / 2];
}

// Fills a track's correction: fixed where planted (target minus where it is, less the root
// shift), zero where locked or more than `blend` frames from a plant, least acceleration in
// between; the frame just outside a plant keeps the plant's edge correction.
Status fillCorrection(Track& t, const std::vector<Eigen::Vector3d>& rootShift,
                      const std::vector<std::uint8_t>& isLocked, int blend) {
  const int frames = static_cast<int>(t.where.size());
  t.correction.assign(frames, Eigen::Vector3d::Zero());
  std::vector<std::uint8_t> isPlanted(frames, 0);
  bool any = false;
  for (int f = 0; f < frames; ++f) {
    if (!t.target[f]) continue;
    isPlanted[f] = 1, any = true;
    t.correction[f] = *t.target[f] - t.where[f] - rootShift[f];
  }
  if (!any) return Status::success();
  const std::vector<int> distance = distanceToFlagged(isPlanted);
  // A locked frame that does not plant the point (the common pose moves it) next to a run: the
  // run eases in from it (and out towards it) over half the blend instead of stopping the foot
  // in one frame; its first frames are left to the fill.
  std::vector<std::uint8_t> movingLock(frames, 0);
  for (int f = 0; f < frames; ++f) movingLock[f] = isLocked[f] && !isPlanted[f];
  const std::vector<int> toMovingLock = distanceToFlagged(movingLock);
  std::vector<std::uint8_t> fixed(frames, 0);
  for (int f = 0; f < frames; ++f) {
    if (isLocked[f] && !isPlanted[f]) t.correction[f].setZero();
    const bool easing = isPlanted[f] && !isLocked[f] && 2 * toMovingLock[f] <= blend;
    fixed[f] = (isPlanted[f] && !easing) || isLocked[f] || distance[f] > blend;
  }
  // Touch-down and lift-off: the frame just outside a run keeps the run's edge correction, so
  // the correction settles (zero slope) in the air and the foot lands and leaves with the
  // velocity it has in capture, neither easing onto the floor (a creeping foot) nor stopping
  // harder than it did.
  for (int f = 0; f < frames; ++f) {
    if (!isPlanted[f] || !fixed[f] || isLocked[f]) continue;
    for (int side : {-1, 1}) {
      const int g = f + side;
      if (g < 0 || g >= frames || isPlanted[g] || fixed[g]) continue;
      t.correction[g] = t.correction[f];
      fixed[g] = 1;
    }
  }
  return fillMinimumAcceleration(t.correction, fixed);
}

// A re-step (PlantStep) of a track: between the frames either side of the step (the plants),
// the correction's height gets a bump, sin^2 shaped (zero height and velocity at both ends), so
// high that the middle frame stands `lift` above the higher of the two ends. Locked frames are
// never changed: the bump spans only the step's unlocked frames.
void liftStep(Track& t, const std::vector<Eigen::Vector3d>& rootShift,
              const std::vector<std::uint8_t>& isLocked, const PlantStep& step) {
  const int frames = static_cast<int>(t.where.size());
  int a = step.begin - 1, b = step.end + 1;
  while (a + 1 < b && a >= 0 && isLocked[a + 1]) ++a;
  while (b - 1 > a && b < frames && isLocked[b - 1]) --b;
  a = std::max(a, 0), b = std::min(b, frames - 1);
  if (b - a < 2) return;
  auto height = [&](int f) { return t.where[f].y() + rootShift[f].y() + t.correction[f].y(); };
  const int middle = (a + b) / 2;
  const double base = std::max(height(a), height(b));
  const double extra = step.lift - (height(middle) - base);
  if (!(extra > 0.0)) return;
  const double pi = std::acos(-1.0);
  // Scaled so the middle frame gets all of `extra` (its phase is 1/2 only when b - a is even).
  const double top = std::pow(std::sin(pi * (middle - a) / (b - a)), 2);
  for (int f = a + 1; f < b; ++f) {
    if (isLocked[f]) continue;
    t.correction[f].y() += extra / top * std::pow(std::sin(pi * (f - a) / (b - a)), 2);
  }
}

// Turns the toe joint of `tip` so that the tip points at `goal` (the smallest turn about the
// ball); a one-bone aim after the leg is solved.
void aimToeTip(const Skeleton& sk, const FootPointLocation& tip, const Eigen::Vector3d& goal,
               Pose& pose) {
  std::vector<Eigen::Vector3d> pos(sk.jointCount());
  std::vector<Eigen::Quaterniond> rot(sk.jointCount());
  forwardKinematics(sk, pose.rootPosition, pose.localRotations.data(), pos.data(), rot.data());
  const int toe = tip.joint, parent = sk.joints[toe].parent;
  const Eigen::Vector3d now = rot[toe] * tip.offset, wanted = goal - pos[toe];
  if (now.norm() < kNegligibleMetres || wanted.norm() < kNegligibleMetres) return;
  const Eigen::Quaterniond world = Eigen::Quaterniond::FromTwoVectors(now, wanted) * rot[toe];
  pose.localRotations[toe] = (rot[parent].conjugate() * world).normalized();
}

}  // namespace

Status FootConstraintJob::validate() const {
  if (!motion || !contacts) return Error{"foot constraints: no motion or no contacts"};
  if (Status s = motion->validate(); !s) return Error{"foot constraints: " + s.error().message};
  const size_t frames = static_cast<size_t>(motion->frameCount());
  if (contacts->planted.size() != frames)
    return Error{"foot constraints: contacts do not cover every frame"};
  if (!locked.empty() && locked.size() != frames) {
    return Error{"foot constraints: locked flags do not cover every frame"};
  }
  if (settings.blendFrames < 0) return Error{"foot constraints: blendFrames must be >= 0"};
  if (!(settings.reachFraction > 0.0 && settings.reachFraction <= 1.0)) {
    return Error{"foot constraints: reachFraction must be in (0, 1]"};
  }
  if (!(settings.softReachFraction > 0.0 && settings.softReachFraction <= settings.reachFraction)) {
    return Error{"foot constraints: softReachFraction must be in (0, reachFraction]"};
  }
  for (const PlantStep& step : steps) {
    if (step.point < 0 || step.point >= kFootPointCount)
      return Error{"foot constraints: a step names no foot point"};
    if (step.begin < 0 || step.begin > step.end || step.end >= static_cast<int>(frames))
      return Error{"foot constraints: a step's frames are outside the motion"};
    if (!(step.lift >= 0.0 && std::isfinite(step.lift)))
      return Error{"foot constraints: a step's lift must be finite and >= 0"};
  }
  return Status::success();
}

Result<Motion> FootConstraintJob::run() const {
  if (Status s = validate(); !s) return s.error();
  const Motion& in = *motion;
  const Skeleton& sk = *in.skeleton;
  const int frames = in.frameCount(), joints = in.jointCount();
  const int blend = settings.blendFrames;
  const auto points = findFootPoints(sk);
  const std::vector<Leg> legs = findLegs(sk, points);
  Motion out = in;
  if (legs.empty()) return out;
  std::vector<std::uint8_t> isLocked(frames, 0);
  if (!locked.empty()) std::copy(locked.begin(), locked.end(), isLocked.begin());

  // Tracks 0..3 are the FootPoints (unused ones stay empty); toe tips follow.
  std::vector<Track> tracks(kFootPointCount);
  for (int p = 0; p < kFootPointCount; ++p) tracks[p].location = points[p], tracks[p].plant = p;
  std::vector<int> tipOfLeg(legs.size(), -1);
  for (size_t i = 0; i < legs.size(); ++i) {
    if (std::optional<FootPointLocation> tip = toeTip(sk, legs[i])) {
      tipOfLeg[i] = static_cast<int>(tracks.size());
      tracks.push_back({*tip, legs[i].toeIndex, {}, {}, {}, {}});
    }
  }
  // World positions of the tracked points and ankles in every frame of the input.
  std::vector<std::vector<Eigen::Vector3d>> ankle(legs.size(),
                                                  std::vector<Eigen::Vector3d>(frames));
  for (Track& t : tracks)
    t.where.resize(frames), t.target.resize(frames), t.anchored.assign(frames, 0);
  {
    std::vector<Eigen::Vector3d> pos(joints);
    std::vector<Eigen::Quaterniond> rot(joints);
    for (int f = 0; f < frames; ++f) {
      forwardKinematics(sk, in.rootPositions[f], in.frameRotations(f), pos.data(), rot.data());
      for (Track& t : tracks) {
        if (t.location.joint >= 0) t.where[f] = pointPosition(t.location, pos, rot);
      }
      for (size_t i = 0; i < legs.size(); ++i) ankle[i][f] = pos[legs[i].chain.foot];
    }
  }
  // Targets of every planted frame, run by run.
  for (Track& t : tracks) {
    if (t.location.joint < 0) continue;
    const FootPoint plant = static_cast<FootPoint>(t.plant);
    for (int s = 0; s < frames;) {
      if (!contacts->isPlanted(s, plant)) {
        ++s;
        continue;
      }
      int e = s;
      while (e + 1 < frames && contacts->isPlanted(e + 1, plant)) ++e;
      const bool anchored = runTargets(s, e, t.where, isLocked, t.target);
      std::fill(t.anchored.begin() + s, t.anchored.begin() + e + 1, anchored ? 1 : 0);
      s = e + 1;
    }
  }
  // Heel and toe of one foot planted together: no pose puts them further apart (or closer) than
  // the foot is long, so targets of two runs that disagree leave one of them sliding. The point
  // whose run locked frames anchor leads (the toe when both or neither are: it is the point a
  // foot pivots on) and keeps its target; the other is moved along the line between the two
  // targets to the foot's length from it. The move is the follower's whole run's: on its frames
  // where the other point is not planted (heel strike, heel-off) it is moved as on the nearest
  // frame where both are, so its target does not jump where the other point lands or lifts.
  for (const Leg& leg : legs) {
    if (leg.toe.joint < 0) continue;
    Track &heel = tracks[leg.heelIndex], &toe = tracks[leg.toeIndex];
    std::array<std::vector<std::optional<Eigen::Vector3d>>, 2> moved;  // heel, toe: per frame
    moved[0].resize(frames), moved[1].resize(frames);
    for (int f = 0; f < frames; ++f) {
      if (isLocked[f] || !heel.target[f] || !toe.target[f]) continue;
      const bool heelLeads = heel.anchored[f] && !toe.anchored[f];
      Track &lead = heelLeads ? heel : toe, &follow = heelLeads ? toe : heel;
      const Eigen::Vector3d away = *follow.target[f] - *lead.target[f];
      Eigen::Vector3d shift = Eigen::Vector3d::Zero();
      if (away.norm() > kNegligibleMetres) {
        shift = *lead.target[f] + away.normalized() * (follow.where[f] - lead.where[f]).norm() -
                *follow.target[f];
      }
      moved[heelLeads ? 1 : 0][f] = shift;
      moved[heelLeads ? 0 : 1][f] = Eigen::Vector3d::Zero();
    }
    for (int which = 0; which < 2; ++which) {
      Track& t = which == 0 ? heel : toe;
      std::vector<std::optional<Eigen::Vector3d>>& m = moved[which];
      for (int s = 0; s < frames;) {
        if (!t.target[s]) {
          ++s;
          continue;
        }
        int e = s;
        while (e + 1 < frames && t.target[e + 1]) ++e;
        // Nearest frame of the run with a move, the earlier one on a tie: one pass each way.
        std::vector<int> nearest(e - s + 1, -1);
        for (int f = s, last = -1; f <= e; ++f) {
          if (m[f]) last = f;
          nearest[f - s] = last;
        }
        for (int f = e, next = -1; f >= s; --f) {
          if (m[f]) next = f;
          const int before = nearest[f - s];
          if (next >= 0 && (before < 0 || next - f < f - before)) nearest[f - s] = next;
        }
        for (int f = s; f <= e; ++f) {
          if (!isLocked[f] && nearest[f - s] >= 0) *t.target[f] += *m[nearest[f - s]];
        }
        s = e + 1;
      }
    }
  }
  auto ankleTargetOf = [&](size_t i, int f) -> std::optional<Eigen::Vector3d> {
    const Track &heel = tracks[legs[i].heelIndex], &toe = tracks[legs[i].toeIndex];
    if (heel.target[f]) return *heel.target[f] - (heel.where[f] - ankle[i][f]);
    if (toe.location.joint >= 0 && toe.target[f])
      return *toe.target[f] - (toe.where[f] - ankle[i][f]);
    return std::nullopt;
  };

  // Root shift: what reaching the targets needs, filled smoothly in between.
  std::vector<Eigen::Vector3d> rootShift(frames, Eigen::Vector3d::Zero());
  {
    std::vector<std::uint8_t> needed(frames, 0);
    std::vector<LegChain> chains;
    for (const Leg& leg : legs) chains.push_back(leg.chain);
    bool any = false;
    for (int f = 0; f < frames; ++f) {
      if (isLocked[f]) continue;
      std::vector<std::optional<Eigen::Vector3d>> ankleTargets(legs.size());
      bool has = false;
      for (size_t i = 0; i < legs.size(); ++i) {
        ankleTargets[i] = ankleTargetOf(i, f);
        has = has || ankleTargets[i].has_value();
      }
      if (!has) continue;
      Pose pose = in.pose(f);
      const Eigen::Vector3d shift = softRootShift(sk, chains, ankleTargets, settings, pose);
      if (shift.norm() > kNegligibleMetres) rootShift[f] = shift, needed[f] = 1, any = true;
    }
    if (any) {
      const std::vector<int> distance = distanceToFlagged(needed);
      std::vector<std::uint8_t> fixed(frames, 0);
      for (int f = 0; f < frames; ++f) fixed[f] = needed[f] || isLocked[f] || distance[f] > blend;
      if (Status s = fillMinimumAcceleration(rootShift, fixed); !s) return s.error();
    }
  }
  for (Track& t : tracks) {
    if (t.location.joint < 0) continue;
    if (Status s = fillCorrection(t, rootShift, isLocked, blend); !s) return s.error();
    for (const PlantStep& step : steps) {
      if (step.point == t.plant) liftStep(t, rootShift, isLocked, step);
    }
  }
  auto correctionAt = [&](int track, int f) -> Eigen::Vector3d {
    return track >= 0 && !tracks[track].correction.empty() ? tracks[track].correction[f]
                                                           : Eigen::Vector3d::Zero();
  };

  // Solve every frame that has a correction.
  for (int f = 0; f < frames; ++f) {
    if (isLocked[f]) continue;
    const Eigen::Vector3d& r = rootShift[f];
    bool any = r.norm() > kNegligibleMetres;
    for (size_t t = 0; t < tracks.size(); ++t)
      any = any || correctionAt(static_cast<int>(t), f).norm() > kNegligibleMetres;
    if (!any) continue;
    Pose pose = in.pose(f);
    pose.rootPosition += r;
    for (size_t i = 0; i < legs.size(); ++i) {
      const Leg& leg = legs[i];
      const bool hasToe = leg.toe.joint >= 0;
      const Eigen::Vector3d heelCorrection = correctionAt(leg.heelIndex, f);
      const Eigen::Vector3d toeCorrection =
          hasToe ? correctionAt(leg.toeIndex, f) : Eigen::Vector3d::Zero();
      const Eigen::Vector3d tipCorrection = correctionAt(tipOfLeg[i], f);
      if (heelCorrection.norm() <= kNegligibleMetres && toeCorrection.norm() <= kNegligibleMetres &&
          tipCorrection.norm() <= kNegligibleMetres) {
        continue;
      }
      Eigen::Vector3d ankleTarget = ankle[i][f] + r + heelCorrection;
      std::optional<Eigen::Vector3d> toeTarget;
      if (hasToe) {
        const Track& toe = tracks[leg.toeIndex];
        toeTarget = toe.where[f] + r + toeCorrection;
        // Toe planted, heel free: the foot pivots about the toe; the ankle keeps its distance.
        if (toe.target[f] && !tracks[leg.heelIndex].target[f]) {
          const Eigen::Vector3d away = ankleTarget - *toeTarget;
          const double length = (ankle[i][f] - toe.where[f]).norm();
          if (away.norm() > kNegligibleMetres)
            ankleTarget = *toeTarget + away.normalized() * length;
        }
      }
      LegIkJob job{&sk, leg.chain, ankleTarget, toeTarget, leg.toe};
      if (Result<double> solved = job.run(pose); !solved) return solved.error();
      if (tipOfLeg[i] >= 0) {
        const Track& tip = tracks[tipOfLeg[i]];
        aimToeTip(sk, tip.location, tip.where[f] + r + tipCorrection, pose);
      }
    }
    out.rootPositions[f] = pose.rootPosition;
    std::copy(pose.localRotations.begin(), pose.localRotations.end(),
              out.localRotations.begin() + static_cast<std::ptrdiff_t>(f) * joints);
  }
  return out;
}

Status plantCommonPose(const Skeleton& skeleton, std::uint8_t plantedMask, PoseTriple& pose,
                       double reachFraction,
                       std::span<const std::optional<Eigen::Vector3d>> targets,
                       std::span<const std::optional<Eigen::Vector3d>> tipTargets) {
  const int joints = skeleton.jointCount();
  for (const Pose* p : {&pose.previous, &pose.current, &pose.next}) {
    if (static_cast<int>(p->localRotations.size()) != joints) {
      return Error{"plant common pose: the pose has the wrong number of joints"};
    }
  }
  if (!(reachFraction > 0.0 && reachFraction <= 1.0)) {
    return Error{"plant common pose: reachFraction must be in (0, 1]"};
  }
  if (!targets.empty() && targets.size() != static_cast<size_t>(kFootPointCount)) {
    return Error{"plant common pose: targets must be empty or one per foot point"};
  }
  if (!tipTargets.empty() && tipTargets.size() != 2) {
    return Error{"plant common pose: tip targets must be empty or one per side"};
  }
  const auto points = findFootPoints(skeleton);
  const std::vector<Leg> legs = findLegs(skeleton, points);
  if (!targets.empty()) {
    PointTargets moved;
    for (int p = 0; p < kFootPointCount; ++p) {
      if (points[p].joint >= 0 && (plantedMask & (1u << p)) && targets[p]) moved[p] = targets[p];
    }
    TipTargets tipsMoved;
    for (int side = 0; side < 2 && !tipTargets.empty(); ++side) {
      if (moved[2 * side + 1]) tipsMoved[side] = tipTargets[side];
    }
    Result<bool> solved =
        solveLegs(skeleton, legs, points, moved, reachFraction, pose.current, tipsMoved);
    if (!solved) return solved.error();
  }
  std::vector<Eigen::Vector3d> pos(joints);
  std::vector<Eigen::Quaterniond> rot(joints);
  forwardKinematics(skeleton, pose.current.rootPosition, pose.current.localRotations.data(),
                    pos.data(), rot.data());
  PointTargets target;
  for (int p = 0; p < kFootPointCount; ++p) {
    if (points[p].joint >= 0 && (plantedMask & (1u << p)))
      target[p] = pointPosition(points[p], pos, rot);
  }
  for (Pose* side : {&pose.previous, &pose.next}) {
    Result<bool> solved = solveLegs(skeleton, legs, points, target, reachFraction, *side);
    if (!solved) return solved.error();
    // A planted toe keeps its tip too.
    for (const Leg& leg : legs) {
      const std::optional<FootPointLocation> tip = toeTip(skeleton, leg);
      if (tip && target[leg.toeIndex])
        aimToeTip(skeleton, *tip, pointPosition(*tip, pos, rot), *side);
    }
  }
  return Status::success();
}

std::array<std::optional<FootPointLocation>, 2> findToeTips(const Skeleton& skeleton) {
  const auto points = findFootPoints(skeleton);
  std::array<std::optional<FootPointLocation>, 2> tips;
  for (int side = 0; side < 2; ++side) {
    const FootPointLocation &heel = points[2 * side], &toe = points[2 * side + 1];
    if (toe.joint < 0 || toe.joint == heel.joint || !toe.offset.isZero()) continue;
    for (const EndSite& e : skeleton.endSites) {
      if (e.joint == toe.joint) {
        tips[side] = FootPointLocation{e.joint, e.offset};
        break;
      }
    }
  }
  return tips;
}

}  // namespace mg
