// SPDX-License-Identifier: MIT
#pragma once

#include <functional>

#include <QObject>
#include <QString>
#include <QTimer>

#include "core/util/json_text.h"
#include "widgets/document/project_file.h"

class QAction;
class QMainWindow;

namespace mg {

class Project;

// File > New / Open Project / Save / Save As for the project document: the window title with
// its modified marker (the undo stack's clean state), "save changes?" before anything discards
// edits, autosave to a side file while modified and the offer to recover it on the next open.
// Errors are shown in dialogs and leave the open project untouched.
class ProjectController : public QObject {
  Q_OBJECT

 public:
  // `window` and `project` must outlive the controller. `collectView` gives the view state to
  // save; `applyView` restores it after a load.
  ProjectController(QMainWindow* window, Project* project, std::function<Json()> collectView,
                    std::function<void(const Json&)> applyView);

  QAction* newAction() const { return m_new; }
  QAction* openAction() const { return m_open; }
  QAction* saveAction() const { return m_save; }
  QAction* saveAsAction() const { return m_saveAs; }

  // Asks whether to save a modified project; false when the user cancels (keep the project).
  bool maybeSave();
  void newProject();
  // Opens `path` (offering a newer autosave first). Errors go to a dialog (none when not
  // interactive) and to lastError(); returns success.
  bool openProject(const QString& path);
  // Scripted runs (--quit-after-ms) are not interactive: no dialog waits for an answer (a newer
  // autosave is not recovered), so a failure returns at once with its message in lastError().
  void setInteractive(bool interactive) { m_interactive = interactive; }
  const QString& lastError() const { return m_lastError; }
  bool save();
  bool saveAs();
  bool saveTo(const QString& path);
  // Writes the autosave side file now if the project is modified; returns its path or "".
  QString autosave();
  // The autosave file of the open project (untitled projects use one in the app data folder).
  QString currentAutosavePath() const;
  void setAutosaveIntervalMs(int ms) { m_autosaveTimer.setInterval(ms); }
  // Offers the untitled autosave of a crashed session, if any (called once at start-up).
  void offerUntitledRecovery();
  // Removes the autosave file; called when the window closes without unsaved edits kept.
  void discardAutosave();
  bool isModified() const;

 signals:
  void projectLoaded();
  // A project file was opened from or saved to `path` (absolute): the window's Recent Files.
  void projectFileUsed(const QString& path);
  // The project was saved to `path` (absolute; not an autosave): the rebuildable results are
  // written beside it.
  void projectSaved(const QString& path);

 private:
  void updateTitle();
  bool loadInto(const QString& path, const QString& fileName, bool recovered);
  // readProject on the process-wide pool while a window-modal progress dialog with Cancel keeps
  // the editor responsive; returns when the job ends.
  Result<ProjectData> readInBackground(const QString& path);

  QMainWindow* m_window;
  Project* m_project;
  bool m_interactive = true;
  QString m_lastError;
  std::function<Json()> m_collectView;
  std::function<void(const Json&)> m_applyView;
  QAction* m_new;
  QAction* m_open;
  QAction* m_save;
  QAction* m_saveAs;
  QTimer m_autosaveTimer;
  bool m_recovered = false;  // content came from an autosave and is not on disk as a project yet
};

}  // namespace mg
