// SPDX-License-Identifier: MIT
#pragma once

#include <functional>
#include <memory>
#include <vector>

#include <QObject>
#include <QString>

#include "widgets/document/project.h"

class QMessageBox;
class QWidget;

namespace mg {

// Motions read from files the author opened, on their way into the project. A motion that fits
// (the working skeleton, skeleton_groups.h, at the working motions' frame rate; or any motion of
// an empty project) is added at once: it changes nothing the author made. One that does not fit
// (another skeleton, another rate) is held until the batch ends; then a question says which files
// and why, before any of them changes the project: "Add in Their Own Groups" adds them (one undo
// step; motions of another skeleton become a library group of their own, set aside by the kinds
// that need one skeleton, so hubs, nodes and keys already built keep their motions), "Leave Out"
// adds none. Nothing is decided silently. A batch opened into an empty project (such as the
// sample) can change nothing the author made: its misfits are added in their own groups at once,
// and addedApart() says which. Scripted runs (not interactive) add held files without asking and
// say so on stderr.
class OpenedFilesGate : public QObject {
  Q_OBJECT

 public:
  using Add = std::function<void(const QString& path, std::shared_ptr<const Motion> motion)>;
  // `add` puts one motion into the project (as File > Open always did); `project` and
  // `dialogParent` must outlive the gate.
  OpenedFilesGate(Project* project, QWidget* dialogParent, Add add);

  // A batch of files starts loading (not called for files joining a running batch).
  void batchStarted();
  // The batch started brings back files that were in the project (reloaded with other import
  // options): they are added whether they fit or not, without a question.
  void acceptBatch() { m_acceptBatch = true; }
  // A file of the batch was read: added now, or held (the reason is kept for the question).
  void offer(const QString& path, std::shared_ptr<const Motion> motion);
  // The batch ended: asks about the held files, if any (a window-modal question, not blocking).
  // A cancelled batch drops what it held.
  void batchFinished(bool cancelled);

  // Scripted runs (--quit-after-ms) never wait for an answer: held files are added at the batch's
  // end and listed on stderr.
  void setInteractive(bool interactive) { m_interactive = interactive; }

  // The question being asked, or null (tests press its buttons).
  QMessageBox* question() const { return m_question; }
  int heldCount() const { return static_cast<int>(m_held.size()); }
  // What the question's buttons do.
  void addHeld();
  void leaveOutHeld();

  // Why `motion` does not fit the project now (empty when it fits).
  QString misfit(const Motion& motion) const;

 signals:
  // The held files were decided: `added` of them are in the project, `left` were left out.
  void decided(int added, int left);
  // Files of a batch opened into an empty project were added though they do not fit the first
  // file: one line per file with the reason (they are in their own library groups).
  void addedApart(const QStringList& lines);

 private:
  struct Held {
    QString path;
    std::shared_ptr<const Motion> motion;
    QString reason;
  };
  void ask();

  Project* m_project;
  QWidget* m_parent;
  Add m_add;
  std::vector<Held> m_held;
  QStringList m_addedApart;  // this batch's misfits added at once (the project was empty)
  bool m_batchIntoEmpty = false;
  bool m_acceptBatch = false;
  bool m_interactive = true;
  QMessageBox* m_question = nullptr;
};

}  // namespace mg
