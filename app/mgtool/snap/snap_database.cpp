// SPDX-License-Identifier: MIT
#include "app/mgtool/snap/snap_database.h"

#include "app/mgtool/cli/common_options.h"
#include "core/import/motion_reader.h"
#include "core/motion/resample.h"

namespace mg::tool {
namespace {

// Why two hierarchies differ, for a person.
std::string hierarchyDifference(const Skeleton& first, const Skeleton& other) {
  if (first.jointCount() != other.jointCount()) {
    return std::to_string(other.jointCount()) + " joints instead of " +
           std::to_string(first.jointCount());
  }
  for (int j = 0; j < first.jointCount(); ++j) {
    if (first.joints[j].name != other.joints[j].name ||
        first.joints[j].parent != other.joints[j].parent) {
      return "joint " + std::to_string(j) + " is '" + other.joints[j].name + "' instead of '" +
             first.joints[j].name + "'";
    }
  }
  return "the hierarchies differ";
}

}  // namespace

SnapBuildOptions::SnapBuildOptions(Command& command)
    : m_hubs(command.number<int>("hubs", "N", "hubs to suggest (default 3)", 3, 1, 1000)),
      m_threshold(command.number<double>(
          "threshold", "T",
          "match threshold in m^2; 0 or absent = automatic percentile of the grid", 0, 0, 1e9)),
      m_percentile(command.number<double>(
          "percentile", "P", "percentile of the grid used by the automatic threshold (default 3)",
          3, 1e-6, 99.999)),
      m_wmin(command.number<int>(
          "wmin", "W",
          "minimum frames between match frames and reach of a displacement map (default 10)", 10, 2,
          10000)),
      m_trim(command.number<int>(
          "trim", "F", "drop F leading frames of each file (e.g. 10 for CMU)", 0, 0, 1e9)),
      m_fps(command.number<double>(
          "fps", "R", "working rate the files are resampled to (default 30)", 30, 1, 1000)),
      m_threads(
          threadsOption(command, "threads of the distance grid (default: every hardware thread)")),
      m_units(command) {}

SnapBuildSettings SnapBuildOptions::settings() const {
  SnapBuildSettings s;
  s.hubs = *m_hubs;
  s.threshold = *m_threshold;
  s.percentile = *m_percentile;
  s.wminFrames = *m_wmin;
  s.trimFrames = *m_trim;
  s.import = m_units.apply({});
  s.fps = *m_fps;
  s.gridThreads = *m_threads;
  return s;
}

std::optional<SnapDatabase> loadSnapDatabase(const Command& command,
                                             std::span<const std::string> files,
                                             const SnapBuildSettings& settings) {
  SnapDatabase db;
  for (const std::string& file : files) {
    ImportOptions options = settings.import;
    options.trimLeadingFrames = settings.trimFrames;
    Result<Motion> read = readMotionFile(file, options);
    if (!read) {
      command.note(read.error().message);
      return std::nullopt;
    }
    Result<Motion> motion = resampleMotion(*read, settings.fps);
    if (!motion) {
      command.note(file + ": " + motion.error().message);
      return std::nullopt;
    }
    if (!db.motions.empty() && !motion->skeleton->sameHierarchy(*db.motions[0]->skeleton)) {
      command.note(file + ": rejected: its skeleton differs from that of " + db.files[0] + " (" +
                   hierarchyDifference(*db.motions[0]->skeleton, *motion->skeleton) + ")");
      db.rejected.push_back(file);
      continue;
    }
    db.motions.push_back(std::make_shared<const Motion>(std::move(motion.value())));
    db.files.push_back(file);
  }
  return db;
}

std::optional<SuggestedHubGraph> buildSnapGraph(const Command& command, const SnapDatabase& db,
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
    command.note(built.error().message);
    return std::nullopt;
  }
  return std::move(built.value());
}

std::optional<SnapResult> snapDatabase(const Command& command, const SnapDatabase& db,
                                       const HubGraph& graph, const SnapBuildSettings& settings) {
  SnapSettings snap;
  snap.wminFrames = settings.wminFrames;
  Result<SnapResult> snapped = SnapJob{db.motions, &graph, snap}.run();
  if (!snapped) {
    command.note(snapped.error().message);
    return std::nullopt;
  }
  return std::move(snapped.value());
}

}  // namespace mg::tool
