// SPDX-License-Identifier: MIT
// mgtool convert: a capture file to BVH or glTF, optionally resampled and trimmed.
#include <cstdio>

#include "app/mgtool/cli/common_options.h"
#include "app/mgtool/cli/registry.h"
#include "core/import/motion_reader.h"
#include "core/motion/resample.h"

namespace mg::tool {
namespace {

constexpr char kDescription[] =
    "Reads IN (BVH, FBX, glTF/GLB, Collada) and writes OUT in the format its name or --format\n"
    "gives: .bvh (in the unit IN was read in, or --units; ZXY rotation channels, so that reading\n"
    "OUT gives IN's sizes), .glb or .gltf (glTF 2.0: the skeleton as\n"
    "nodes, a rotation channel per joint and a translation on the root, metres, Y up; a .gltf\n"
    "keeps its buffer in OUT's name with .bin). FBX is not written: Assimp's FBX exporter does\n"
    "not write animation that reads back. An existing OUT is replaced only when the whole file\n"
    "was written.";

class Convert final : public Command {
 public:
  Convert() : Command({"IN OUT", 2, 2}, kDescription) {}

 private:
  int run() override {
    const std::string& in = positional()[0];
    const std::string& out = positional()[1];
    const std::optional<MotionFormat> format = m_format.formatFor(out, false);
    if (!format) return kExitUsage;
    if (m_scale.given() && m_units.given()) return usageError("give --units or --scale, not both");
    Result<Motion> motion = readMotionFile(in, m_units.apply({.metresPerUnit = *m_scale,
                                                              .trimLeadingFrames = *m_trim,
                                                              .unitAskedBy = "--scale"}));
    if (!motion) return fail(motion.error().message);
    if (m_fps.given()) {
      motion = resampleMotion(*motion, *m_fps);
      if (!motion) return fail(in + ": " + motion.error().message);
    }
    const BvhWriteOptions bvh = m_units.bvhOptions();
    if (Status s = writeMotionFile(*motion, out, *format, bvh); !s) return fail(s.error().message);
    std::string unit;
    if (*format == MotionFormat::Bvh) {
      unit = ", " + describeBvhUnit(*motion, bvh);
      if (const std::string w = bvhUnitWarning(*motion, bvh); !w.empty()) note(out + ": " + w);
    }
    std::fprintf(stderr, "mgtool convert: wrote %s (%d frames at %g fps%s)\n", out.c_str(),
                 motion->frameCount(), motion->fps, unit.c_str());
    return kExitOk;
  }

  Value<double> m_fps = number<double>(
      "fps", "F", "resample to F frames per second (rotations by slerp)", 0, 1e-3, 10000);
  Value<int> m_trim =
      number<int>("trim", "N", "drop N leading frames before resampling", 0, 0, 1e9);
  Value<double> m_scale = number<double>(
      "scale", "METRES", "metres per unit of IN (default: guessed from the skeleton's height)", 0,
      1e-9, 1e9);
  UnitsOption m_units{*this,
                      "length unit of IN and of a BVH OUT: cm, m, mm or in (default: IN's unit "
                      "guessed from its skeleton's height, and OUT in that unit)"};
  MotionFormatOption m_format{*this};
};

const CommandRegistration kRegistered{
    "convert", 20, "convert a capture file to BVH, optionally resampled and trimmed",
    make<Convert>};

}  // namespace
}  // namespace mg::tool
