// SPDX-License-Identifier: MIT
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "app/mgtool/cli/command.h"
#include "core/motion/motion.h"

namespace mg::tool {

// --keep-glitches of the commands that build from capture. By default the frames that are not
// motion (core/motion/pose_glitches.h: a reference pose, a pose that jumps away and back, a flip,
// a teleport) are left out: each motion is split at them into the runs between, and what was left
// out is said on stderr, one line per glitch.
class GlitchOption {
 public:
  explicit GlitchOption(Command& command);
  bool keep() const { return *m_keep; }

 private:
  Value<bool> m_keep;
};

// `motions` (read from `files`, one each) without their glitch frames (withoutGlitches: the runs
// between them of at least `minSeconds`). Notes each glitch on `command`'s stderr. Fails (with a
// note) when no frame of any motion is left.
std::optional<std::vector<std::shared_ptr<const Motion>>> leaveOutGlitches(
    const Command& command, const std::vector<std::shared_ptr<const Motion>>& motions,
    const std::vector<std::string>& files, double minSeconds);

}  // namespace mg::tool
