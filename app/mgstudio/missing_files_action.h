// SPDX-License-Identifier: MIT
#pragma once

#include <QObject>
#include <QString>

class QAction;
class QMainWindow;

namespace mg {

class MotionLibraryView;
class Project;

// File > Locate Missing Motion... and File > Find Missing Files...: pointing a project whose
// capture moved at its files again (widgets/document/missing_motions.h). Locate asks for the file
// of the missing motion selected in the library (or the first missing one); Find asks for a
// folder and relinks every missing motion found below it by file name and checksum. Both apply
// one undoable RelinkMotionsCommand and say in the status bar how many were found and how many
// are still missing; a refused file is explained and changes nothing. The actions are enabled
// while some motion is missing; Locate is also in the library's context menu.
class MissingFilesActions : public QObject {
  Q_OBJECT

 public:
  MissingFilesActions(QMainWindow* window, Project* project, MotionLibraryView* library);
  QAction* locateAction() const { return m_locate; }
  QAction* findAction() const { return m_find; }

  // Relinks the missing motion selected in the library (or the first missing one) to `file`.
  // Returns the message shown (empty on success).
  QString locate(const QString& file);
  // Searches `folder`; returns the status message shown ("2 found, 1 still missing").
  QString findIn(const QString& folder);
  // After a project is opened: says how many motions are missing, in the status bar.
  void announce();

 private:
  void update();
  QMainWindow* m_window;
  Project* m_project;
  MotionLibraryView* m_library;
  QAction* m_locate;
  QAction* m_find;
};

}  // namespace mg
