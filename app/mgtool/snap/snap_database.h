// SPDX-License-Identifier: MIT
#pragma once

#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "app/mgtool/cli/command.h"
#include "app/mgtool/cli/common_options.h"
#include "core/motion/motion.h"
#include "core/snap/hub_graph_builder.h"
#include "core/snap/snap_job.h"

namespace mg::tool {

// The values of SnapBuildOptions.
struct SnapBuildSettings {
  int hubs = 3;
  double threshold = 0.0;   // m^2; 0 = automatic percentile
  double percentile = 3.0;  // used when threshold == 0
  int wminFrames = 10;
  int trimFrames = 0;
  ImportOptions import;  // --units (metresPerUnit 0: each file's unit is guessed)
  double fps = 30.0;
  int gridThreads = 0;  // 0 = every hardware thread
};

// The options shared by the commands that build a Snap-Together graph from capture files
// (snap, bench walk, bench snap, bench smooth), so they read and mean the same everywhere.
class SnapBuildOptions {
 public:
  explicit SnapBuildOptions(Command& command);
  SnapBuildSettings settings() const;

 private:
  Value<int> m_hubs;
  Value<double> m_threshold;
  Value<double> m_percentile;
  Value<int> m_wmin;
  Value<int> m_trim;
  Value<double> m_fps;
  Value<int> m_threads;
  UnitsOption m_units;
};

// Capture files loaded for snapping: trimmed, resampled to the working rate, one skeleton.
struct SnapDatabase {
  std::vector<std::shared_ptr<const Motion>> motions;
  std::vector<std::string> files;     // the file of each motion
  std::vector<std::string> rejected;  // files whose skeleton differs from the first file's
};

// Loads `files`. A file whose joint hierarchy differs from the first file's is rejected: a
// message naming it and the first differing joint goes to stderr and it is listed in
// `rejected`; the others go on. Returns nullopt, after printing why, when a file cannot be read
// or resampled.
std::optional<SnapDatabase> loadSnapDatabase(const Command& command,
                                             std::span<const std::string> files,
                                             const SnapBuildSettings& settings);

// HubGraphBuildJob over the database with `settings`; prints the error and returns nullopt on
// failure.
std::optional<SuggestedHubGraph> buildSnapGraph(const Command& command, const SnapDatabase& db,
                                                const SnapBuildSettings& settings);

// SnapJob (displacement maps and foot plants) on `graph`; prints the error on failure.
std::optional<SnapResult> snapDatabase(const Command& command, const SnapDatabase& db,
                                       const HubGraph& graph, const SnapBuildSettings& settings);

}  // namespace mg::tool
