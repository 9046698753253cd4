// SPDX-License-Identifier: MIT
#include "app/mgtool/cli/glitch_option.h"

#include "core/motion/pose_glitches.h"

namespace mg::tool {

GlitchOption::GlitchOption(Command& command)
    : m_keep(command.flag("keep-glitches",
                          "build from every frame, also those that are not motion (a reference "
                          "pose, a jump away and back, a flip: mgtool info lists them)")) {}

std::optional<std::vector<std::shared_ptr<const Motion>>> leaveOutGlitches(
    const Command& command, const std::vector<std::shared_ptr<const Motion>>& motions,
    const std::vector<std::string>& files, int minFrames) {
  std::vector<std::shared_ptr<const Motion>> kept;
  for (size_t i = 0; i < motions.size(); ++i) {
    const Motion& m = *motions[i];
    const std::vector<PoseGlitch> glitches = findPoseGlitches(m);
    if (glitches.empty()) {
      kept.push_back(motions[i]);
      continue;
    }
    const std::string& file = i < files.size() ? files[i] : m.name;
    for (const PoseGlitch& g : glitches)
      command.note(file + ": left out (--keep-glitches keeps it): " + describeGlitch(m, g));
    const auto runs = runsBetweenGlitches(motions[i], glitches, minFrames);
    if (runs.empty()) command.note(file + ": nothing left between its glitches");
    kept.insert(kept.end(), runs.begin(), runs.end());
  }
  if (kept.empty()) {
    command.note(
        "no frame of the capture is left once its glitches are left out "
        "(--keep-glitches builds from them)");
    return std::nullopt;
  }
  return kept;
}

}  // namespace mg::tool
