// SPDX-License-Identifier: MIT
#include "core/motion/pose_glitches.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <functional>
#include <memory>
#include <numbers>

#include "core/motion/forward_kinematics.h"

namespace mg {

namespace {

using Channel = PoseGlitch::Channel;

double degreesOf(double radians) {
  return radians * 180.0 / std::numbers::pi;
}

double quantile(std::vector<double> values, double q) {
  if (values.empty()) return 0.0;
  const auto k =
      static_cast<std::ptrdiff_t>(std::floor(q * static_cast<double>(values.size() - 1)));
  std::nth_element(values.begin(), values.begin() + k, values.end());
  return values[static_cast<size_t>(k)];
}

// The joints and end sites of frame f, the root's position taken out (its orientation kept: a
// file may trade the root's rotation against its children's from one frame to the next, and
// only what the children then show counts).
class BodyPoints {
 public:
  explicit BodyPoints(const Motion& m)
      : m_motion(m),
        m_rotations(static_cast<size_t>(m.jointCount())),
        m_world(static_cast<size_t>(m.jointCount())),
        m_worldRotations(static_cast<size_t>(m.jointCount())) {}
  std::vector<Eigen::Vector3d> at(int f) {
    const Eigen::Quaterniond* r = m_motion.frameRotations(f);
    std::copy(r, r + m_motion.jointCount(), m_rotations.begin());
    forwardKinematics(*m_motion.skeleton, Eigen::Vector3d::Zero(), m_rotations.data(),
                      m_world.data(), m_worldRotations.data());
    std::vector<Eigen::Vector3d> points = m_world;
    const std::vector<Eigen::Vector3d> tips =
        endSitePositions(*m_motion.skeleton, m_world.data(), m_worldRotations.data());
    points.insert(points.end(), tips.begin(), tips.end());
    return points;
  }

