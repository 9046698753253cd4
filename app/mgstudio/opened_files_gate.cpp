// SPDX-License-Identifier: MIT
#include "app/mgstudio/opened_files_gate.h"

#include <cmath>
#include <utility>

#include <cstdio>

#include <QElapsedTimer>
#include <QFileInfo>
#include <QMessageBox>
#include <QPushButton>
#include <QUndoStack>

#include "widgets/document/skeleton_groups.h"
#include "widgets/views/common/count_text.h"

namespace mg {

OpenedFilesGate::OpenedFilesGate(Project* project, QWidget* dialogParent, Add add)
    : QObject(dialogParent), m_project(project), m_parent(dialogParent), m_add(std::move(add)) {
  // New Project and Open: files held for the project before are not offered to the next one.
  m_slice.setSingleShot(true);
  m_slice.setInterval(0);
  connect(&m_slice, &QTimer::timeout, this, &OpenedFilesGate::addSlice);
  connect(project, &Project::cleared, this, [this] {
    m_held.clear();
    m_arrived.clear();
    m_addedApart.clear();
    m_batchIntoEmpty = false;
    m_acceptBatch = false;
    if (QMessageBox* question = std::exchange(m_question, nullptr)) question->close();
  });
}

QString OpenedFilesGate::misfit(const Motion& motion) const {
  const Motion* working = workingSkeletonMotion(m_project->motions());
  if (!working || !motion.skeleton) return {};
  const QString owner = QString::fromStdString(working->name);
  if (!motion.skeleton->sameHierarchy(*working->skeleton)) {
    return tr("another skeleton (%1 joints; the project's working skeleton, %2's, has %3)")
        .arg(motion.skeleton->jointCount())
        .arg(owner)
        .arg(working->skeleton->jointCount());
  }
  // Rates within 0.5% are the same capture rate (readers round 1 / 0.0083333 s to 120).
  if (std::abs(motion.fps - working->fps) > 0.005 * working->fps) {
    return tr("another rate (%1 fps; %2 is at %3 fps; the graphs resample both to the working "
              "rate of %4 fps)")
        .arg(motion.fps, 0, 'g', 4)
        .arg(owner)
        .arg(working->fps, 0, 'g', 4)
        .arg(m_project->metricSettings().workingFps, 0, 'g', 4);
  }
  return {};
}

void OpenedFilesGate::batchStarted() {
  m_batchIntoEmpty = m_project->motionCount() == 0;
  m_acceptBatch = false;
}

void OpenedFilesGate::offer(const QString& path, std::shared_ptr<const Motion> motion) {
  if (!motion) return;
  m_arrived.push_back({path, std::move(motion)});
  if (!m_slice.isActive()) m_slice.start();
}

void OpenedFilesGate::addSlice() {
  QElapsedTimer clock;
  clock.start();
  while (!m_arrived.empty() && clock.elapsed() < kSliceMs) {
    Arrived next = std::move(m_arrived.front());
    m_arrived.pop_front();
    place(std::move(next));
  }
  if (!m_arrived.empty()) {
    m_slice.start();
    return;
  }
  if (std::exchange(m_finishPending, false)) finishBatch(m_finishCancelled);
}

void OpenedFilesGate::place(Arrived arrived) {
  // Decided now, against the project as the motions before it left it.
  QString reason = m_acceptBatch ? QString() : misfit(*arrived.motion);
  if (!reason.isEmpty() && m_batchIntoEmpty) {
    m_addedApart << tr("%1: %2").arg(QFileInfo(arrived.path).fileName(), reason);
    reason.clear();
  }
  if (reason.isEmpty()) {
    m_add(arrived.path, std::move(arrived.motion));
    return;
  }
  m_held.push_back({arrived.path, std::move(arrived.motion), std::move(reason)});
}

void OpenedFilesGate::batchFinished(bool cancelled) {
  m_finishPending = true;
  m_finishCancelled = cancelled;
  if (!m_slice.isActive()) addSlice();  // nothing queued: at once
}

void OpenedFilesGate::finishBatch(bool cancelled) {
  m_batchIntoEmpty = false;
  m_acceptBatch = false;
  if (const QStringList apart = std::exchange(m_addedApart, {}); !apart.isEmpty())
    emit addedApart(apart);
  if (cancelled) {
    leaveOutHeld();
  } else if (!m_held.empty()) {
    if (m_interactive) {
      ask();
    } else {
      for (const Held& h : m_held)
        std::fprintf(stderr, "mgstudio: adding %s, which does not fit the project: %s\n",
                     qPrintable(QFileInfo(h.path).fileName()), qPrintable(h.reason));
      addHeld();
    }
  }
  emit finished(cancelled);
}

void OpenedFilesGate::ask() {
  if (m_question) return;  // one question at a time; a later batch's files join it
  const int n = heldCount();
  QStringList lines;
  QStringList all;
  for (const Held& h : m_held) {
    const QString line = tr("%1: %2").arg(QFileInfo(h.path).fileName(), h.reason);
    all << line;
    if (lines.size() < 5) lines << line;
  }
  if (n > 5) lines << tr("... and %n more (Show Details).", nullptr, n - 5);
  m_question = new QMessageBox(
      QMessageBox::Question, tr("Files That Do Not Fit the Project"),
      countText(n, tr("%1 opened file does not fit the project. Nothing is added yet."),
                tr("%1 opened files do not fit the project. Nothing is added yet.")),
      QMessageBox::NoButton, m_parent);
  m_question->setInformativeText(
      lines.join(QLatin1Char('\n')) +
      tr("\n\nAdded, motions of another skeleton form their own library group: Snap-Together, "
         "parametric nodes and the subgraph keep using the working skeleton, so hubs, nodes "
         "and keys keep their motions. Adding is one undo step."));
  m_question->setDetailedText(all.join(QLatin1Char('\n')));
  QPushButton* add =
      m_question->addButton(n == 1 ? tr("Add It") : tr("Add Them"), QMessageBox::AcceptRole);
  QPushButton* leave = m_question->addButton(n == 1 ? tr("Leave It Out") : tr("Leave Them Out"),
                                             QMessageBox::RejectRole);
  m_question->setDefaultButton(add);
  m_question->setEscapeButton(leave);
  m_question->setAttribute(Qt::WA_DeleteOnClose);
  // However the question closes (a button, Escape, the window's close button), it is answered.
  connect(m_question, &QMessageBox::finished, this, [this, add] {
    const bool adding = m_question && m_question->clickedButton() == add;
    m_question = nullptr;  // closing; deleted on close
    adding ? addHeld() : leaveOutHeld();
  });
  m_question->open();
}

void OpenedFilesGate::addHeld() {
  std::vector<Held> held = std::exchange(m_held, {});
  if (QMessageBox* question = std::exchange(m_question, nullptr)) question->close();
  if (held.empty()) return;
  QUndoStack* stack = m_project->undoStack();
  const int n = static_cast<int>(held.size());
  if (n > 1) stack->beginMacro(countText(n, tr("Add %1 motion"), tr("Add %1 motions")));
  for (Held& h : held) m_add(h.path, std::move(h.motion));
  if (n > 1) stack->endMacro();
  emit decided(n, 0);
}

void OpenedFilesGate::leaveOutHeld() {
  std::vector<Held> held = std::exchange(m_held, {});
  if (QMessageBox* question = std::exchange(m_question, nullptr)) question->close();
  if (!held.empty()) emit decided(0, static_cast<int>(held.size()));
}

}  // namespace mg
