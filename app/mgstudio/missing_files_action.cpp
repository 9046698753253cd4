// SPDX-License-Identifier: MIT
#include "app/mgstudio/missing_files_action.h"

#include <QAction>
#include <QApplication>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QMainWindow>
#include <QMessageBox>
#include <QStatusBar>
#include <QTableView>

#include "widgets/commands/relink_command.h"
#include "widgets/document/missing_motions.h"
#include "widgets/document/project.h"
#include "widgets/views/common/count_text.h"
#include "widgets/views/library/motion_library_view.h"

namespace mg {

namespace {

// The missing motion the author means: the first selected one that is missing, else the first
// missing motion of the project; kNoMotion when none is missing.
MotionId chosenMissing(const Project& project, const MotionLibraryView* library) {
  for (MotionId id : library->selectedMotions())
    if (project.isMissing(id)) return id;
  for (const MotionEntry& e : project.motions())
    if (e.file.missing) return e.id;
  return kNoMotion;
}

}  // namespace

MissingFilesActions::MissingFilesActions(QMainWindow* window, Project* project,
                                         MotionLibraryView* library)
    : QObject(window), m_window(window), m_project(project), m_library(library) {
  m_locate = new QAction(tr("&Locate Missing Motion..."), this);
  m_locate->setStatusTip(tr("Point the selected missing motion at its file"));
  m_find = new QAction(tr("Find &Missing Files..."), this);
  m_find->setStatusTip(
      tr("Search a folder and the folders below it for the missing motions' files"));
  connect(m_locate, &QAction::triggered, this, [this] {
    const MotionId id = chosenMissing(*m_project, m_library);
    if (id == kNoMotion) return;
    const QString name = QString::fromStdString(m_project->motion(id)->name);
    const QString last = QString::fromStdString(m_project->motion(id)->sourcePath);
    const QString file = QFileDialog::getOpenFileName(
        m_window, tr("Locate %1").arg(name), QFileInfo(m_project->fileName()).absolutePath(),
        tr("%1 (%1);;All files (*)").arg(QFileInfo(last).fileName()));
    if (file.isEmpty()) return;
    const QString error = locate(file);
    if (!error.isEmpty()) QMessageBox::warning(m_window, tr("Cannot Relink"), error);
  });
  connect(m_find, &QAction::triggered, this, [this] {
    const QString folder = QFileDialog::getExistingDirectory(
        m_window, tr("Find Missing Files In"), QFileInfo(m_project->fileName()).absolutePath());
    if (!folder.isEmpty()) findIn(folder);
  });
  // The library's context menu offers Locate too.
  library->table()->setContextMenuPolicy(Qt::ActionsContextMenu);
  library->table()->addAction(m_locate);
  for (auto signal : {&Project::motionAdded, &Project::motionRemoved})
    connect(project, signal, this, &MissingFilesActions::update);
  connect(project, &Project::cleared, this, &MissingFilesActions::update);
  update();
}

void MissingFilesActions::update() {
  const bool any = m_project->missingCount() > 0;
  m_locate->setEnabled(any);
  m_find->setEnabled(any);
}

QString MissingFilesActions::locate(const QString& file) {
  const MotionId id = chosenMissing(*m_project, m_library);
  if (id == kNoMotion) return tr("No motion is missing its file.");
  Result<MotionEntry> entry = readRelinkCandidate(*m_project, id, file);
  if (!entry) return QString::fromStdString(entry.error().message);
  const FileFingerprint recorded = m_project->motions()[m_project->indexOf(id)].file.fingerprint;
  if (recorded.known() && !(entry->file.fingerprint == recorded)) {
    const auto answer = QMessageBox::question(
        m_window, tr("Another File"),
        tr("%1 is not the file the project recorded (another size or checksum). Use it anyway?")
            .arg(QDir::toNativeSeparators(file)));
    if (answer != QMessageBox::Yes) return {};
  }
  std::vector<MotionEntry> entries{std::move(entry.value())};
  m_project->undoStack()->push(new RelinkMotionsCommand(m_project, std::move(entries)));
  m_window->statusBar()->showMessage(
      tr("Relinked to %1; %2.")
          .arg(QDir::toNativeSeparators(file),
               countText(m_project->missingCount(), tr("%1 motion still missing"),
                         tr("%1 motions still missing"))));
  return {};
}

QString MissingFilesActions::findIn(const QString& folder) {
  QApplication::setOverrideCursor(Qt::WaitCursor);
  Result<MissingFileSearch> search = findMissingFiles(*m_project, folder);
  QApplication::restoreOverrideCursor();
  QString message;
  if (!search) {
    message = QString::fromStdString(search.error().message);
  } else {
    const int found = static_cast<int>(search->found.size());
    if (found > 0) {
      m_project->undoStack()->push(
          new RelinkMotionsCommand(m_project, std::move(search.value().found)));
    }
    message =
        tr("Find Missing Files: %1 found, %2 still missing.").arg(found).arg(search->stillMissing);
    if (!search->notTaken.empty())
      message +=
          tr(" Not taken: %1").arg(search->notTaken.front()) +
          (search->notTaken.size() > 1 ? tr(" (and %1 more)").arg(search->notTaken.size() - 1)
                                       : QString());
  }
  m_window->statusBar()->showMessage(message);
  return message;
}

void MissingFilesActions::announce() {
  const int missing = m_project->missingCount();
  if (missing == 0) return;
  m_window->statusBar()->showMessage(
      countText(
          missing, tr("%1 motion of this project is missing its file (greyed in the library): "),
          tr("%1 motions of this project are missing their files (greyed in the library): ")) +
      tr("File > Find Missing Files, or Locate... in the library's menu."));
}

}  // namespace mg
