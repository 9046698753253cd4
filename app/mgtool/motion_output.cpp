// SPDX-License-Identifier: MIT
#include "app/mgtool/motion_output.h"

#include <cstdio>

namespace mg::tool {

std::optional<MotionFormat> motionOutputFormat(const ParsedArgs& args, const std::string& command,
                                               const std::string& out, bool defaultBvh) {
  const std::string option = args.has("format") ? args.options.at("format") : std::string();
  if (args.has("format") && option.empty()) {
    std::fprintf(stderr, "mgtool %s: --format needs a value (%s)\n", command.c_str(),
                 motionFormatNames());
    return std::nullopt;
  }
  Result<MotionFormat> format = chooseMotionFormat(out, option, defaultBvh);
  if (!format) {
    std::fprintf(stderr, "mgtool %s: %s\n", command.c_str(), format.error().message.c_str());
    return std::nullopt;
  }
  return *format;
}

}  // namespace mg::tool
