// SPDX-License-Identifier: MIT
#include "app/mgstudio/project_controller.h"

#include <algorithm>
#include <memory>

#include <QAction>
#include <QDir>
#include <QEventLoop>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QMainWindow>
#include <QMessageBox>
#include <QProgressDialog>
#include <QSettings>
#include <QStandardPaths>
#include <QStatusBar>

#include "widgets/document/project.h"
#include "widgets/document/project_file.h"
#include "widgets/jobs/job_slot.h"

namespace mg {

namespace {
constexpr int kAutosaveMs = 30000;
const char* const kProjectDirKey = "projectDirectory";
}  // namespace

ProjectController::ProjectController(QMainWindow* window, Project* project,
                                     std::function<Json()> collectView,
                                     std::function<void(const Json&)> applyView)
    : QObject(window),
      m_window(window),
      m_project(project),
      m_collectView(std::move(collectView)),
      m_applyView(std::move(applyView)) {
  m_new = new QAction(tr("&New Project"), this);
  m_new->setShortcut(QKeySequence::New);
  connect(m_new, &QAction::triggered, this, &ProjectController::newProject);
  m_open = new QAction(tr("Open &Project..."), this);
  m_open->setShortcut(QKeySequence(tr("Ctrl+Shift+O")));
  connect(m_open, &QAction::triggered, this, [this] {
    if (!maybeSave()) return;
    QSettings settings;
    const QString path = QFileDialog::getOpenFileName(
        m_window, tr("Open Project"), settings.value(kProjectDirKey).toString(),
        tr("Motion Graph Studio projects (*.mgproj);;All files (*)"));
    if (path.isEmpty()) return;
    settings.setValue(kProjectDirKey, QFileInfo(path).absolutePath());
    openProject(path);
  });
  m_save = new QAction(tr("&Save Project"), this);
  m_save->setShortcut(QKeySequence::Save);
  connect(m_save, &QAction::triggered, this, &ProjectController::save);
  m_saveAs = new QAction(tr("Save Project &As..."), this);
  m_saveAs->setShortcut(QKeySequence::SaveAs);
  connect(m_saveAs, &QAction::triggered, this, &ProjectController::saveAs);
  for (QAction* a : {m_new, m_open, m_save, m_saveAs}) a->setShortcutContext(Qt::WindowShortcut);

  connect(project->undoStack(), &QUndoStack::cleanChanged, this, &ProjectController::updateTitle);
  connect(project->undoStack(), &QUndoStack::indexChanged, this, &ProjectController::updateTitle);
  m_autosaveTimer.setInterval(kAutosaveMs);
  connect(&m_autosaveTimer, &QTimer::timeout, this, &ProjectController::autosave);
  m_autosaveTimer.start();
  updateTitle();
}

bool ProjectController::isModified() const {
  return m_recovered || !m_project->undoStack()->isClean();
}

void ProjectController::updateTitle() {
  const QString name = m_project->fileName().isEmpty()
                           ? tr("Untitled")
                           : QFileInfo(m_project->fileName()).fileName();
  m_window->setWindowTitle(tr("%1[*] — Motion Graph Studio").arg(name));
  m_window->setWindowModified(isModified());
}

QString ProjectController::currentAutosavePath() const {
  if (!m_project->fileName().isEmpty()) return autosavePath(m_project->fileName());
  const QString dir = QStandardPaths::writableLocation(QStandardPaths::AppLocalDataLocation);
  return autosavePath(QDir(dir).filePath(QStringLiteral("untitled.mgproj")));
}

QString ProjectController::autosave() {
  if (!isModified() || m_project->motionCount() == 0) return {};
  const QString path = currentAutosavePath();
  QDir().mkpath(QFileInfo(path).absolutePath());
  m_project->setViewState(m_collectView());
  if (const Status s = saveProject(*m_project, path); !s) {
    // No dialog every interval; the message stays until the next one replaces it.
    m_window->statusBar()->showMessage(
        tr("Autosave failed: %1").arg(QString::fromStdString(s.error().message)));
    return {};
  }
  return path;
}

void ProjectController::discardAutosave() {
  QFile::remove(currentAutosavePath());
}

bool ProjectController::maybeSave() {
  if (!isModified()) return true;
  const auto answer = QMessageBox::warning(
      m_window, tr("Unsaved Changes"),
      tr("The project has been modified.\nDo you want to save your changes?"),
      QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel, QMessageBox::Save);
  if (answer == QMessageBox::Cancel) return false;
  if (answer == QMessageBox::Save) return save();
  discardAutosave();
  return true;
}

void ProjectController::newProject() {
  if (!maybeSave()) return;
  discardAutosave();
  m_project->clear();
  m_recovered = false;
  updateTitle();
  // Nothing said about the old project stays on screen.
  m_window->statusBar()->showMessage(
      tr("New project: open capture files with File > Open, or drop them here."));
  emit projectLoaded();
}

Result<ProjectData> ProjectController::readInBackground(const QString& path) {
  QProgressDialog dialog(
      tr("Opening %1 and reading its capture files...").arg(QFileInfo(path).fileName()),
      tr("Cancel"), 0, kJobProgressSteps, m_window);
  dialog.setWindowTitle(tr("Open Project"));
  dialog.setWindowModality(Qt::WindowModal);
  dialog.setAutoReset(false);
  dialog.setAutoClose(false);
  dialog.setMinimumDuration(0);
  dialog.setValue(0);
  auto result = std::make_shared<Result<ProjectData>>(Error{"opening the project was cancelled"});
  QEventLoop loop;
  {
    JobSlot<int> job(&loop);
    const QMetaObject::Connection cancel =
        connect(&dialog, &QProgressDialog::canceled, &loop, [&job] { job.cancel(); });
    job.start([path, result](
                  JobContext<int>& context) { *result = readProject(path, context.progress()); },
              {{},
               [&dialog, &job](int value, int maximum, const QString&) {
                 if (dialog.wasCanceled()) job.cancel();
                 dialog.setValue(
                     std::min(value, maximum - 1));  // the dialog stays up until the read returns
               },
               [&loop](bool) { loop.quit(); }});
    loop.exec();
    disconnect(cancel);
  }
  return std::move(*result);
}

bool ProjectController::loadInto(const QString& path, const QString& fileName, bool recovered) {
  auto fail = [this](const std::string& message) {
    m_lastError = QString::fromStdString(message);
    if (m_interactive) QMessageBox::warning(m_window, tr("Cannot Open Project"), m_lastError);
    return false;
  };
  Result<ProjectData> data = readInBackground(path);
  if (!data) return fail(data.error().message);
  if (Status sections = checkProjectSections(*m_project, *data, path); !sections)
    return fail(sections.error().message);
  const Json view = data->view;
  applyProject(m_project, std::move(data.value()), fileName);
  m_recovered = recovered;
  m_applyView(view);
  updateTitle();
  // Before projectLoaded: what restoring the project's results says (a cache ignored) comes after.
  m_window->statusBar()->showMessage(fileName.isEmpty()
                                         ? tr("Recovered the unsaved project")
                                         : tr("Opened %1").arg(QFileInfo(fileName).fileName()),
                                     4000);
  emit projectLoaded();
  return true;
}

bool ProjectController::openProject(const QString& path) {
  const QString absolute = QFileInfo(path).absoluteFilePath();
  // Temporaries of a save that was killed: a complete newer one becomes the autosave (offered
  // below), the others go.
  tidySaveTemporaries(absolute);
  m_lastError.clear();
  if (m_interactive && hasRecoverableAutosave(absolute)) {
    const auto answer = QMessageBox::question(
        m_window, tr("Recover Project"),
        tr("%1 has an autosave that is newer than the project file (the editor may have crashed).\n"
           "Recover the autosaved version?")
            .arg(QFileInfo(absolute).fileName()),
        QMessageBox::Yes | QMessageBox::No, QMessageBox::Yes);
    if (answer == QMessageBox::Yes && loadInto(autosavePath(absolute), absolute, true)) {
      emit projectFileUsed(absolute);
      return true;
    }
  }
  const bool ok = loadInto(absolute, absolute, false);
  if (ok) emit projectFileUsed(absolute);
  return ok;
}

void ProjectController::offerUntitledRecovery() {
  if (!m_project->fileName().isEmpty()) return;
  const QString path = currentAutosavePath();
  tidySaveTemporaries(path.chopped(QStringLiteral(".autosave").size()));
  if (!isRecoverableAutosave(path)) return;  // none, or one that does not parse: never offered
  const auto answer = QMessageBox::question(
      m_window, tr("Recover Project"),
      tr("An unsaved project from an earlier session was autosaved.\nRecover it?"),
      QMessageBox::Yes | QMessageBox::No, QMessageBox::Yes);
  if (answer == QMessageBox::Yes)
    loadInto(path, QString(), true);
  else
    QFile::remove(path);
}

bool ProjectController::save() {
  if (m_project->fileName().isEmpty()) return saveAs();
  return saveTo(m_project->fileName());
}

bool ProjectController::saveAs() {
  QSettings settings;
  QString path = QFileDialog::getSaveFileName(m_window, tr("Save Project As"),
                                              m_project->fileName().isEmpty()
                                                  ? settings.value(kProjectDirKey).toString()
                                                  : m_project->fileName(),
                                              tr("Motion Graph Studio projects (*.mgproj)"));
  if (path.isEmpty()) return false;
  if (QFileInfo(path).suffix().isEmpty()) path += QStringLiteral(".mgproj");
  settings.setValue(kProjectDirKey, QFileInfo(path).absolutePath());
  return saveTo(path);
}

bool ProjectController::saveTo(const QString& path) {
  m_project->setViewState(m_collectView());
  if (const Status s = saveProject(*m_project, path); !s) {
    // The project stays modified and its autosave stays where it is.
    const QString message = QString::fromStdString(s.error().message);
    m_window->statusBar()->showMessage(tr("Not saved: %1").arg(message));
    QMessageBox::warning(
        m_window, tr("Cannot Save Project"),
        tr("%1\n\nYour changes are still open here: free some space and save again, or save "
           "them elsewhere with Save As.")
            .arg(message));
    return false;
  }
  discardAutosave();  // the old name's side file, if the name changes
  m_project->setFileName(QFileInfo(path).absoluteFilePath());
  discardAutosave();
  m_recovered = false;
  m_project->undoStack()->setClean();
  updateTitle();
  m_window->statusBar()->showMessage(tr("Saved %1").arg(QFileInfo(path).fileName()), 4000);
  emit projectFileUsed(m_project->fileName());
  emit projectSaved(m_project->fileName());
  return true;
}

}  // namespace mg
