// SPDX-License-Identifier: MIT
#include <cstdio>
#include <filesystem>

#include "app/mgtool/commands.h"
#include "app/mgtool/tool_args.h"
#include "core/import/bvh_writer.h"
#include "core/import/motion_reader.h"
#include "core/motion/resample.h"

namespace mg::tool {

int runConvert(std::span<const std::string> args) {
  const CommandSpec spec{
      "convert", "IN OUT",
      "Reads IN (BVH, FBX, glTF/GLB, Collada) and writes OUT as BVH in centimetres, with ZXY\n"
      "rotation channels. An existing OUT is replaced only when the whole file was written.",
      {{"fps", "F", "resample to F frames per second (rotations by slerp)"},
       {"trim", "N", "drop N leading frames before resampling"},
       {"scale", "METRES", "metres per unit of IN (default: guessed from the skeleton's height)"}},
      2, 2};
  const std::optional<ParsedArgs> parsed = parseArgs(spec, args);
  if (!parsed) return kExitUsage;
  if (parsed->help) return printHelp(spec), kExitOk;
  const std::optional<double> fps = numberOption(*parsed, spec.name, "fps", 0, 1e-3, 10000);
  const std::optional<double> trim = numberOption(*parsed, spec.name, "trim", 0, 0, 1e9);
  const std::optional<double> scale = numberOption(*parsed, spec.name, "scale", 0, 1e-9, 1e9);
  if (!fps || !trim || !scale) return kExitUsage;
  if (*trim != static_cast<int>(*trim)) {
    std::fprintf(stderr, "mgtool convert: --trim must be a whole number\n");
    return kExitUsage;
  }
  const std::string& in = parsed->positional[0];
  const std::string& out = parsed->positional[1];
  std::string ext = std::filesystem::path(out).extension().string();
  for (char& c : ext) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  if (ext != ".bvh") {
    std::fprintf(stderr, "mgtool convert: %s: only BVH output (.bvh) is supported\n", out.c_str());
    return kExitUsage;
  }

  Result<Motion> motion =
      readMotionFile(in, {.metresPerUnit = *scale, .trimLeadingFrames = static_cast<int>(*trim)});
  if (!motion) {
    std::fprintf(stderr, "mgtool convert: %s\n", motion.error().message.c_str());
    return kExitFailed;
  }
  if (parsed->has("fps")) {
    motion = resampleMotion(*motion, *fps);
    if (!motion) {
      std::fprintf(stderr, "mgtool convert: %s: %s\n", in.c_str(), motion.error().message.c_str());
      return kExitFailed;
    }
  }
  if (Status s = writeBvhFile(*motion, out); !s) {
    std::fprintf(stderr, "mgtool convert: %s\n", s.error().message.c_str());
    return kExitFailed;
  }
  std::fprintf(stderr, "mgtool convert: wrote %s (%d frames at %g fps)\n", out.c_str(),
               motion->frameCount(), motion->fps);
  return kExitOk;
}

}  // namespace mg::tool
