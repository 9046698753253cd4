// SPDX-License-Identifier: MIT
#include <cstdio>
#include <filesystem>

#include "app/mgtool/commands.h"
#include "app/mgtool/tool_args.h"
#include "app/mgtool/motion_output.h"
#include "core/import/motion_reader.h"
#include "core/motion/resample.h"

namespace mg::tool {

int runConvert(std::span<const std::string> args) {
  const CommandSpec spec{
      "convert", "IN OUT",
      "Reads IN (BVH, FBX, glTF/GLB, Collada) and writes OUT in the format its name or --format\n"
      "gives: .bvh (centimetres, ZXY rotation channels), .glb or .gltf (glTF 2.0: the skeleton as\n"
      "nodes, a rotation channel per joint and a translation on the root, metres, Y up; a .gltf\n"
      "keeps its buffer in OUT's name with .bin). FBX is not written: Assimp's FBX exporter does\n"
      "not write animation that reads back. An existing OUT is replaced only when the whole file\n"
      "was written.",
      {{"fps", "F", "resample to F frames per second (rotations by slerp)"},
       {"trim", "N", "drop N leading frames before resampling"},
       {"scale", "METRES", "metres per unit of IN (default: guessed from the skeleton's height)"},
       kMotionFormatOption},
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
  const std::optional<MotionFormat> format = motionOutputFormat(*parsed, spec.name, out, false);
  if (!format) return kExitUsage;

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
  if (Status s = writeMotionFile(*motion, out, *format); !s) {
    std::fprintf(stderr, "mgtool convert: %s\n", s.error().message.c_str());
    return kExitFailed;
  }
  std::fprintf(stderr, "mgtool convert: wrote %s (%d frames at %g fps)\n", out.c_str(),
               motion->frameCount(), motion->fps);
  return kExitOk;
}

}  // namespace mg::tool
