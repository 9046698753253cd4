// SPDX-License-Identifier: MIT
#pragma once

#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "app/mgtool/tool_args.h"
#include "core/dmg/dmg_builder.h"
#include "core/io/keys_json.h"
#include "core/motion/motion.h"
#include "core/subgraph/key_segments.h"

namespace mg::tool {

// The options shared by the commands that build a database motion graph (dmg, subgraph).
std::vector<OptionSpec> dmgBuildOptions();

struct DmgToolSettings {
  double threshold = 0.02;  // m^2
  double fps = 30.0;
  int trimFrames = 0;
  int threads = 0;
  int windowFrames = 0;   // 0 = 9 frames at 30 Hz scaled to the rate (odd)
  int excludeFrames = 0;  // 0 = 15 frames at 30 Hz scaled to the rate
  DmgBuildSettings build() const;
};
std::optional<DmgToolSettings> readDmgToolSettings(const ParsedArgs& args,
                                                   const std::string& command);

// Capture files read, trimmed and resampled to the working rate; one skeleton.
struct DmgDatabase {
  std::vector<std::shared_ptr<const Motion>> motions;
  std::vector<std::string> files;
  std::vector<double> fileFps;  // each file's own rate
  std::vector<int> fileFrames;  // each file's own frame count, before the trim
};

// Reads `files`. Prints a message naming the file (and, for a skeleton that differs from the
// first file's, both files and the first difference) and returns nullopt on any failure.
std::optional<DmgDatabase> loadDmgDatabase(const std::string& command,
                                           std::span<const std::string> files,
                                           const DmgToolSettings& settings);

// buildDatabaseMotionGraph on the database; prints the error on failure.
std::optional<DmgBuildResult> buildDmg(const std::string& command, const DmgDatabase& db,
                                       const DmgToolSettings& settings);

// The key segments of KEYS.json entries at the working rate, each in the motion of its file
// (compared as canonical paths; the file must be among db.files). Prints the message naming the
// key and returns nullopt when a key's file is not loaded or its frames do not fit the file.
std::optional<std::vector<KeySegment>> toolKeySegments(const std::string& command,
                                                       std::span<const KeyFileEntry> entries,
                                                       const DmgDatabase& db,
                                                       const DmgToolSettings& settings);

// `path` made canonical where it exists (so two spellings of one file compare equal).
std::string canonicalPath(const std::string& path);

}  // namespace mg::tool
