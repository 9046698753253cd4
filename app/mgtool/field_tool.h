// SPDX-License-Identifier: MIT
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "app/mgtool/json_writer.h"
#include "app/mgtool/tool_args.h"
#include "core/agility/scripted_stream.h"
#include "core/field/motion_field.h"

namespace mg::tool {

// Options shared by the commands that build a motion field (field build, bench field).
std::vector<OptionSpec> fieldBuildOptions();

// The settings those options give (defaults: the paper's). Prints the error and returns nullopt
// on a bad value.
struct FieldToolSettings {
  MotionFieldBuildSettings build;
  double fps = 30.0;
  int trimFrames = 0;
};
std::optional<FieldToolSettings> readFieldToolSettings(const ParsedArgs& args, const std::string& command);

// Reads, trims and resamples `files` (one skeleton) and builds the field; prints errors.
std::optional<MotionFieldBuild> buildFieldFromFiles(const std::string& command,
                                                    const std::vector<std::string>& files,
                                                    const FieldToolSettings& settings,
                                                    double* loadSeconds = nullptr);

// Parses "t:deg,t:deg,..." (headings in degrees, 0 = +Z, 90 = +X) into directive changes.
std::optional<std::vector<ScheduledDirective>> parseDirections(const std::string& command,
                                                              const std::string& text);
// Parses "t:deg:offset,..." into Line directive changes (offset in metres, left of the heading).
std::optional<std::vector<ScheduledDirective>> parseLines(const std::string& command,
                                                         const std::string& text);
// Parses "t:vx:vz[:joint],..." (m/s, world; joint by name, default the root) into pushes.
std::optional<std::vector<ScheduledPush>> parsePushes(const std::string& command, const std::string& text,
                                                      const Skeleton& skeleton);

// Writes a summary object {changes, failures, mean, median, max} of response times.
void writeResponseSummary(JsonWriter& json, const std::vector<ResponseRecord>& records);

}  // namespace mg::tool
