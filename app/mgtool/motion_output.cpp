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

std::optional<std::vector<MotionFormat>> clipCopyFormats(const ParsedArgs& args,
                                                         const std::string& command) {
  if (!args.has("format")) return std::vector<MotionFormat>{};
  const std::string& name = args.options.at("format");
  Result<MotionFormat> format = chooseMotionFormat("", name, true);
  if (name.empty() || !format) {
    std::fprintf(stderr, "mgtool %s: --format: %s\n", command.c_str(),
                 name.empty() ? "give bvh, glb or gltf" : format.error().message.c_str());
    return std::nullopt;
  }
  if (*format == MotionFormat::Bvh) return std::vector<MotionFormat>{};
  return std::vector<MotionFormat>{*format};
}

}  // namespace mg::tool
