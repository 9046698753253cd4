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
    const std::vector<std::string>& files, double minSeconds) {
  GlitchFreeMotions clean = withoutGlitches(motions, minSeconds);
  for (size_t i = 0; i < motions.size(); ++i) {
    const std::string& file = i < files.size() ? files[i] : motions[i]->name;
    for (const PoseGlitch& g : clean.glitches[i])
      command.note(file +
                   ": left out (--keep-glitches keeps it): " + describeGlitch(*motions[i], g));
  }
  if (clean.runs.empty()) {
    command.note(
        "no frame of the capture is left once its glitches are left out "
        "(--keep-glitches builds from them)");
    return std::nullopt;
  }
  return std::move(clean.runs);
}

}  // namespace mg::tool
