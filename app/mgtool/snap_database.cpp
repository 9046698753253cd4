// SPDX-License-Identifier: MIT
#include "app/mgtool/snap_database.h"

#include <cstdio>

#include "core/import/motion_reader.h"
#include "core/motion/resample.h"

namespace mg::tool {
namespace {

// Why two hierarchies differ, for a person.
std::string hierarchyDifference(const Skeleton& first, const Skeleton& other) {
  if (first.jointCount() != other.jointCount()) {
    return std::to_string(other.jointCount()) + " joints instead of " + std::to_string(first.jointCount());
  }
  for (int j = 0; j < first.jointCount(); ++j) {
    if (first.joints[j].name != other.joints[j].name || first.joints[j].parent != other.joints[j].parent) {
      return "joint " + std::to_string(j) + " is '" + other.joints[j].name + "' instead of '" + first.joints[j].name + "'";
    }
  }
  return "the hierarchies differ";
}

}  // namespace

std::vector<OptionSpec> snapBuildOptions() {
  return {{"hubs", "N", "hubs to suggest (default 3)"},
          {"threshold", "T", "match threshold in m^2; 0 or absent = automatic percentile of the grid"},
          {"percentile", "P", "percentile of the grid used by the automatic threshold (default 3)"},
          {"wmin", "W", "minimum frames between match frames and reach of a displacement map (default 10)"},
          {"trim", "F", "drop F leading frames of each file (e.g. 10 for CMU)"},
          {"fps", "R", "working rate the files are resampled to (default 30)"},
          {"threads", "N", "threads of the distance grid (default: every hardware thread)"}};
}

std::optional<SnapBuildSettings> readSnapBuildSettings(const ParsedArgs& args, const std::string& command) {
  const auto hubs = numberOption(args, command, "hubs", 3, 1, 1000);
  const auto threshold = numberOption(args, command, "threshold", 0, 0, 1e9);
  const auto percentile = numberOption(args, command, "percentile", 3, 1e-6, 99.999);
  const auto wmin = numberOption(args, command, "wmin", 10, 2, 10000);
  const auto trim = numberOption(args, command, "trim", 0, 0, 1e9);
  const auto fps = numberOption(args, command, "fps", 30, 1, 1000);
  const auto threads = numberOption(args, command, "threads", 0, 0, 1024);
  if (!hubs || !threshold || !percentile || !wmin || !trim || !fps || !threads) return std::nullopt;
  SnapBuildSettings s;
  s.hubs = static_cast<int>(*hubs);
  s.threshold = *threshold;
  s.percentile = *percentile;
  s.wminFrames = static_cast<int>(*wmin);
  s.trimFrames = static_cast<int>(*trim);
  s.fps = *fps;
  s.gridThreads = static_cast<int>(*threads);
  return s;
}

std::optional<SnapDatabase> loadSnapDatabase(const std::string& command, std::span<const std::string> files,
                                             const SnapBuildSettings& settings) {
  SnapDatabase db;
  for (const std::string& file : files) {
    Result<Motion> read = readMotionFile(file, {.trimLeadingFrames = settings.trimFrames});
    if (!read) {
      std::fprintf(stderr, "mgtool %s: %s\n", command.c_str(), read.error().message.c_str());
      return std::nullopt;
    }
    Result<Motion> motion = resampleMotion(*read, settings.fps);
    if (!motion) {
      std::fprintf(stderr, "mgtool %s: %s: %s\n", command.c_str(), file.c_str(), motion.error().message.c_str());
      return std::nullopt;
    }
    if (!db.motions.empty() && !motion->skeleton->sameHierarchy(*db.motions[0]->skeleton)) {
      std::fprintf(stderr, "mgtool %s: %s: rejected: its skeleton differs from that of %s (%s)\n", command.c_str(),
                   file.c_str(), db.files[0].c_str(),
                   hierarchyDifference(*db.motions[0]->skeleton, *motion->skeleton).c_str());
      db.rejected.push_back(file);
      continue;
    }
    db.motions.push_back(std::make_shared<const Motion>(std::move(motion.value())));
    db.files.push_back(file);
  }
  return db;
}

std::optional<SuggestedHubGraph> buildSnapGraph(const std::string& command, const SnapDatabase& db,
                                                const SnapBuildSettings& settings) {
  HubGraphBuildJob job;
  job.motions = db.motions;
  job.metric.workingFps = settings.fps;
  job.grid.threads = settings.gridThreads;
  job.threshold = settings.threshold;
  job.thresholdPercentile = settings.percentile;
  job.wminFrames = settings.wminFrames;
  job.hubCount = settings.hubs;
  Result<SuggestedHubGraph> built = job.run();
  if (!built) {
    std::fprintf(stderr, "mgtool %s: %s\n", command.c_str(), built.error().message.c_str());
    return std::nullopt;
  }
  return std::move(built.value());
}

std::optional<SnapResult> snapDatabase(const std::string& command, const SnapDatabase& db, const HubGraph& graph,
                                       const SnapBuildSettings& settings) {
  SnapSettings snap;
  snap.wminFrames = settings.wminFrames;
  Result<SnapResult> snapped = SnapJob{db.motions, &graph, snap}.run();
  if (!snapped) {
    std::fprintf(stderr, "mgtool %s: %s\n", command.c_str(), snapped.error().message.c_str());
    return std::nullopt;
  }
  return std::move(snapped.value());
}

}  // namespace mg::tool
