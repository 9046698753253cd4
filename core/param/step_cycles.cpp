// SPDX-License-Identifier: MIT
#include "core/param/step_cycles.h"

#include <algorithm>

#include "core/motion/pose_glitches.h"

namespace mg {

std::vector<HeelStrike> heelStrikes(const FootContacts& contacts) {
  std::vector<HeelStrike> out;
  const int n = static_cast<int>(contacts.planted.size());
  for (FootPoint p : {FootPoint::LeftHeel, FootPoint::RightHeel}) {
    for (int f = 1; f < n; ++f) {
      if (contacts.isPlanted(f, p) && !contacts.isPlanted(f - 1, p)) {
        out.push_back({f, p == FootPoint::LeftHeel});
      }
    }
  }
  std::sort(out.begin(), out.end(),
            [](const HeelStrike& a, const HeelStrike& b) { return a.frame < b.frame; });
  return out;
}

Status StepCycleSettings::validate() const {
  if (steps < 1 || steps > 8) {
    return Error{"step cycles: " + std::to_string(steps) + " steps per segment; use 1 to 8"};
  }
  return Status::success();
}

Result<std::vector<StepCycle>> findStepCycles(const Motion& motion,
                                              const StepCycleSettings& settings,
                                              std::vector<StepCycle>* leftOut) {
  if (Status s = settings.validate(); !s) return s.error();
  if (Status s = motion.validate(); !s) return Error{"step cycles: " + s.error().message};
  const auto points = findFootPoints(*motion.skeleton);
  if (points[static_cast<int>(FootPoint::LeftHeel)].joint < 0 ||
      points[static_cast<int>(FootPoint::RightHeel)].joint < 0) {
    return Error{"step cycles: the skeleton of '" + motion.name + "' has no left and right heel"};
  }
  // A foot that strikes twice in a row (a pivot in a sharp turn, or a shuffle) re-plants within
  // one step: keep its first strike so the step sequence stays alternating.
  std::vector<HeelStrike> strikes;
  for (const HeelStrike& h : heelStrikes(detectFootContacts(motion, settings.contacts))) {
    if (strikes.empty() || strikes.back().left != h.left) strikes.push_back(h);
  }
  const std::vector<PoseGlitch> glitches =
      settings.keepGlitches ? std::vector<PoseGlitch>{} : findPoseGlitches(motion);
  std::vector<StepCycle> out;
  for (size_t i = 0; i < strikes.size(); ++i) {
    if (strikes[i].left != settings.startLeft) continue;
    if (i + settings.steps >= strikes.size()) continue;
    const StepCycle cycle{strikes[i].frame, strikes[i + settings.steps].frame + 1};
    if (holdsGlitch(glitches, cycle.beginFrame, cycle.endFrame)) {
      if (leftOut) leftOut->push_back(cycle);
      continue;
    }
    out.push_back(cycle);
  }
  return out;
}

}  // namespace mg
