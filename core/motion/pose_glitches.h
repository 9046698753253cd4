// SPDX-License-Identifier: MIT
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "core/motion/motion.h"

namespace mg {

// Frames of a capture that are not motion: a reference pose left at the start or end, a pose
// that jumps away for a few frames and back (a marker swap, a dropped frame written as the rest
// pose), a limb or the body that flips and stays flipped, a root that teleports. Each is a jump
// of the whole pose far beyond the clip's own frame-to-frame statistics, and isolated: real motion
// speeds up and slows down over several frames, a glitch does not.
//
// Two channels are watched, each with a change c(b) across the boundary b (frames b-1 to b):
//  - the body: the largest move of a joint or end site with the root's position taken out,
//    metres; its floor is kGlitchMinBodyJump x the rest height. A thumb that flips moves a few
//    centimetres (CMU's hands do that often) and is not a glitch of the pose; a leg or arm that
//    swaps, or a reference pose, moves a limb's length;
//  - the root's position, metres (floor kGlitchMinJumpMetres).
// c(b) is a jump when c(b) > max(floor, kGlitchLocalFactor x the median of c over kGlitchMaxSeconds
// each side of b, the boundaries next to b left out). A jump at b1 that a later jump at
// b2 <= b1 + kGlitchMaxSeconds undoes (the channel's distance between frames b1 - 1 and b2 is
// under kGlitchReturnFraction x c(b1)) encloses the glitch frames [b1, b2). A jump not undone is a
// bad start when it lies within kGlitchMaxSeconds of the first frame (frames [0, b1)), a bad end
// within kGlitchMaxSeconds of the last ([b1, frameCount)), else a step ([b1, b1 + 1): no clip may
// play across it) when it is also over kGlitchStepFactor x max(floor, kGlitchJumpFactor x q95),
// q95 the clip's 95th percentile of c (capture holds a frame now and then and catches up: a small
// step is that, not a flip). Every kind must be isolated: the changes just outside it are under
// 1 / kGlitchIsolationFactor of its jumps. Glitches of the two channels that overlap are merged.
// Invariant under rotating or translating the whole motion about the vertical, and under playing
// it backwards (a start becomes an end).
inline constexpr double kGlitchJumpFactor = 4.0;
inline constexpr double kGlitchMinBodyJump = 0.10;
inline constexpr double kGlitchLocalFactor = 3.0;
inline constexpr double kGlitchMinJumpMetres = 0.10;
inline constexpr double kGlitchMaxSeconds = 0.5;
inline constexpr double kGlitchReturnFraction = 0.5;
inline constexpr double kGlitchIsolationFactor = 2.0;
inline constexpr double kGlitchStepFactor = 2.0;

// One glitch: its frames, the channel whose jump stands out most, and the joint that moves most.
struct PoseGlitch {
  enum class Kind { Spike, Start, End, Step };
  enum class Channel { Body, RootMove };
  Kind kind = Kind::Spike;
  int beginFrame = 0;  // the glitch frames are [beginFrame, endFrame)
  int endFrame = 0;
  Channel channel = Channel::Body;
  double jump = 0.0;     // the jump, metres
  double typical = 0.0;  // the channel's q95 change per frame, same unit
  // The joint whose rotation change at the jump moves the most of the skeleton (the angle times
  // the reach of what hangs from it), and that change in degrees; the root for RootMove.
  int joint = 0;
  double jointDegrees = 0.0;
};

// The glitches of `motion`, in frame order, not overlapping. Precondition: motion.validate().
std::vector<PoseGlitch> findPoseGlitches(const Motion& motion);

// One line for a person: "frames 120-121: the pose jumps 0.31 m (mean over the skeleton; 95th
// percentile per frame 0.012 m), most at LeftUpLeg (84 deg), and back" and the like.
std::string describeGlitch(const Motion& motion, const PoseGlitch& glitch);

// The runs of frames [begin, end) of a motion of `frameCount` frames that no glitch touches, in
// order; runs shorter than `minFrames` are left out.
std::vector<std::pair<int, int>> framesBetweenGlitches(int frameCount,
                                                       const std::vector<PoseGlitch>& glitches,
                                                       int minFrames = 1);

// `motion` without its `glitches`: the motion itself when there are none, else the runs
// framesBetweenGlitches gives (at least minFrames each), each a motion named "<name> frames A-B"
// (A, B the first and last frame of the run).
std::vector<std::shared_ptr<const Motion>> runsBetweenGlitches(
    const std::shared_ptr<const Motion>& motion, const std::vector<PoseGlitch>& glitches,
    int minFrames);

// `motions` without their glitches, for a builder that needs motion and only motion (the motion
// field): each motion's runsBetweenGlitches of at least minSeconds (and 2 frames), in order, and
// the glitches found in each input motion.
struct GlitchFreeMotions {
  std::vector<std::shared_ptr<const Motion>> runs;
  std::vector<std::vector<PoseGlitch>> glitches;  // one list per input motion
};
GlitchFreeMotions withoutGlitches(const std::vector<std::shared_ptr<const Motion>>& motions,
                                  double minSeconds);

// Whether frames [begin, end) hold a glitch frame.
bool holdsGlitch(const std::vector<PoseGlitch>& glitches, int begin, int end);

// The glitch frames of `motion` (its `glitches`) carried to the motion resampled to `fps`
// (core/motion/resample.h: frame i at time i / fps, blended from the two source frames around it):
// one flag per resampled frame, `frameCount` of them, 1 where either source frame is a glitch
// frame. The identity when fps is the motion's own rate.
std::vector<std::uint8_t> glitchFramesAtRate(const Motion& motion,
                                             const std::vector<PoseGlitch>& glitches, double fps,
                                             int frameCount);

}  // namespace mg
