// SPDX-License-Identifier: MIT
#pragma once

#include <vector>

#include "core/motion/foot_contacts.h"
#include "core/motion/motion.h"
#include "core/util/result.h"

namespace mg {

// A heel strike: the first planted frame of a heel after at least one unplanted frame.
struct HeelStrike {
  int frame = 0;
  bool left = true;
};

// Heel strikes of a motion in frame order, from its contacts (FootPoint::LeftHeel / RightHeel).
std::vector<HeelStrike> heelStrikes(const FootContacts& contacts);

// How to cut locomotion into example segments: `steps` consecutive steps starting at a heel strike
// of `startLeft` foot, e.g. two steps from a left heel strike to the next left heel strike.
struct StepCycleSettings {
  int steps = 2;          // steps per segment, in [1, 8]; a step ends at the other foot's strike
  bool startLeft = true;  // start at a left (true) or right (false) heel strike
  ContactSettings contacts;
  // false: a segment that holds a capture glitch frame (core/motion/pose_glitches.h: a reference
  // pose, a flip, a jump away and back) is left out, so no example blends one in.
  bool keepGlitches = false;

  // Fails when steps is outside [1, 8].
  Status validate() const;
};

// A segment found by findStepCycles: frames [beginFrame, endFrame) of the motion, where endFrame
// is the strike that closes the last step plus one (so consecutive cycles share that frame).
struct StepCycle {
  int beginFrame = 0;
  int endFrame = 0;
};

// Every segment of `settings.steps` alternating steps that starts at a heel strike of the chosen
// foot. A foot striking twice in a row (a pivot in a sharp turn, a shuffle) counts once, at its
// first strike, so such steps stay in the sequence. Segments left out for a glitch (see
// keepGlitches) go to `leftOut` when given. Fails when the settings are invalid, the motion is
// invalid, or the skeleton has no heel points.
Result<std::vector<StepCycle>> findStepCycles(const Motion& motion,
                                              const StepCycleSettings& settings = {},
                                              std::vector<StepCycle>* leftOut = nullptr);

}  // namespace mg
