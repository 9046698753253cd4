// SPDX-License-Identifier: MIT
#pragma once

#include <functional>
#include <memory>
#include <vector>

#include <deque>

#include <QObject>
#include <QString>
#include <QTimer>

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
//
// Files arrive faster than a UI frame can add them (500 takes read in seconds), so arrivals queue
// and are added a few per UI frame, each slice bounded by kSliceMs, the window drawing between
// slices; the batch's end waits for the queue.
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
  // The longest a slice of adding arrived motions runs on the UI thread before the next frame.
  static constexpr int kSliceMs = 30;

  // A file of the batch was read: queued, then added in the next slice or held (the reason is
  // kept for the question).
  void offer(const QString& path, std::shared_ptr<const Motion> motion);
  // The batch ended: once every queued motion is added or held, asks about the held files, if
  // any (a window-modal question, not blocking), and emits finished(). A cancelled batch still
  // adds what was read and fits, and drops what it held.
  void batchFinished(bool cancelled);
  // Read motions not yet added or held, or a batch's end not yet handled.
  bool busy() const { return !m_arrived.empty() || m_finishPending; }

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
  // The batch's end was handled (every motion it read added, held or asked about).
  void finished(bool cancelled);

 private:
  struct Held {
    QString path;
    std::shared_ptr<const Motion> motion;
    QString reason;
  };
  struct Arrived {
    QString path;
    std::shared_ptr<const Motion> motion;
  };
  void addSlice();
  void place(Arrived arrived);  // adds it or holds it
  void finishBatch(bool cancelled);
  void ask();

  Project* m_project;
  QWidget* m_parent;
  Add m_add;
  std::vector<Held> m_held;
  std::deque<Arrived> m_arrived;  // read, not yet placed
  QTimer m_slice;
  bool m_finishPending = false;
  bool m_finishCancelled = false;
  QStringList m_addedApart;  // this batch's misfits added at once (the project was empty)
  bool m_batchIntoEmpty = false;
  bool m_acceptBatch = false;
  bool m_interactive = true;
  QMessageBox* m_question = nullptr;
};

}  // namespace mg