 private:
  const Motion& m_motion;
  std::vector<Eigen::Quaterniond> m_rotations;
  std::vector<Eigen::Vector3d> m_world;
  std::vector<Eigen::Quaterniond> m_worldRotations;
};

double largestDistance(const std::vector<Eigen::Vector3d>& a,
                       const std::vector<Eigen::Vector3d>& b) {
  double largest = 0.0;
  for (size_t i = 0; i < a.size(); ++i) largest = std::max(largest, (a[i] - b[i]).norm());
  return largest;
}

// One watched channel: its floor, its change across every boundary, and the distance between any
// two of its frames.
struct Watched {
  Channel channel = Channel::Body;
  double floor = 0.0;
  std::vector<double> change;  // change[b]: frames b - 1 to b; change[0] = 0
  std::function<double(int, int)> distance;
};

// The glitches of one channel, by the rules of the header.
void channelGlitches(const Watched& ch, int maxFrames, std::vector<PoseGlitch>& out) {
  const int frames = static_cast<int>(ch.change.size());
  const double typical =
      quantile(std::vector<double>(ch.change.begin() + 1, ch.change.end()), 0.95);
  // Steps are judged against the whole clip; spikes, starts and ends against the changes around
  // them (their median over kGlitchMaxSeconds each side, the three boundaries at b left out).
  const double threshold = std::max(ch.floor, kGlitchJumpFactor * typical);
  auto c = [&ch](int b) { return ch.change[static_cast<size_t>(b)]; };
  std::vector<double> around;
  auto localThreshold = [&](int b) {
    around.clear();
    for (int k = std::max(1, b - maxFrames); k <= std::min(frames - 1, b + maxFrames); ++k)
      if (k < b - 1 || k > b + 1) around.push_back(c(k));
    return std::max(ch.floor, kGlitchLocalFactor * quantile(around, 0.5));
  };
  auto isJump = [&](int b) { return c(b) > localThreshold(b); };
  // The changes just outside boundaries [first, last] are small against `jump`.
  auto isolated = [&](int first, int last, double jump) {
    const double limit = jump / kGlitchIsolationFactor;
    return (first - 1 < 1 || c(first - 1) < limit) && (last + 1 >= frames || c(last + 1) < limit);
  };
  auto add = [&](PoseGlitch::Kind kind, int begin, int end, int at) {
    PoseGlitch g;
    g.kind = kind;
    g.beginFrame = begin;
    g.endFrame = end;
    g.channel = ch.channel;
    g.jump = c(at);
    g.typical = typical;
    g.joint = at;  // the boundary, for now: findPoseGlitches names the joint
    out.push_back(g);
  };
  for (int b1 = 1; b1 < frames; ++b1) {
    if (!isJump(b1)) continue;
    // A later jump that undoes this one: the glitch frames lie between.
    int b2 = -1;
    for (int b = b1 + 1; b < frames && b <= b1 + maxFrames; ++b) {
      if (isJump(b) && ch.distance(b1 - 1, b) < kGlitchReturnFraction * c(b1)) {
        b2 = b;
        break;
      }
    }
    if (b2 > 0) {
      if (isolated(b1, b2, std::min(c(b1), c(b2)))) {
        add(PoseGlitch::Kind::Spike, b1, b2, c(b1) >= c(b2) ? b1 : b2);
        b1 = b2;
      }
      continue;
    }
    if (!isolated(b1, b1, c(b1))) continue;
    if (b1 <= maxFrames) {
      add(PoseGlitch::Kind::Start, 0, b1, b1);
    } else if (b1 >= frames - maxFrames) {
      add(PoseGlitch::Kind::End, b1, frames, b1);
      break;
    } else if (c(b1) > kGlitchStepFactor * threshold) {  // threshold: the whole clip's
      add(PoseGlitch::Kind::Step, b1, b1 + 1, b1);
    }
  }
}

// How far a glitch stands out: its jump over its channel's threshold.
double salience(const PoseGlitch& g, double bodyFloor) {
  const double floor = g.channel == Channel::Body ? bodyFloor : kGlitchMinJumpMetres;
  return g.jump / std::max(floor, kGlitchJumpFactor * g.typical);
}

// How far each joint reaches in the rest pose: the largest distance from it to a joint or end
// site that hangs from it (a rotation of the joint by a radians moves that point by up to a x it).
std::vector<double> jointReach(const Skeleton& s) {
  const int n = s.jointCount();
  std::vector<Eigen::Quaterniond> rest(static_cast<size_t>(n), Eigen::Quaterniond::Identity());
  std::vector<Eigen::Vector3d> world(static_cast<size_t>(n));
  std::vector<Eigen::Quaterniond> worldRot(static_cast<size_t>(n));
  forwardKinematics(s, Eigen::Vector3d::Zero(), rest.data(), world.data(), worldRot.data());
  std::vector<double> reach(static_cast<size_t>(n), 0.0);
  auto reachUp = [&](int joint, const Eigen::Vector3d& p) {
    for (int a = joint; a >= 0; a = s.joints[static_cast<size_t>(a)].parent)
      reach[static_cast<size_t>(a)] =
          std::max(reach[static_cast<size_t>(a)], (p - world[static_cast<size_t>(a)]).norm());
  };
  for (int j = 0; j < n; ++j)
    reachUp(s.joints[static_cast<size_t>(j)].parent, world[static_cast<size_t>(j)]);
  const std::vector<Eigen::Vector3d> tips = endSitePositions(s, world.data(), worldRot.data());
  for (size_t e = 0; e < tips.size(); ++e) reachUp(s.endSites[e].joint, tips[e]);
  return reach;
}

}  // namespace

std::vector<PoseGlitch> findPoseGlitches(const Motion& motion) {
  const int frames = motion.frameCount();
  std::vector<PoseGlitch> found;
  if (frames < 3) return found;
  const int maxFrames = std::max(1, static_cast<int>(std::floor(kGlitchMaxSeconds * motion.fps)));
  const double bodyFloor = kGlitchMinBodyJump * std::max(restHeight(*motion.skeleton), 0.5);

  auto body = std::make_shared<BodyPoints>(motion);
  Watched pose{Channel::Body, bodyFloor, std::vector<double>(static_cast<size_t>(frames), 0.0),
               [body](int a, int b) { return largestDistance(body->at(a), body->at(b)); }};
  Watched move{Channel::RootMove, kGlitchMinJumpMetres, pose.change, [&motion](int a, int b) {
                 return (motion.rootPositions[static_cast<size_t>(a)] -
                         motion.rootPositions[static_cast<size_t>(b)])
                     .norm();
               }};
  std::vector<Eigen::Vector3d> previous = body->at(0);
  for (int b = 1; b < frames; ++b) {
    std::vector<Eigen::Vector3d> current = body->at(b);
    pose.change[static_cast<size_t>(b)] = largestDistance(previous, current);
    previous = std::move(current);
    move.change[static_cast<size_t>(b)] = move.distance(b - 1, b);
  }
  for (const Watched* ch : {&pose, &move}) channelGlitches(*ch, maxFrames, found);

  // Name the joint that moves most at each jump (its boundary is in `joint` for now).
  const std::vector<double> reach = jointReach(*motion.skeleton);
  for (PoseGlitch& g : found) {
    const int b = g.joint;
    if (g.channel != Channel::Body) {
      g.joint = 0;
      continue;
    }
    int best = 0;
    double bestMoved = -1.0;
    for (int j = 1; j < motion.jointCount(); ++j) {
      const double angle = motion.rotation(b - 1, j).angularDistance(motion.rotation(b, j));
      const double moved = angle * reach[static_cast<size_t>(j)];
      if (moved > bestMoved) {
        bestMoved = moved;
        best = j;
        g.jointDegrees = degreesOf(angle);
      }
    }
    g.joint = best;
  }

  // Overlapping glitches of different channels are one, described by the one that stands out
  // most; a spike or step that overlaps a start or end becomes part of it.
  std::sort(found.begin(), found.end(), [](const PoseGlitch& a, const PoseGlitch& b) {
    return a.beginFrame != b.beginFrame ? a.beginFrame < b.beginFrame : a.endFrame > b.endFrame;
  });
  std::vector<PoseGlitch> merged;
  for (const PoseGlitch& g : found) {
    if (!merged.empty() && g.beginFrame < merged.back().endFrame) {
      PoseGlitch& m = merged.back();
      const bool edge = m.kind == PoseGlitch::Kind::Start || m.kind == PoseGlitch::Kind::End ||
                        g.kind == PoseGlitch::Kind::Start || g.kind == PoseGlitch::Kind::End;
      const PoseGlitch::Kind kind =
          edge ? (m.beginFrame == 0 ? PoseGlitch::Kind::Start : PoseGlitch::Kind::End) : m.kind;
      const int begin = std::min(m.beginFrame, g.beginFrame);
      const int end = std::max(m.endFrame, g.endFrame);
      if (salience(g, bodyFloor) > salience(m, bodyFloor)) m = g;
      m.kind = kind;
      m.beginFrame = begin;
      m.endFrame = end;
      continue;
    }
    merged.push_back(g);
  }
  return merged;
}

std::string describeGlitch(const Motion& motion, const PoseGlitch& g) {
  const std::string joint = motion.skeleton && g.joint >= 0 && g.joint < motion.jointCount()
                                ? motion.skeleton->joints[static_cast<size_t>(g.joint)].name
                                : "joint " + std::to_string(g.joint);
  char what[200];
  if (g.channel == Channel::Body) {
    std::snprintf(what, sizeof what,
                  "the pose jumps %.2g m (its largest point move; 95th percentile per frame "
                  "%.2g m), most at %s (%.0f deg)",
                  g.jump, g.typical, joint.c_str(), g.jointDegrees);
  } else {
    std::snprintf(what, sizeof what, "the root moves %.2g m (95th percentile per frame %.2g m)",
                  g.jump, g.typical);
  }
  const std::string frames =
      g.endFrame - g.beginFrame == 1
          ? "frame " + std::to_string(g.beginFrame)
          : "frames " + std::to_string(g.beginFrame) + "-" + std::to_string(g.endFrame - 1);
  switch (g.kind) {
    case PoseGlitch::Kind::Spike:
      return frames + ": " + what + ", and back";
    case PoseGlitch::Kind::Start:
      return frames + ": not the motion (a start pose); after it " + what;
    case PoseGlitch::Kind::End:
      return frames + ": not the motion (an end pose); into it " + what;
    case PoseGlitch::Kind::Step:
      return frames + ": " + what + ", and stays (a flip)";
  }
  return frames;
}

std::vector<std::pair<int, int>> framesBetweenGlitches(int frameCount,
                                                       const std::vector<PoseGlitch>& glitches,
                                                       int minFrames) {
  std::vector<std::pair<int, int>> runs;
  int begin = 0;
  auto close = [&](int end) {
    if (end - begin >= std::max(1, minFrames)) runs.emplace_back(begin, end);
  };
  for (const PoseGlitch& g : glitches) {
    close(std::min(g.beginFrame, frameCount));
    begin = std::max(begin, g.endFrame);
  }
  close(frameCount);
  return runs;
}

std::vector<std::shared_ptr<const Motion>> runsBetweenGlitches(
    const std::shared_ptr<const Motion>& motion, const std::vector<PoseGlitch>& glitches,
    int minFrames) {
  if (glitches.empty()) return {motion};
  std::vector<std::shared_ptr<const Motion>> runs;
  for (const auto& [begin, end] :
       framesBetweenGlitches(motion->frameCount(), glitches, minFrames)) {
    Motion run = sliceFrames(*motion, begin, end);
    run.name = motion->name + " frames " + std::to_string(begin) + "-" + std::to_string(end - 1);
    runs.push_back(std::make_shared<const Motion>(std::move(run)));
  }
  return runs;
}

GlitchFreeMotions withoutGlitches(const std::vector<std::shared_ptr<const Motion>>& motions,
                                  double minSeconds) {
  GlitchFreeMotions out;
  for (const std::shared_ptr<const Motion>& m : motions) {
    out.glitches.push_back(findPoseGlitches(*m));
    const int minFrames = std::max(2, static_cast<int>(std::lround(minSeconds * m->fps)));
    const auto runs = runsBetweenGlitches(m, out.glitches.back(), minFrames);
    out.runs.insert(out.runs.end(), runs.begin(), runs.end());
  }
  return out;
}

bool holdsGlitch(const std::vector<PoseGlitch>& glitches, int begin, int end) {
  return std::any_of(glitches.begin(), glitches.end(),
                     [&](const PoseGlitch& g) { return g.beginFrame < end && begin < g.endFrame; });
}

std::vector<std::uint8_t> glitchFramesAtRate(const Motion& motion,
                                             const std::vector<PoseGlitch>& glitches, double fps,
                                             int frameCount) {
  std::vector<std::uint8_t> source(static_cast<size_t>(motion.frameCount()), 0);
  for (const PoseGlitch& g : glitches) {
    for (int f = std::max(0, g.beginFrame); f < std::min(g.endFrame, motion.frameCount()); ++f)
      source[f] = 1;
  }
  std::vector<std::uint8_t> out(static_cast<size_t>(std::max(0, frameCount)), 0);
  if (source.empty()) return out;
  const int last = motion.frameCount() - 1;
  for (int i = 0; i < frameCount; ++i) {
    const double s = i * motion.fps / fps;
    // A source frame this resampled frame sits on (within rounding) contributes alone.
    const double nearest = std::round(s);
    const int a = std::clamp(
        static_cast<int>(std::abs(s - nearest) < 1e-6 ? nearest : std::floor(s)), 0, last);
    const int b = std::abs(s - nearest) < 1e-6 ? a : std::min(a + 1, last);
    out[i] = source[a] | source[b];
  }
  return out;
}

}  // namespace mg
