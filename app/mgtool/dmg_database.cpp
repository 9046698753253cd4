// SPDX-License-Identifier: MIT
#include "app/mgtool/dmg_database.h"

#include <cmath>
#include <cstdio>
#include <filesystem>

#include "core/import/motion_reader.h"
#include "core/motion/resample.h"

namespace mg::tool {

std::vector<OptionSpec> dmgBuildOptions() {
  return {
      {"threshold", "T", "transition threshold on the frame distance, m^2 (default 0.02)"},
      {"fps", "R", "working rate the files are resampled to (default 30)"},
      {"trim", "F", "drop F leading frames of each file (e.g. 10 for CMU)"},
      {"window", "W",
       "frames in the distance window, odd (default 9 at 30 Hz, scaled to the rate)"},
      {"exclude", "E",
       "no transition between frames of one motion closer than E (default 15 at 30 Hz, scaled)"},
      {"threads", "N", "threads (default: every hardware thread)"}};
}

std::optional<DmgToolSettings> readDmgToolSettings(const ParsedArgs& args,
                                                   const std::string& command) {
  const auto threshold = numberOption(args, command, "threshold", 0.02, 1e-9, 1e6);
  const auto fps = numberOption(args, command, "fps", 30, 1, 1000);
  const auto trim = numberOption(args, command, "trim", 0, 0, 1e9);
  const auto window = numberOption(args, command, "window", 0, 0, 61);
  const auto exclude = numberOption(args, command, "exclude", 0, 0, 1e6);
  const auto threads = numberOption(args, command, "threads", 0, 0, 1024);
  if (!threshold || !fps || !trim || !window || !exclude || !threads) return std::nullopt;
  DmgToolSettings s;
  s.threshold = *threshold;
  s.fps = *fps;
  s.trimFrames = static_cast<int>(*trim);
  s.windowFrames = static_cast<int>(*window);
  s.excludeFrames = static_cast<int>(*exclude);
  s.threads = static_cast<int>(*threads);
  if (s.windowFrames > 0 && s.windowFrames % 2 == 0) {
    std::fprintf(stderr, "mgtool %s: --window must be odd\n", command.c_str());
    return std::nullopt;
  }
  return s;
}

DmgBuildSettings DmgToolSettings::build() const {
  DmgBuildSettings b;
  b.metric.workingFps = fps;
  const int scaledWindow = static_cast<int>(std::lround(9.0 * fps / 30.0)) | 1;
  b.metric.windowFrames = windowFrames > 0 ? windowFrames : std::min(61, scaledWindow);
  b.excludeDiagonalFrames = excludeFrames > 0
                                ? excludeFrames
                                : std::max(1, static_cast<int>(std::lround(15.0 * fps / 30.0)));
  b.threshold = threshold;
  b.grid.threads = threads;
  return b;
}

std::optional<DmgDatabase> loadDmgDatabase(const std::string& command,
                                           std::span<const std::string> files,
                                           const DmgToolSettings& settings) {
  DmgDatabase db;
  for (const std::string& file : files) {
    Result<Motion> read = readMotionFile(file, {.trimLeadingFrames = settings.trimFrames});
    if (!read) {
      std::fprintf(stderr, "mgtool %s: %s\n", command.c_str(), read.error().message.c_str());
      return std::nullopt;
    }
    const double fileFps = read->fps;
    const int fileFrames = read->frameCount() + settings.trimFrames;
    Result<Motion> motion = resampleMotion(*read, settings.fps);
    if (!motion) {
      std::fprintf(stderr, "mgtool %s: %s: %s\n", command.c_str(), file.c_str(),
                   motion.error().message.c_str());
      return std::nullopt;
    }
    if (!db.motions.empty() && !motion->skeleton->sameHierarchy(*db.motions[0]->skeleton)) {
      const Skeleton& a = *db.motions[0]->skeleton;
      const Skeleton& b = *motion->skeleton;
      std::string why =
          std::to_string(b.jointCount()) + " joints against " + std::to_string(a.jointCount());
      for (int j = 0; j < std::min(a.jointCount(), b.jointCount()); ++j) {
        if (a.joints[j].name != b.joints[j].name || a.joints[j].parent != b.joints[j].parent) {
          why = "joint " + std::to_string(j) + " is '" + b.joints[j].name + "' against '" +
                a.joints[j].name + "'";
          break;
        }
      }
      std::fprintf(stderr,
                   "mgtool %s: %s and %s have different skeletons (%s); one motion graph needs one "
                   "skeleton\n",
                   command.c_str(), db.files[0].c_str(), file.c_str(), why.c_str());
      return std::nullopt;
    }
    db.motions.push_back(std::make_shared<const Motion>(std::move(motion.value())));
    db.files.push_back(file);
    db.fileFps.push_back(fileFps);
    db.fileFrames.push_back(fileFrames);
  }
  return db;
}

std::optional<DmgBuildResult> buildDmg(const std::string& command, const DmgDatabase& db,
                                       const DmgToolSettings& settings) {
  std::vector<const Motion*> pointers;
  for (const auto& m : db.motions) pointers.push_back(m.get());
  Result<DmgBuildResult> built = buildDatabaseMotionGraph(pointers, settings.build());
  if (!built) {
    std::fprintf(stderr, "mgtool %s: %s\n", command.c_str(), built.error().message.c_str());
    return std::nullopt;
  }
  return std::move(built.value());
}

std::string canonicalPath(const std::string& path) {
  std::error_code ec;
  const std::filesystem::path p = std::filesystem::weakly_canonical(path, ec);
  return ec ? path : p.string();
}

std::optional<std::vector<KeySegment>> toolKeySegments(const std::string& command,
                                                       std::span<const KeyFileEntry> entries,
                                                       const DmgDatabase& db,
                                                       const DmgToolSettings& settings) {
  std::vector<KeySegment> keys;
  for (const KeyFileEntry& e : entries) {
    size_t motion = 0;
    while (motion < db.files.size() && canonicalPath(db.files[motion]) != canonicalPath(e.file))
      ++motion;
    if (motion == db.files.size()) {
      std::fprintf(stderr, "mgtool %s: key '%s': its file %s is not in the database\n",
                   command.c_str(), e.name.c_str(), e.file.c_str());
      return std::nullopt;
    }
    Result<KeySegment> s = keySegmentAtWorkingRate(e, static_cast<int>(motion),
                                                   db.fileFrames[motion], db.fileFps[motion],
                                                   settings.trimFrames, settings.fps);
    if (!s) {
      std::fprintf(stderr, "mgtool %s: %s\n", command.c_str(), s.error().message.c_str());
      return std::nullopt;
    }
    keys.push_back(s.value());
  }
  return keys;
}

}  // namespace mg::tool
