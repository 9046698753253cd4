// SPDX-License-Identifier: MIT
#pragma once

#include <optional>

#include <QObject>
#include <QString>

#include "widgets/jobs/job_slot.h"

class QAction;
class QMainWindow;

namespace mg {

class MotionLibraryView;
class Project;
class StreamPlayer;

// File > Export Motion (Ctrl+E): writes what the viewport plays as BVH, glTF binary (.glb) or
// glTF (.gltf + .bin), for a game engine or another tool. While a preview plays (a random walk or
// a steered walk of any graph kind, a clip, a transition), that is the frames the preview has
// played and keeps for scrubbing (up to two minutes); otherwise the motion selected in the
// library, whole. The file is written on a worker (core/io/motion_export: through a scratch file,
// so a failure leaves an existing file untouched) and the status bar says what was written.
class MotionExportAction : public QObject {
  Q_OBJECT

 public:
  MotionExportAction(QMainWindow* window, Project* project, MotionLibraryView* library,
                     StreamPlayer* streams);
  QAction* action() const { return m_action; }

  // Asks for a file name and format, then writes (what the action does).
  void exportWithDialog();
  // Writes what the viewport plays to `path`, in the format its extension names (.bvh, .glb,
  // .gltf); reports through `exported`. BVH is written in `metresPerUnit` when given, else in the
  // motion's source unit (a preview's walk: the unit its project's motions share; centimetres
  // when they differ), so that the file reads back at the size it plays. Returns false, with the
  // message sent, when there is nothing to export or the name has no motion format.
  bool exportTo(const QString& path, std::optional<double> metresPerUnit = std::nullopt);
  bool isRunning() const { return m_job.isRunning(); }

 signals:
  // A write finished: `error` is empty on success; `frames` were written.
  void exported(const QString& path, const QString& error, int frames);

 private:
  QMainWindow* m_window;
  Project* m_project;
  MotionLibraryView* m_library;
  StreamPlayer* m_streams;
  QAction* m_action;
  JobSlot<QString> m_job;
};

}  // namespace mg
