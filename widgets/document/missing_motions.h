// SPDX-License-Identifier: MIT
#pragma once

#include <memory>
#include <string>
#include <vector>

#include <QString>

#include "core/util/progress.h"
#include "core/util/result.h"
#include "widgets/document/project.h"

namespace mg {

// Motions whose file was not found when their project was opened (MotionFile::missing), and
// finding those files again. UI thread only (reads the Project); no QtWidgets.

// Frames of a placeholder whose length the project file did not record (a version 2 file): an
// hour at 30 fps, so the hubs and keys it holds stay inside it.
inline constexpr int kUnknownMissingFrames = 30 * 3600;

// A stand-in for a missing motion: one joint at rest, `frames` frames at `fps` (frames <= 0:
// kUnknownMissingFrames at 30 fps), named `name`, sourcePath `path` (the last known file). A valid
// Motion, so no view crashes on it; every derivation leaves it out (MotionFile::missing).
std::shared_ptr<const Motion> missingMotionPlaceholder(const std::string& name,
                                                       const std::string& path, int frames,
                                                       double fps);

// The file name a missing motion is looked for by (its last known path's file name).
QString missingFileName(const MotionEntry& entry);

// Reads `file` as the new file of the motion `id` of `project`: with the project's import
// options, fingerprinted, and checked against every section of the project (its hubs' frames, its
// keys' times must lie inside the new motion). Fails, naming the file, when `id` is not in the
// project, the file cannot be read, or a section refuses it. Touches nothing.
Result<MotionEntry> readRelinkCandidate(const Project& project, MotionId id, const QString& file);

// What findMissingFiles found.
struct MissingFileSearch {
  std::vector<MotionEntry> found;  // the relinked entries (ids of missing motions), project order
  int stillMissing = 0;            // missing motions no file was found for
  std::vector<QString> notTaken;   // same-named files left, each "path: why" (other checksum, ...)
};

// Searches `folder` and every folder below it for the missing motions' files: a file with the
// last known file name (case-insensitive) whose size and checksum are the recorded ones; a
// motion whose fingerprint was never recorded (a version 2 file) takes the first same-named file
// that reads. Every file taken passed readRelinkCandidate. Touches nothing; apply `found` with
// RelinkMotionsCommand. Fails when `folder` is not a folder, or on cancel. `progress` reports per
// motion checked.
Result<MissingFileSearch> findMissingFiles(const Project& project, const QString& folder,
                                           const Progress& progress = {});

}  // namespace mg
