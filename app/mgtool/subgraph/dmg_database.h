// SPDX-License-Identifier: MIT
#pragma once

#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "app/mgtool/cli/command.h"
#include "app/mgtool/cli/common_options.h"
#include "app/mgtool/cli/glitch_option.h"
#include "core/dmg/dmg_builder.h"
#include "core/io/keys_json.h"
#include "core/motion/motion.h"
#include "core/subgraph/key_segments.h"

namespace mg::tool {

// The values of DmgBuildOptions.
struct DmgToolSettings {
  double threshold = 0.02;  // m^2
  double fps = 30.0;
  int trimFrames = 0;
  ImportOptions import;  // --units (metresPerUnit 0: each file's unit is guessed)
  int threads = 0;
  int windowFrames = 0;       // 0 = 9 frames at 30 Hz scaled to the rate (odd)
  int excludeFrames = 0;      // 0 = 15 frames at 30 Hz scaled to the rate
  bool keepGlitches = false;  // --keep-glitches: build also from capture glitch frames
  DmgBuildSettings build() const;
};

// The options shared by the commands that build a database motion graph (dmg, subgraph, bench
// subgraph), so they read and mean the same everywhere.
class DmgBuildOptions {
 public:
  explicit DmgBuildOptions(Command& command);
  // The settings; nullopt after a usage error (an even --window).
  std::optional<DmgToolSettings> settings() const;
  // Whether --threshold was given (bench subgraph has its own default for generated data).
  bool thresholdGiven() const { return m_threshold.given(); }

 private:
  const Command& m_command;
  Value<double> m_threshold;
  Value<double> m_fps;
  Value<int> m_trim;
  Value<int> m_window;
  Value<int> m_exclude;
  Value<int> m_threads;
  UnitsOption m_units;
  GlitchOption m_glitches;
};

// Capture files read, trimmed and resampled to the working rate; one skeleton.
struct DmgDatabase {
  std::vector<std::shared_ptr<const Motion>> motions;
  std::vector<std::string> files;
  std::vector<double> fileFps;  // each file's own rate
  std::vector<int> fileFrames;  // each file's own frame count, before the trim
};

// Reads `files`. Prints a message naming the file (and, for a skeleton that differs from the
// first file's, both files and the first difference) and returns nullopt on any failure.
std::optional<DmgDatabase> loadDmgDatabase(const Command& command,
                                           std::span<const std::string> files,
                                           const DmgToolSettings& settings);

// buildDatabaseMotionGraph on the database; notes each glitch left out (in working-rate frames)
// and prints the error on failure.
std::optional<DmgBuildResult> buildDmg(const Command& command, const DmgDatabase& db,
                                       const DmgToolSettings& settings);

// The key segments of KEYS.json entries at the working rate, each in the motion of its file
// (compared as canonical paths; the file must be among db.files). Prints the message naming the
// key and returns nullopt when a key's file is not loaded or its frames do not fit the file.
std::optional<std::vector<KeySegment>> toolKeySegments(const Command& command,
                                                       std::span<const KeyFileEntry> entries,
                                                       const DmgDatabase& db,
                                                       const DmgToolSettings& settings);

// `path` made canonical where it exists (so two spellings of one file compare equal).
std::string canonicalPath(const std::string& path);

}  // namespace mg::tool
