// SPDX-License-Identifier: MIT
// mgtool info: frames, rate, height and foot contacts of capture files.
#include "app/mgtool/cli/common_options.h"
#include "app/mgtool/cli/json_writer.h"
#include "app/mgtool/cli/registry.h"
#include "core/import/motion_reader.h"
#include "core/motion/foot_contacts.h"
#include "core/motion/forward_kinematics.h"
#include "core/motion/pose_glitches.h"

namespace mg::tool {
namespace {

constexpr char kDescription[] =
    "Prints a JSON array with one object per file that could be read: file, joints, frames,\n"
    "fps, duration_s, height_m (rest height), units (the unit the file was read in and why, as\n"
    "\"cm, guessed from a rest height of 172 units\"), metres_per_unit and the planted frame "
    "count\n"
    "of each foot point, and glitches: the frames that are not motion (a reference pose, a pose\n"
    "that jumps away and back, a flip, a teleport; core/motion/pose_glitches.h), each with\n"
    "begin_frame, end_frame (exclusive), kind (spike, start, end, step), joint, jump_m and a\n"
    "description.\n"
    "Files that fail are reported on stderr and make the exit status 1.";

class Info final : public Command {
 public:
  Info() : Command({"FILE...", 1}, kDescription) {}

 private:
  int run() override {
    if (m_scale.given() && m_units.given()) return usageError("give --units or --scale, not both");
    const ImportOptions options = m_units.apply(
        {.metresPerUnit = *m_scale, .trimLeadingFrames = *m_trim, .unitAskedBy = "--scale"});
    static constexpr const char* kFootKeys[kFootPointCount] = {"left_heel", "left_toe",
                                                               "right_heel", "right_toe"};
    JsonWriter json;
    json.beginArray();
    int status = kExitOk;
    for (const std::string& file : positional()) {
      Result<Motion> motion = readMotionFile(file, options);
      if (!motion) {
        status = fail(motion.error().message);
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
      json.key("units"), json.value(describeSourceUnit(motion->sourceUnit));
      json.key("metres_per_unit"), json.value(motion->sourceUnit.metresPerUnit);
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
      json.key("glitches");
      json.beginArray();
      for (const PoseGlitch& g : findPoseGlitches(*motion)) {
        static constexpr const char* kKinds[] = {"spike", "start", "end", "step"};
        json.beginObject();
        json.key("begin_frame"), json.value(g.beginFrame);
        json.key("end_frame"), json.value(g.endFrame);
        json.key("kind"), json.value(kKinds[static_cast<int>(g.kind)]);
        json.key("joint"), json.value(motion->skeleton->joints[static_cast<size_t>(g.joint)].name);
        json.key("jump_m"), json.value(g.jump);
        json.key("description"), json.value(describeGlitch(*motion, g));
        json.endObject();
      }
      json.endArray();
      json.endObject();
    }
    json.endArray();
    return printJson(json, status);
  }

  Value<int> m_trim = number<int>(
      "trim", "N", "drop N leading frames of every file (e.g. 10 for CMU's reference pose)", 0, 0,
      1e9);
  Value<double> m_scale = number<double>(
      "scale", "METRES", "metres per file unit (default: guessed from the skeleton's height)", 0,
      1e-9, 1e9);
  UnitsOption m_units{*this};
};

const CommandRegistration kRegistered{
    "info", 10, "print frames, rate, height, foot contacts and glitches of capture files as JSON",
    make<Info>};

}  // namespace
}  // namespace mg::tool
