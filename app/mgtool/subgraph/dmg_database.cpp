// SPDX-License-Identifier: MIT
#include "app/mgtool/subgraph/dmg_database.h"

#include <cmath>
#include <filesystem>

#include "app/mgtool/cli/common_options.h"
#include "core/import/motion_reader.h"
#include "core/motion/pose_glitches.h"
#include "core/motion/resample.h"

namespace mg::tool {

DmgBuildOptions::DmgBuildOptions(Command& command)
    : m_command(command),
      m_threshold(command.number<double>(
          "threshold", "T", "transition threshold on the frame distance, m^2 (default 0.02)", 0.02,
          1e-9, 1e6)),
      m_fps(command.number<double>(
          "fps", "R", "working rate the files are resampled to (default 30)", 30, 1, 1000)),
      m_trim(command.number<int>(
          "trim", "F", "drop F leading frames of each file (e.g. 10 for CMU)", 0, 0, 1e9)),
      m_window(command.number<int>(
          "window", "W",
          "frames in the distance window, odd (default 9 at 30 Hz, scaled to the rate)", 0, 0, 61)),
      m_exclude(command.number<int>(
          "exclude", "E",
          "no transition between frames of one motion closer than E (default 15 at 30 Hz, scaled)",
          0, 0, 1e6)),
      m_threads(threadsOption(command)),
      m_units(command),
      m_glitches(command) {}

std::optional<DmgToolSettings> DmgBuildOptions::settings() const {
  DmgToolSettings s;
  s.threshold = *m_threshold;
  s.fps = *m_fps;
  s.trimFrames = *m_trim;
  s.import = m_units.apply({});
  s.windowFrames = *m_window;
  s.excludeFrames = *m_exclude;
  s.threads = *m_threads;
  s.keepGlitches = m_glitches.keep();
  if (s.windowFrames > 0 && s.windowFrames % 2 == 0) {
    m_command.usageError("--window must be odd");
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
  b.keepGlitches = keepGlitches;
  return b;
}

std::optional<DmgDatabase> loadDmgDatabase(const Command& command,
                                           std::span<const std::string> files,
                                           const DmgToolSettings& settings) {
  DmgDatabase db;
  for (const std::string& file : files) {
    ImportOptions options = settings.import;
    options.trimLeadingFrames = settings.trimFrames;
    Result<Motion> read = readMotionFile(file, options);
    if (!read) {
      command.note(read.error().message);
      return std::nullopt;
    }
    const double fileFps = read->fps;
    const int fileFrames = read->frameCount() + settings.trimFrames;
    Result<Motion> motion = resampleMotion(*read, settings.fps);
    if (!motion) {
      command.note(file + ": " + motion.error().message);
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
      command.note(db.files[0] + " and " + file + " have different skeletons (" + why +
                   "); one motion graph needs one skeleton");
      return std::nullopt;
    }
    db.motions.push_back(std::make_shared<const Motion>(std::move(motion.value())));
    db.files.push_back(file);
    db.fileFps.push_back(fileFps);
    db.fileFrames.push_back(fileFrames);
  }
  return db;
}

std::optional<DmgBuildResult> buildDmg(const Command& command, const DmgDatabase& db,
                                       const DmgToolSettings& settings) {
  std::vector<const Motion*> pointers;
  for (const auto& m : db.motions) pointers.push_back(m.get());
  Result<DmgBuildResult> built = buildDatabaseMotionGraph(pointers, settings.build());
  if (!built) {
    command.note(built.error().message);
    return std::nullopt;
  }
  for (size_t m = 0; m < built->glitches.size(); ++m) {
    for (const PoseGlitch& g : built->glitches[m]) {
      command.note(db.files[m] + ": left out (--keep-glitches keeps it), at " +
                   std::to_string(static_cast<int>(std::lround(settings.fps))) +
                   " fps: " + describeGlitch(*db.motions[m], g));
    }
  }
  return std::move(built.value());
}

std::string canonicalPath(const std::string& path) {
  std::error_code ec;
  const std::filesystem::path p = std::filesystem::weakly_canonical(path, ec);
  return ec ? path : p.string();
}

std::optional<std::vector<KeySegment>> toolKeySegments(const Command& command,
                                                       std::span<const KeyFileEntry> entries,
                                                       const DmgDatabase& db,
                                                       const DmgToolSettings& settings) {
  std::vector<KeySegment> keys;
  for (const KeyFileEntry& e : entries) {
    size_t motion = 0;
    while (motion < db.files.size() && canonicalPath(db.files[motion]) != canonicalPath(e.file))
      ++motion;
    if (motion == db.files.size()) {
      command.note("key '" + e.name + "': its file " + e.file + " is not in the database");
      return std::nullopt;
    }
    Result<KeySegment> s =
        keySegmentAtWorkingRate(e, static_cast<int>(motion), db.fileFrames[motion],
                                db.fileFps[motion], settings.trimFrames, settings.fps);
    if (!s) {
      command.note(s.error().message);
      return std::nullopt;
    }
    keys.push_back(s.value());
  }
  return keys;
}

}  // namespace mg::tool
