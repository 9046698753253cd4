// SPDX-License-Identifier: MIT
#pragma once

#include <memory>
#include <vector>

#include <QString>

#include "core/import/motion_reader.h"
#include "core/metric/metric_settings.h"
#include "core/util/json_text.h"
#include "core/util/progress.h"
#include "core/util/result.h"
#include "widgets/document/project.h"

namespace mg {

// The project file (`.mgproj`): tagged, versioned JSON (core/util/json_text.h), written through
// writeTextFileAtomically (core/util/atomic_file.h: every write checked, fsync, then rename) so a
// failed save, a full disk included, never damages the previous file. Version 3 holds:
//   format "mgstudio.project", version 3,
//   import  {metres_per_unit, trim_leading_frames}   (how every motion is read),
//   metric  {window_frames, joints, custom_joints, weighting, working_fps},
//   motions [{path, absolute_path, size_bytes, checksum, frames, fps}]: the path relative to the
//           project file's folder ('/' separated) and absolute, the file's size and checksum64
//           (16 hex digits, core/util/file_checksum.h) to find it again after a move, and the
//           motion's length as imported (file rate) so a missing motion keeps its hubs and keys;
//           the last four are optional (absent when a version 2 file's motion was never found),
//   view    {...}     free-form view state of the editor (docks, camera),
// and every other key is a graph kind's ProjectSection (project_section.h), named as the kind:
// "snap" (hub_list.h), "pmg" (parametric_file.h), "subgraph" (subgraph_file.h), "field"
// (field_settings.h). Version 2 files (motions [{path}] only) are read as version 3 without the
// optional fields. Version 1 files are read too: their "hubs" array, "parametric" and
// "motion_field" keys are the version 2 "snap" {"hubs"}, "pmg" and "field" sections.
// Opening looks for each motion at its relative path, then at its absolute path (a file whose
// checksum matches is preferred); a motion found at neither is opened missing (MotionFile).
inline constexpr const char* kProjectFormat = "mgstudio.project";
inline constexpr int kProjectVersion = 3;
inline constexpr const char* kProjectSuffix = "mgproj";

// A project file read and checked, its motions read from disk; nothing applied yet.
struct ProjectData {
  ImportOptions importOptions;
  MetricSettings metric;
  std::vector<std::shared_ptr<const Motion>> motions;  // in file order, never null
  std::vector<MotionFile> files;  // one per motion: found or missing (a placeholder), fingerprint
  Json view;                      // an object (empty when the file has none)
  JsonObject sections;            // every other top-level key, for the project's ProjectSections
};

// The JSON of `project` as it would be saved to `projectPath` (motion paths relative to its
// folder; a missing motion's entry as it was read). Fails when a motion has no source file (it
// could not be read back). Reads the file of every motion whose fingerprint is not known yet.
Result<Json> projectJson(const Project& project, const QString& projectPath);

// Writes `project` to `path` atomically: on any failure the previous file is untouched and the
// error names the file ("Disk full: /p/a.mgproj was not saved; your previous version is intact").
// Does not change the project (the caller sets the file name and the clean state).
Status saveProject(const Project& project, const QString& path);

// Reads `path`: parses and checks it, then reads every motion with the file's import options.
// Fails, with a message naming the file and the problem, on an unreadable file, malformed JSON,
// another format tag, a version this build does not know, a missing or ill-typed field, or motion
// files that exist but cannot be read (all of them are listed); a motion file found nowhere is
// not a failure: it opens missing (ProjectData::files). The sections' keys are checked
// by checkProjectSections. Thread-safe (touches no project). `progress` follows the job
// convention (core/util/progress.h): reading the motions is the work, each file an equal part;
// cancelled, it fails with "opening ... was cancelled".
Result<ProjectData> readProject(const QString& path, const Progress& progress = {});

// Whether every section key of `data` is accepted by its ProjectSection (widgets/document/
// project_section.h; a registered kind's section is made if `project` has none yet; keys no kind
// registered are ignored); call before applyProject, which cannot fail. The error names `path`.
Status checkProjectSections(Project& project, const ProjectData& data, const QString& path);

// Replaces the content of `project` with `data` (Project::clear() first): motions get fresh ids
// in file order, and each ProjectSection applies its key. Sets the file name to
// `fileName`; the undo stack is clean. Precondition: checkProjectSections succeeded.
void applyProject(Project* project, ProjectData data, const QString& fileName);

// readProject, checkProjectSections, then applyProject; on failure `project` is untouched.
Status loadProject(Project* project, const QString& path);

// The side file autosave writes for `projectPath` (`<path>.autosave`).
QString autosavePath(const QString& projectPath);
// True when an autosave of `projectPath` exists, is newer than the project file (or the project
// file is gone) and parses as a project: the editor crashed or quit without saving after it was
// written. An autosave that does not parse is never offered.
bool hasRecoverableAutosave(const QString& projectPath);
// True when `autosave` exists and parses as a project this build reads (motions not read).
bool isRecoverableAutosave(const QString& autosave);
// Deals with the save temporaries a killed editor left beside `projectPath` or its autosave
// (core/util/atomic_file.h saveTemporariesOf): one that parses and is newer than both the project
// and the autosave becomes the autosave (so it is offered for recovery); every other one is
// deleted. Returns how many were deleted. Call before opening, when no save is running.
int tidySaveTemporaries(const QString& projectPath);

// MetricSettings as the project file writes them (read back by readProject).
Json metricSettingsJson(const MetricSettings& settings);

}  // namespace mg
