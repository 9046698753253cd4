// SPDX-License-Identifier: MIT
#include <cstdio>

#include "app/mgtool/commands.h"
#include "app/mgtool/json_writer.h"
#include "app/mgtool/tool_args.h"
#include "core/import/motion_reader.h"
#include "core/motion/foot_contacts.h"
#include "core/motion/forward_kinematics.h"

namespace mg::tool {

int runInfo(std::span<const std::string> args) {
  const CommandSpec spec{
      "info", "FILE...",
      "Prints a JSON array with one object per file that could be read: file, joints, frames,\n"
      "fps, duration_s, height_m (rest height) and the planted frame count of each foot point.\n"
      "Files that fail are reported on stderr and make the exit status 1.",
      {{"trim", "N", "drop N leading frames of every file (e.g. 10 for CMU's reference pose)"},
       {"scale", "METRES", "metres per file unit (default: guessed from the skeleton's height)"}},
      1};
  const std::optional<ParsedArgs> parsed = parseArgs(spec, args);
  if (!parsed) return kExitUsage;
  if (parsed->help) return printHelp(spec), kExitOk;
  const std::optional<double> trim = numberOption(*parsed, spec.name, "trim", 0, 0, 1e9);
  const std::optional<double> scale = numberOption(*parsed, spec.name, "scale", 0, 1e-9, 1e9);
  if (!trim || !scale) return kExitUsage;
  if (*trim != static_cast<int>(*trim)) {
    std::fprintf(stderr, "mgtool info: --trim must be a whole number\n");
    return kExitUsage;
  }
  const ImportOptions options{.metresPerUnit = *scale, .trimLeadingFrames = static_cast<int>(*trim)};

  static constexpr const char* kFootKeys[kFootPointCount] = {"left_heel", "left_toe", "right_heel",
                                                             "right_toe"};
  JsonWriter json;
  json.beginArray();
  int status = kExitOk;
  for (const std::string& file : parsed->positional) {
    Result<Motion> motion = readMotionFile(file, options);
    if (!motion) {
      std::fprintf(stderr, "mgtool info: %s\n", motion.error().message.c_str());
      status = kExitFailed;
      continue;
    }
    const FootContacts contacts = detectFootContacts(*motion);
    const auto points = findFootPoints(*motion->skeleton);
    json.beginObject();
    json.key("file"), json.value(file);
    json.key("joints"), json.value(motion->jointCount());
    json.key("frames"), json.value(motion->frameCount());
    json.key("fps"), json.value(motion->fps);
    json.key("duration_s"), json.value(motion->durationSeconds());
    json.key("height_m"), json.value(restHeight(*motion->skeleton));
    json.key("contact_frames");
    json.beginObject();
    for (int p = 0; p < kFootPointCount; ++p) {
      json.key(kFootKeys[p]);
      if (points[p].joint < 0) {
        json.null();  // the skeleton has no such point
      } else {
        json.value(contacts.plantedFrameCount(static_cast<FootPoint>(p)));
      }
    }
    json.endObject();
    json.endObject();
  }
  json.endArray();
  std::fputs(json.text().c_str(), stdout);
  return status;
}

}  // namespace mg::tool
