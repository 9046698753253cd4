// SPDX-License-Identifier: MIT
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "app/mgtool/cli/command.h"
#include "app/mgtool/cli/common_options.h"
#include "app/mgtool/cli/glitch_option.h"
#include "app/mgtool/cli/json_writer.h"
#include "core/agility/scripted_stream.h"
#include "core/field/motion_field.h"

namespace mg::tool {

// The values of FieldBuildOptions (defaults: the paper's).
struct FieldToolSettings {
  MotionFieldBuildSettings build;
  double fps = 30.0;
  int trimFrames = 0;
  ImportOptions import;       // --units (metresPerUnit 0: each file's unit is guessed)
  bool keepGlitches = false;  // --keep-glitches: glitch frames are states too
};

// Options shared by the commands that build a motion field (field build, bench field), so they
// read and mean the same everywhere.
class FieldBuildOptions {
 public:
  explicit FieldBuildOptions(Command& command);
  FieldToolSettings settings() const;

 private:
  Value<std::string> m_task;
  Value<int> m_k;
  Value<double> m_fps;
  Value<int> m_trim;
  Value<int> m_compression;
  Value<double> m_discount;
  Value<double> m_tolerance;
  Value<double> m_drift;
  Value<bool> m_passive;
  Value<int> m_threads;
  UnitsOption m_units;
  GlitchOption m_glitches;
};

// Reads, trims and resamples `files` (one skeleton), leaves out their glitch frames (unless
// keepGlitches; each clip is split at them) and builds the field; prints errors.
std::optional<MotionFieldBuild> buildFieldFromFiles(const Command& command,
                                                    const std::vector<std::string>& files,
                                                    const FieldToolSettings& settings,
                                                    double* loadSeconds = nullptr);

// Parses "t:deg,t:deg,..." (headings in degrees, 0 = +Z, 90 = +X) into directive changes.
std::optional<std::vector<ScheduledDirective>> parseDirections(const Command& command,
                                                               const std::string& text);
// Parses "t:deg:offset,..." into Line directive changes (offset in metres, left of the heading).
std::optional<std::vector<ScheduledDirective>> parseLines(const Command& command,
                                                          const std::string& text);
// Parses "t:vx:vz[:joint],..." (m/s, world; joint by name, default the root) into pushes.
std::optional<std::vector<ScheduledPush>> parsePushes(const Command& command,
                                                      const std::string& text,
                                                      const Skeleton& skeleton);

// Writes a summary object {changes, failures, mean, median, max} of response times.
void writeResponseSummary(JsonWriter& json, const std::vector<ResponseRecord>& records);

}  // namespace mg::tool
