// SPDX-License-Identifier: MIT
#pragma once

#include <memory>
#include <vector>

#include <QObject>
#include <QString>
#include <QUndoStack>

#include "core/import/motion_reader.h"
#include "core/metric/metric_settings.h"
#include "core/motion/motion.h"
#include "core/util/file_checksum.h"
#include "core/util/json_text.h"

namespace mg {

// Stable identifier of a motion inside a Project: never reused while the project lives, so views
// and jobs can hold it across edits (a removed motion's id stays dead, and undoing the removal
// brings the motion back under the same id).
using MotionId = int;
inline constexpr MotionId kNoMotion = -1;

// ImportOptions::unitAskedBy of the project's import options: the reason a motion read with a
// stated unit gives for it ("as asked (the project's import options)").
inline constexpr const char* kProjectUnitAskedBy = "the project's import options";

// What the project knows of a motion's file, to find it again after the project or the capture
// moved (project_file.h, missing_motions.h).
struct MotionFile {
  // True when the file was found nowhere when the project was opened: `motion` is then a
  // placeholder (missingMotionPlaceholder: one joint, the recorded length, sourcePath the last
  // known absolute path) that keeps the motion's hubs, keys and examples; every derivation leaves
  // a missing motion out, saying why, until it is relinked (RelinkMotionsCommand).
  bool missing = false;
  // The file's size and checksum when it was last read; unknown for a motion imported in this
  // session (saveProject computes it) and for a version 2 file's missing motion.
  FileFingerprint fingerprint;
  // A missing motion's path relative to the project file as the file recorded it (kept verbatim
  // on save, so the project finds the capture again once it is put back there).
  QString recordedRelativePath;
};

// A loaded motion and the id the project gave it.
struct MotionEntry {
  MotionId id = kNoMotion;
  std::shared_ptr<const Motion> motion;  // never null; immutable, may be shared with jobs
  MotionFile file;
};

// The open document: the loaded motions (in display order), the import settings and the undo
// stack. Plain QtCore/QtGui: no widget header here. Edits from views go through commands pushed
// on undoStack() (see widgets/commands); the mutators below are what those commands call.
// Lives on, and must only be touched from, the UI thread.
class Project : public QObject {
  Q_OBJECT

 public:
  explicit Project(QObject* parent = nullptr);
  ~Project() override;

  QUndoStack* undoStack() { return &m_undoStack; }

  const std::vector<MotionEntry>& motions() const { return m_motions; }
  int motionCount() const { return static_cast<int>(m_motions.size()); }
  // Row of `id` in motions(), or -1.
  int indexOf(MotionId id) const;
  // The motion with `id`, or null.
  std::shared_ptr<const Motion> motion(MotionId id) const;

  // Reserves a fresh id for a motion about to be added (used by commands so redo reuses it).
  MotionId allocateMotionId() { return m_nextId++; }
  // Inserts `entry` at `row` (clamped to [0, motionCount()]). Precondition: entry.motion is
  // non-null and entry.id is not already present. Emits motionAboutToBeAdded, then motionAdded.
  void insertMotion(int row, MotionEntry entry);
  // Removes the motion with `id` and returns it (empty entry when absent). Emits
  // motionAboutToBeRemoved, then motionRemoved.
  MotionEntry takeMotion(MotionId id);
  // Puts `entry` in place of the motion with the same id, at the same row (relinking a missing
  // motion to its file, and undoing that). Emits the removal then the addition signals, so every
  // view and job treats it as a new motion; sections keep their references (same id). Returns the
  // entry it replaced (empty when the id is absent: nothing changes then).
  MotionEntry replaceMotion(MotionEntry entry);
  // Whether the motion with `id` is missing its file (MotionFile::missing); false when absent.
  bool isMissing(MotionId id) const;
  // How many motions are missing their file.
  int missingCount() const;

  // The project file this document was read from or last saved to; empty when untitled.
  const QString& fileName() const { return m_fileName; }
  void setFileName(const QString& fileName) { m_fileName = fileName; }
  // Free-form view state saved with the project (docks, camera); a JSON object written by the
  // main window before saving and handed back after loading. Not part of the undo history.
  const Json& viewState() const { return m_viewState; }
  void setViewState(Json state) { m_viewState = std::move(state); }
  // Empties the document: motions, every ProjectSection (each graph kind's state), undo history,
  // file name and view state (File > New, and loading a project). Emits the removal signals of
  // every motion and whatever each section's clear() emits.
  void clear();

  // Settings used for the next import; not part of the undo history.
  const ImportOptions& importOptions() const { return m_importOptions; }
  void setImportOptions(const ImportOptions& options);

  // The frame distance settings of every grid computed for this project (ALGORITHMS.md 1).
  // Saved with the project and part of the undo history: views change them through
  // setMetricSettingsCommand, which calls setMetricSettings(). Precondition of the setter:
  // settings.validate() succeeds. Emits metricSettingsChanged only when the value changes.
  const MetricSettings& metricSettings() const { return m_metricSettings; }
  void setMetricSettings(const MetricSettings& settings);

  // Every graph kind keeps its state in a ProjectSection (project_section.h): children of the
  // project that save, load and clear with it (hubsOf, parametricOf, ...); Project knows none.

 signals:
  // The "about to" signals come before the change, for item models (begin/endInsertRows).
  void motionAboutToBeAdded(mg::MotionId id, int row);
  void motionAdded(mg::MotionId id, int row);
  void motionAboutToBeRemoved(mg::MotionId id, int row);
  void motionRemoved(mg::MotionId id, int row);
  void importOptionsChanged();
  void metricSettingsChanged();
  // clear() emptied the document (File > New, and before a project file is applied).
  void cleared();

 private:
  std::vector<MotionEntry> m_motions;
  MotionId m_nextId = 1;
  ImportOptions m_importOptions;
  QString m_fileName;
  Json m_viewState;
  MetricSettings m_metricSettings;
  QUndoStack m_undoStack;
};

}  // namespace mg
